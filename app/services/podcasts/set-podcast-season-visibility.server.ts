import type { Executor } from '#app/db/client.server'
import { saisonsPodcast } from '#app/db/schema'
import { setRowFlag } from '#app/services/rows.server'
import { SEASON_GONE } from './save-podcast-season.server'

/**
 * Shows or hides a podcast season on the public site (back-office spec §4 "Season affichee:
 * toggled by one click", §7 "update affichee").
 *
 * @param id - the season's id (a UUID).
 * @param affichee - the new visibility.
 * @throws UseCaseError not-found when no season has this id.
 */
export function setPodcastSeasonVisibility(
  id: string,
  affichee: boolean,
  executor?: Executor,
): Promise<void> {
  return setRowFlag(saisonsPodcast, id, { affichee }, SEASON_GONE, executor)
}
