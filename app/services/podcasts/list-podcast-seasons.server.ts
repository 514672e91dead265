import { and, asc, count, eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { episodesPodcast, saisonsPodcast } from '#app/db/schema'
import type { ImageData } from '#app/lib/images'
import { PAGE_SIZE_SETTINGS } from '#app/lib/page-sizes'
import { resolveImages } from '#app/media/resolve-images.server'
import { type ListPage, readPage } from '#app/services/list-page.server'

/** A displayed season as a /podcasts card. */
export type PodcastSeasonCard = {
  id: string
  nom: string
  /** Sanitized rich-text HTML, or null. */
  description: string | null
  image: ImageData | null
  /** Number of published episodes in the season. */
  episodeCount: number
}

/**
 * One page of the displayed podcast seasons for /podcasts (public spec §2, §4, §7: saisons_podcast
 * with affichee true, by ordre ascending, then nom, then id; issue #35 §1), each with its count of
 * published episodes and its image resolved (one query for all images).
 *
 * @param page - the page asked for (≥ 1; default 1).
 * @param pageSize - seasons per page (≥ 1; default the setting's default, 12).
 * @returns the page, or null when `page` is past the last page.
 * @throws the database error when a query fails.
 */
export async function listPodcastSeasons(
  page = 1,
  pageSize = PAGE_SIZE_SETTINGS.podcasts.fallback,
): Promise<ListPage<PodcastSeasonCard> | null> {
  const db = getDb()
  const shown = eq(saisonsPodcast.affichee, true)
  const listed = await readPage(
    page,
    pageSize,
    () => db.$count(saisonsPodcast, shown),
    (limit, offset) =>
      db
        .select({
          id: saisonsPodcast.id,
          nom: saisonsPodcast.nom,
          description: saisonsPodcast.description,
          image_url: saisonsPodcast.image_url,
          episodeCount: count(episodesPodcast.id),
        })
        .from(saisonsPodcast)
        .leftJoin(
          episodesPodcast,
          and(eq(episodesPodcast.saison_id, saisonsPodcast.id), eq(episodesPodcast.publie, true)),
        )
        .where(shown)
        .groupBy(saisonsPodcast.id)
        .orderBy(asc(saisonsPodcast.ordre), asc(saisonsPodcast.nom), asc(saisonsPodcast.id))
        .limit(limit)
        .offset(offset),
  )
  if (!listed) return null
  const images = await resolveImages(listed.items.map((row) => row.image_url))
  return {
    info: listed.info,
    items: listed.items.map(({ image_url, ...row }) => ({
      ...row,
      episodeCount: Number(row.episodeCount),
      image: image_url ? (images.get(image_url) ?? null) : null,
    })),
  }
}
