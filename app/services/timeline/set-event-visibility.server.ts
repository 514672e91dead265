import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { evenements } from '#app/db/schema'

/**
 * Shows or hides a timeline event on /parcours (back-office spec §7 "evenements: update affiche").
 *
 * @param id - evenements.id (a UUID).
 * @param affiche - true to show it publicly.
 * @returns false when no event has this id.
 */
export async function setEventVisibility(
  id: string,
  affiche: boolean,
  executor: Executor = getDb(),
): Promise<boolean> {
  const rows = await executor
    .update(evenements)
    .set({ affiche })
    .where(eq(evenements.id, id))
    .returning({ id: evenements.id })
  return rows.length > 0
}
