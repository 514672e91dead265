import type { Executor } from '#app/db/client.server'
import { evenements } from '#app/db/schema'
import { setRowFlag } from '#app/services/rows.server'
import { EVENT_GONE } from './save-event.server'

/**
 * Shows or hides a timeline event on /parcours (back-office spec §7 "evenements: update affiche").
 *
 * @param id - evenements.id (a UUID).
 * @param affiche - true to show it publicly.
 * @throws UseCaseError not-found when no event has this id (nothing changed).
 */
export function setEventVisibility(id: string, affiche: boolean, executor?: Executor): Promise<void> {
  return setRowFlag(evenements, id, { affiche }, EVENT_GONE, executor)
}
