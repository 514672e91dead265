import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { episodesPodcast } from '#app/db/schema'

/**
 * Publishes or unpublishes a podcast episode (back-office spec §4 "episode publie: toggled by one
 * click", §7 "update publie").
 *
 * @param id - the episode's id (a UUID).
 * @param publie - the new state.
 * @returns false when no episode has this id.
 */
export async function setPodcastEpisodePublication(
  id: string,
  publie: boolean,
  executor: Executor = getDb(),
): Promise<boolean> {
  const rows = await executor
    .update(episodesPodcast)
    .set({ publie })
    .where(eq(episodesPodcast.id, id))
    .returning({ id: episodesPodcast.id })
  return rows.length > 0
}
