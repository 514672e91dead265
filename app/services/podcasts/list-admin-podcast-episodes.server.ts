import { asc, eq, sql } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { episodesPodcast, saisonsPodcast } from '#app/db/schema'
import { publicationDayOf } from '#app/lib/time-zone'

/** An episode as the back-office table and its edit form use it. */
export type AdminPodcastEpisode = {
  id: string
  titre: string
  saison_id: string | null
  /** The joined season, or null when the episode has none. */
  season: { id: string; nom: string } | null
  resume: string | null
  /** Sanitized rich-text HTML, or null. */
  description: string | null
  transcription: string | null
  image_url: string | null
  code_player_html: string | null
  duree: string | null
  /** Publication day "YYYY-MM-DD" in the site's time zone, or '' when not set. */
  date_publication: string
  publie: boolean
  ordre: number
}

/**
 * Every podcast episode for /admin/episodes-podcast with its season joined (back-office spec §7
 * "episodes_podcast: select with linked season ordered by ordre"; then by publication date and
 * titre), plus the seasons for the form's select.
 *
 * @param timeZone - IANA zone (SITE_TIMEZONE) in which publication days are given.
 * @param executor - database or transaction (default the shared database).
 * @returns episodes, and seasons `{ id, nom }` by ordre.
 */
export async function listAdminPodcastEpisodes(
  timeZone: string,
  executor: Executor = getDb(),
): Promise<{ episodes: AdminPodcastEpisode[]; seasons: Array<{ id: string; nom: string }> }> {
  const [rows, seasons] = await Promise.all([
    executor
      .select({ episode: episodesPodcast, seasonNom: saisonsPodcast.nom })
      .from(episodesPodcast)
      .leftJoin(saisonsPodcast, eq(saisonsPodcast.id, episodesPodcast.saison_id))
      .orderBy(
        asc(episodesPodcast.ordre),
        sql`${episodesPodcast.date_publication} asc nulls last`,
        asc(episodesPodcast.titre),
        asc(episodesPodcast.id),
      ),
    executor
      .select({ id: saisonsPodcast.id, nom: saisonsPodcast.nom })
      .from(saisonsPodcast)
      .orderBy(asc(saisonsPodcast.ordre), asc(saisonsPodcast.nom)),
  ])
  return {
    episodes: rows.map(({ episode: { cree_le: _created, date_publication, ...episode }, seasonNom }) => ({
      ...episode,
      season: episode.saison_id && seasonNom !== null ? { id: episode.saison_id, nom: seasonNom } : null,
      date_publication: publicationDayOf(date_publication, timeZone),
    })),
    seasons,
  }
}
