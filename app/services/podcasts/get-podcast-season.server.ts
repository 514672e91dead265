import { and, asc, eq, sql } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { episodesPodcast, saisonsPodcast } from '#app/db/schema'
import { isUuid } from '#app/lib/ids'
import type { ImageData } from '#app/lib/images'
import { resolveImages } from '#app/media/resolve-images.server'

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

/** A displayed season with its published episodes. */
export type PodcastSeasonPage = {
  season: { id: string; nom: string; description: string | null; image: ImageData | null }
  episodes: PodcastEpisodeSummary[]
}

/**
 * A displayed season and its published episodes for /podcasts/saison/{saisonId} (public spec §2,
 * §4, §7): the season needs affichee true; episodes need publie true and are ordered by ordre, then
 * date_publication (oldest first, undated last), then titre. Images are resolved in one query.
 *
 * @param id - the route's saisonId; anything that is not a UUID is treated as unknown.
 * @returns null when the id is malformed, unknown or the season is hidden (the page shows
 *   'Saison introuvable' with a 404).
 */
export async function getPodcastSeason(id: string): Promise<PodcastSeasonPage | null> {
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
  const rows = await db
    .select({
      id: episodesPodcast.id,
      titre: episodesPodcast.titre,
      resume: episodesPodcast.resume,
      image_url: episodesPodcast.image_url,
      date_publication: episodesPodcast.date_publication,
      duree: episodesPodcast.duree,
    })
    .from(episodesPodcast)
    .where(and(eq(episodesPodcast.saison_id, id), eq(episodesPodcast.publie, true)))
    .orderBy(
      asc(episodesPodcast.ordre),
      sql`${episodesPodcast.date_publication} asc nulls last`,
      asc(episodesPodcast.titre),
    )
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
  }
}
