import { asc, count, desc, eq, getTableColumns, type SQL } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { episodesPodcast, saisonsPodcast } from '#app/db/schema'
import type { ListParams, OrderedListSort } from '#app/lib/admin/list-params'
import type { PageInfo } from '#app/lib/pagination'
import { byName, matchesSearch, readListPage } from '#app/services/list-page.server'

/**
 * A season as the back-office table lists it (hidden ones included): its columns but the creation
 * instant (description: sanitized rich-text HTML or null), and its number of episodes, published
 * or not.
 */
export type AdminPodcastSeason = Omit<typeof saisonsPodcast.$inferSelect, 'cree_le'> & {
  episodeCount: number
}

const { cree_le: _createdAt, ...seasonColumns } = getTableColumns(saisonsPodcast)

/** Seasons per page of /admin/saisons-podcast (issue #35 §2). */
export const SEASONS_PAGE_SIZE = 25

const SEASON_ORDER = {
  ordre: [asc(saisonsPodcast.ordre), asc(saisonsPodcast.nom), asc(saisonsPodcast.id)],
  nom: [byName(saisonsPodcast.nom), asc(saisonsPodcast.id)],
  date: [desc(saisonsPodcast.cree_le), asc(saisonsPodcast.id)],
} satisfies Record<OrderedListSort, SQL[]>

/**
 * One page of podcast seasons for /admin/saisons-podcast (back-office spec §7 "saisons_podcast:
 * select ordered by ordre"; then by nom; issue #35 §2: or by name, or newest first), whose name
 * matches the search (accents ignored), each with its number of episodes (published or not). A
 * page past the end shows the last page.
 *
 * @param params - page, search and sort (default: page 1, no search, by ordre).
 * @param executor - database or transaction (default the shared database).
 * @returns `{ seasons, info }`.
 */
export async function listAdminPodcastSeasons(
  params: ListParams<OrderedListSort> = { page: 1, q: '', sort: 'ordre' },
  executor: Executor = getDb(),
): Promise<{ seasons: AdminPodcastSeason[]; info: PageInfo }> {
  const where = matchesSearch(params.q, [saisonsPodcast.nom])
  const { rows, info } = await readListPage(
    params.page,
    SEASONS_PAGE_SIZE,
    () => executor.$count(saisonsPodcast, where),
    (limit, offset) =>
      executor
        .select({ ...seasonColumns, episodeCount: count(episodesPodcast.id) })
        .from(saisonsPodcast)
        .leftJoin(episodesPodcast, eq(episodesPodcast.saison_id, saisonsPodcast.id))
        .where(where)
        .groupBy(saisonsPodcast.id)
        .orderBy(...SEASON_ORDER[params.sort])
        .limit(limit)
        .offset(offset),
  )
  return { seasons: rows.map((row) => ({ ...row, episodeCount: Number(row.episodeCount) })), info }
}
