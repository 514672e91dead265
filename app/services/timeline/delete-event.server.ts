import { evenements } from '#app/db/schema'
import { deleteRowWithImage } from '#app/services/rows.server'
import { EVENT_GONE } from './save-event.server'

/**
 * Deletes a timeline event (back-office spec §7 "evenements: delete by id"); its image file goes
 * too once no other row uses it (issue #3 §4).
 *
 * @param id - evenements.id (a UUID).
 * @throws UseCaseError not-found when no event has this id (nothing changed).
 */
export async function deleteEvent(id: string): Promise<void> {
  await deleteRowWithImage(evenements, id, EVENT_GONE)
}
