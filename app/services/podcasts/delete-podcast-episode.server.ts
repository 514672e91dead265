import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { episodesPodcast } from '#app/db/schema'
import { releaseMedia } from '#app/media/release-media.server'

/**
 * Deletes a podcast episode (back-office spec §7 "episodes_podcast: delete") and releases its
 * image afterwards (issue #3 §4).
 *
 * @param id - the episode's id (a UUID).
 * @returns false when no episode has this id.
 */
export async function deletePodcastEpisode(id: string, executor: Executor = getDb()): Promise<boolean> {
  const [row] = await executor
    .delete(episodesPodcast)
    .where(eq(episodesPodcast.id, id))
    .returning({ image_url: episodesPodcast.image_url })
  if (!row) return false
  await releaseMedia([row.image_url])
  return true
}
