import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { episodesPodcast } from '#app/db/schema'
import { notFound } from '#app/lib/use-case-error'
import { releaseMedia } from '#app/media/release-media.server'
import { EPISODE_GONE } from './save-podcast-episode.server'

/**
 * Deletes a podcast episode (back-office spec §7 "episodes_podcast: delete") and releases its
 * image afterwards (issue #3 §4).
 *
 * @param id - the episode's id (a UUID).
 * @throws UseCaseError not-found when no episode has this id.
 */
export async function deletePodcastEpisode(id: string, executor: Executor = getDb()): Promise<void> {
  const [row] = await executor
    .delete(episodesPodcast)
    .where(eq(episodesPodcast.id, id))
    .returning({ image_url: episodesPodcast.image_url })
  if (!row) throw notFound(EPISODE_GONE)
  await releaseMedia([row.image_url])
}
