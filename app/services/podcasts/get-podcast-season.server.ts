import { and, asc, eq, sql } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { episodesPodcast, saisonsPodcast } from '#app/db/schema'
import { isUuid } from '#app/lib/ids'
import type { ImageData } from '#app/lib/images'
import { PAGE_SIZE_SETTINGS } from '#app/lib/page-sizes'
import type { PageInfo } from '#app/lib/pagination'
import { resolveImages } from '#app/media/resolve-images.server'
import { readPage } from '#app/services/list-page.server'

/** A published episode as listed on its season's page. */
export type PodcastEpisodeSummary = {
  id: string
  titre: string
  /** Plain-text summary, or null. */
  resume: string | null
  image: ImageData | null
  /** ISO 8601 instant, or null when not set. */
  date_publication: string | null
  /** Free text as entered, e.g. "32 min". */
  duree: string | null
}

/** A displayed season with one page of its published episodes. */
export type PodcastSeasonPage = {
  season: { id: string; nom: string; description: string | null; image: ImageData | null }
  episodes: PodcastEpisodeSummary[]
  /** The page shown and the season's count of published episodes (`info.total`). */
  info: PageInfo
}

/**
 * A displayed season and its published episodes for /podcasts/saison/{saisonId} (public spec §2,
 * §4, §7): the season needs affichee true; episodes need publie true and are ordered by ordre, then
 * date_publication (oldest first, undated last), then titre, then id, one page of them (issue #35
 * §1). Images are resolved in one query.
 *
 * @param id - the route's saisonId; anything that is not a UUID is treated as unknown.
 * @param page - the page of episodes asked for (≥ 1; default 1).
 * @param pageSize - episodes per page (≥ 1; default the setting's default, 24).
 * @returns null when the id is malformed, unknown or the season is hidden (the page shows
 *   'Saison introuvable' with a 404); 'no-such-page' when `page` is past the last page.
 */
export async function getPodcastSeason(
  id: string,
  page = 1,
  pageSize = PAGE_SIZE_SETTINGS.saison.fallback,
): Promise<PodcastSeasonPage | 'no-such-page' | null> {
  if (!isUuid(id)) return null
  const db = getDb()
  const [season] = await db
    .select({
      id: saisonsPodcast.id,
      nom: saisonsPodcast.nom,
      description: saisonsPodcast.description,
      image_url: saisonsPodcast.image_url,
    })
    .from(saisonsPodcast)
    .where(and(eq(saisonsPodcast.id, id), eq(saisonsPodcast.affichee, true)))
    .limit(1)
  if (!season) return null
  const published = and(eq(episodesPodcast.saison_id, id), eq(episodesPodcast.publie, true))
  const listed = await readPage(
    page,
    pageSize,
    () => db.$count(episodesPodcast, published),
    (limit, offset) =>
      db
        .select({
          id: episodesPodcast.id,
          titre: episodesPodcast.titre,
          resume: episodesPodcast.resume,
          image_url: episodesPodcast.image_url,
          date_publication: episodesPodcast.date_publication,
          duree: episodesPodcast.duree,
        })
        .from(episodesPodcast)
        .where(published)
        .orderBy(
          asc(episodesPodcast.ordre),
          sql`${episodesPodcast.date_publication} asc nulls last`,
          asc(episodesPodcast.titre),
          asc(episodesPodcast.id),
        )
        .limit(limit)
        .offset(offset),
  )
  if (!listed) return 'no-such-page'
  const rows = listed.items
  const images = await resolveImages([season.image_url, ...rows.map((row) => row.image_url)])
  const image = (url: string | null) => (url ? (images.get(url) ?? null) : null)
  return {
    season: {
      id: season.id,
      nom: season.nom,
      description: season.description,
      image: image(season.image_url),
    },
    episodes: rows.map(({ image_url, date_publication, ...row }) => ({
      ...row,
      date_publication: date_publication?.toISOString() ?? null,
      image: image(image_url),
    })),
    info: listed.info,
  }
}
