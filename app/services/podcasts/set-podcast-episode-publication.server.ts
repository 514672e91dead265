import type { Executor } from '#app/db/client.server'
import { episodesPodcast } from '#app/db/schema'
import { setRowFlag } from '#app/services/rows.server'
import { EPISODE_GONE } from './save-podcast-episode.server'

/**
 * Publishes or unpublishes a podcast episode (back-office spec §4 "episode publie: toggled by one
 * click", §7 "update publie").
 *
 * @param id - the episode's id (a UUID).
 * @param publie - the new state.
 * @throws UseCaseError not-found when no episode has this id.
 */
export function setPodcastEpisodePublication(
  id: string,
  publie: boolean,
  executor?: Executor,
): Promise<void> {
  return setRowFlag(episodesPodcast, id, { publie }, EPISODE_GONE, executor)
}
