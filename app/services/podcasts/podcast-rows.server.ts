import type { EpisodeInput, SeasonInput } from '#app/lib/admin/podcast-schema'
import type { RowCommands } from '#app/services/rows.server'
import { deletePodcastEpisode } from './delete-podcast-episode.server'
import { deletePodcastSeason } from './delete-podcast-season.server'
import { createPodcastEpisode, updatePodcastEpisode } from './save-podcast-episode.server'
import { createPodcastSeason, updatePodcastSeason } from './save-podcast-season.server'
import { setPodcastEpisodePublication } from './set-podcast-episode-publication.server'
import { setPodcastSeasonVisibility } from './set-podcast-season-visibility.server'

/** The season screen's use cases (back-office spec §7 "saisons_podcast"), for its `rowIntents`. */
export const seasonRows: RowCommands<SeasonInput> = {
  create: createPodcastSeason,
  update: updatePodcastSeason,
  remove: deletePodcastSeason,
  setVisibility: setPodcastSeasonVisibility,
}

/**
 * The episode screen's use cases (back-office spec §7 "episodes_podcast"), for its `rowIntents`;
 * showing an episode publishes it.
 *
 * @param timeZone - IANA zone (SITE_TIMEZONE): a publication day starts at its midnight.
 */
export function episodeRows(timeZone: string): RowCommands<EpisodeInput> {
  return {
    create: (episode) => createPodcastEpisode(episode, timeZone),
    update: (id, episode) => updatePodcastEpisode(id, episode, timeZone),
    remove: deletePodcastEpisode,
    setVisibility: setPodcastEpisodePublication,
  }
}
