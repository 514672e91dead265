import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { episodesPodcast } from '#app/db/schema'
import { notFound } from '#app/lib/use-case-error'
import { EPISODE_GONE } from './save-podcast-episode.server'

/**
 * Publishes or unpublishes a podcast episode (back-office spec §4 "episode publie: toggled by one
 * click", §7 "update publie").
 *
 * @param id - the episode's id (a UUID).
 * @param publie - the new state.
 * @throws UseCaseError not-found when no episode has this id.
 */
export async function setPodcastEpisodePublication(
  id: string,
  publie: boolean,
  executor: Executor = getDb(),
): Promise<void> {
  const rows = await executor
    .update(episodesPodcast)
    .set({ publie })
    .where(eq(episodesPodcast.id, id))
    .returning({ id: episodesPodcast.id })
  if (rows.length === 0) throw notFound(EPISODE_GONE)
}
