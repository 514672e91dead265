import { asc, desc, eq, type SQL, sql } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { episodesPodcast, saisonsPodcast } from '#app/db/schema'
import type { ListParams, OrderedListSort } from '#app/lib/admin/list-params'
import type { PageInfo } from '#app/lib/pagination'
import { publicationDayOf } from '#app/lib/time-zone'
import { byName, matchesSearch, readListPage } from '#app/services/list-page.server'

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

/** Episodes per page of /admin/episodes-podcast (issue #35 §2). */
export const EPISODES_PAGE_SIZE = 25

const EPISODE_ORDER = {
  ordre: [
    asc(episodesPodcast.ordre),
    sql`${episodesPodcast.date_publication} asc nulls last`,
    asc(episodesPodcast.titre),
    asc(episodesPodcast.id),
  ],
  nom: [byName(episodesPodcast.titre), asc(episodesPodcast.id)],
  date: [
    sql`${episodesPodcast.date_publication} desc nulls last`,
    desc(episodesPodcast.cree_le),
    asc(episodesPodcast.id),
  ],
} satisfies Record<OrderedListSort, SQL[]>

/**
 * One page of podcast episodes for /admin/episodes-podcast (back-office spec §7 "episodes_podcast";
 * issue #35 §2), published or not, with their season: by ordre (then publication day, titre), by
 * title or newest publication first; whose title matches the search (accents ignored). Also every
 * season (id, nom) for the form's select, by ordre then nom. A page past the end shows the last.
 *
 * @param timeZone - the site's IANA time zone: publication days are read in it.
 * @param params - page, search and sort (default: page 1, no search, by ordre).
 * @returns `{ episodes, seasons, info }`.
 */
export async function listAdminPodcastEpisodes(
  timeZone: string,
  params: ListParams<OrderedListSort> = { page: 1, q: '', sort: 'ordre' },
  executor: Executor = getDb(),
): Promise<{ episodes: AdminPodcastEpisode[]; seasons: Array<{ id: string; nom: string }>; info: PageInfo }> {
  const where = matchesSearch(params.q, [episodesPodcast.titre])
  const [{ rows, info }, seasons] = await Promise.all([
    readListPage(
      params.page,
      EPISODES_PAGE_SIZE,
      () => executor.$count(episodesPodcast, where),
      (limit, offset) =>
        executor
          .select({ episode: episodesPodcast, seasonNom: saisonsPodcast.nom })
          .from(episodesPodcast)
          .leftJoin(saisonsPodcast, eq(saisonsPodcast.id, episodesPodcast.saison_id))
          .where(where)
          .orderBy(...EPISODE_ORDER[params.sort])
          .limit(limit)
          .offset(offset),
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
    info,
  }
}
