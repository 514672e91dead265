import { asc, count, eq, getTableColumns } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { episodesPodcast, saisonsPodcast } from '#app/db/schema'

/**
 * A season as the back-office table lists it (hidden ones included): its columns but the creation
 * instant (description: sanitized rich-text HTML or null), and its number of episodes, published
 * or not.
 */
export type AdminPodcastSeason = Omit<typeof saisonsPodcast.$inferSelect, 'cree_le'> & {
  episodeCount: number
}

const { cree_le: _createdAt, ...seasonColumns } = getTableColumns(saisonsPodcast)

/**
 * Every podcast season for /admin/saisons-podcast (back-office spec §7 "saisons_podcast: select
 * ordered by ordre"; then by nom), each with its number of episodes (published or not).
 *
 * @param executor - database or transaction (default the shared database).
 */
export async function listAdminPodcastSeasons(executor: Executor = getDb()): Promise<AdminPodcastSeason[]> {
  const rows = await executor
    .select({ ...seasonColumns, episodeCount: count(episodesPodcast.id) })
    .from(saisonsPodcast)
    .leftJoin(episodesPodcast, eq(episodesPodcast.saison_id, saisonsPodcast.id))
    .groupBy(saisonsPodcast.id)
    .orderBy(asc(saisonsPodcast.ordre), asc(saisonsPodcast.nom), asc(saisonsPodcast.id))
  return rows.map((row) => ({ ...row, episodeCount: Number(row.episodeCount) }))
}
