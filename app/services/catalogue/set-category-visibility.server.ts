import type { Executor } from '#app/db/client.server'
import { categories } from '#app/db/schema'
import { setRowFlag } from '#app/services/rows.server'
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
export function setCategoryVisibility(id: string, affichee: boolean, executor?: Executor): Promise<void> {
  return setRowFlag(categories, id, { affichee }, CATEGORY_GONE, executor)
}
