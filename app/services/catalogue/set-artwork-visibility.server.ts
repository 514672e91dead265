import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { oeuvres } from '#app/db/schema'
import { isUuid } from '#app/lib/ids'

/**
 * Shows or hides an artwork on the public site in one click (back-office spec §3 affichee; public
 * spec §4: a hidden artwork leaves its category page and its own page answers 404).
 *
 * @param id - the artwork id (anything; a malformed id is "not found").
 * @param affichee - true to show, false to hide.
 * @returns true when the artwork exists (and now has that visibility), false otherwise.
 */
export async function setArtworkVisibility(
  id: string,
  affichee: boolean,
  executor: Executor = getDb(),
): Promise<boolean> {
  if (!isUuid(id)) return false
  const rows = await executor
    .update(oeuvres)
    .set({ affichee })
    .where(eq(oeuvres.id, id))
    .returning({ id: oeuvres.id })
  return rows.length > 0
}
