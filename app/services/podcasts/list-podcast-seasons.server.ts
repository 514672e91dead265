import { and, asc, count, eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { episodesPodcast, saisonsPodcast } from '#app/db/schema'
import type { ImageData } from '#app/lib/images'
import { resolveImages } from '#app/media/resolve-images.server'

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
 * Displayed podcast seasons for /podcasts (public spec §2, §4, §7: saisons_podcast with affichee
 * true, by ordre ascending, then nom), each with its count of published episodes and its image
 * resolved (one query for all images).
 */
export async function listPodcastSeasons(): Promise<PodcastSeasonCard[]> {
  const rows = await getDb()
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
    .where(eq(saisonsPodcast.affichee, true))
    .groupBy(saisonsPodcast.id)
    .orderBy(asc(saisonsPodcast.ordre), asc(saisonsPodcast.nom))
  const images = await resolveImages(rows.map((row) => row.image_url))
  return rows.map(({ image_url, ...row }) => ({
    ...row,
    episodeCount: Number(row.episodeCount),
    image: image_url ? (images.get(image_url) ?? null) : null,
  }))
}
