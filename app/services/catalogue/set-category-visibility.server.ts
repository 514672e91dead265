import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { categories } from '#app/db/schema'
import { isUuid } from '#app/lib/ids'
import { notFound } from '#app/lib/use-case-error'
import { CATEGORY_GONE } from './update-category.server'

/**
 * Shows or hides a category on the public site in one click (back-office spec §4 "Visibility is
 * toggled with a 'Catégorie visible' / 'Visible' switch"; public spec §4: a hidden category and
 * its artworks leave the portfolio).
 *
 * @param id - the category id (anything; a malformed id is "not found").
 * @param affichee - true to show, false to hide.
 * @throws UseCaseError not-found when no category has this id.
 */
export async function setCategoryVisibility(
  id: string,
  affichee: boolean,
  executor: Executor = getDb(),
): Promise<void> {
  if (!isUuid(id)) throw notFound(CATEGORY_GONE)
  const rows = await executor
    .update(categories)
    .set({ affichee })
    .where(eq(categories.id, id))
    .returning({ id: categories.id })
  if (rows.length === 0) throw notFound(CATEGORY_GONE)
}
