import type { Executor } from '#app/db/client.server'
import { episodesPodcast } from '#app/db/schema'
import { deleteRowWithImage } from '#app/services/rows.server'
import { EPISODE_GONE } from './save-podcast-episode.server'

/**
 * Deletes a podcast episode (back-office spec §7 "episodes_podcast: delete") and releases its
 * image afterwards (issue #3 §4).
 *
 * @param id - the episode's id (a UUID).
 * @throws UseCaseError not-found when no episode has this id.
 */
export async function deletePodcastEpisode(id: string, executor?: Executor): Promise<void> {
  await deleteRowWithImage(episodesPodcast, id, EPISODE_GONE, executor)
}
