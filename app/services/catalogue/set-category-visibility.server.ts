import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { categories } from '#app/db/schema'
import { isUuid } from '#app/lib/ids'

/**
 * Shows or hides a category on the public site in one click (back-office spec §4 "Visibility is
 * toggled with a 'Catégorie visible' / 'Visible' switch"; public spec §4: a hidden category and
 * its artworks leave the portfolio).
 *
 * @param id - the category id (anything; a malformed id is "not found").
 * @param affichee - true to show, false to hide.
 * @returns true when the category exists (and now has that visibility), false otherwise.
 */
export async function setCategoryVisibility(
  id: string,
  affichee: boolean,
  executor: Executor = getDb(),
): Promise<boolean> {
  if (!isUuid(id)) return false
  const rows = await executor
    .update(categories)
    .set({ affichee })
    .where(eq(categories.id, id))
    .returning({ id: categories.id })
  return rows.length > 0
}
