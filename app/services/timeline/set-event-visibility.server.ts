import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { evenements } from '#app/db/schema'
import { notFound } from '#app/lib/use-case-error'
import { EVENT_GONE } from './save-event.server'

/**
 * Shows or hides a timeline event on /parcours (back-office spec §7 "evenements: update affiche").
 *
 * @param id - evenements.id (a UUID).
 * @param affiche - true to show it publicly.
 * @throws UseCaseError not-found when no event has this id (nothing changed).
 */
export async function setEventVisibility(
  id: string,
  affiche: boolean,
  executor: Executor = getDb(),
): Promise<void> {
  const rows = await executor
    .update(evenements)
    .set({ affiche })
    .where(eq(evenements.id, id))
    .returning({ id: evenements.id })
  if (rows.length === 0) throw notFound(EVENT_GONE)
}
