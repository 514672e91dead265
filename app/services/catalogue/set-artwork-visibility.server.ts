import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { oeuvres } from '#app/db/schema'
import { isUuid } from '#app/lib/ids'
import { notFound } from '#app/lib/use-case-error'
import { ARTWORK_GONE } from './create-artwork.server'

/**
 * Shows or hides an artwork on the public site in one click (back-office spec §3 affichee; public
 * spec §4: a hidden artwork leaves its category page and its own page answers 404).
 *
 * @param id - the artwork id (anything; a malformed id is "not found").
 * @param affichee - true to show, false to hide.
 * @throws UseCaseError not-found when no artwork has this id.
 */
export async function setArtworkVisibility(
  id: string,
  affichee: boolean,
  executor: Executor = getDb(),
): Promise<void> {
  if (!isUuid(id)) throw notFound(ARTWORK_GONE)
  const rows = await executor
    .update(oeuvres)
    .set({ affichee })
    .where(eq(oeuvres.id, id))
    .returning({ id: oeuvres.id })
  if (rows.length === 0) throw notFound(ARTWORK_GONE)
}
