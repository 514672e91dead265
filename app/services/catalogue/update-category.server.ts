import type { Executor } from '#app/db/client.server'
import { categories } from '#app/db/schema'
import type { CategoryInput } from '#app/lib/admin/catalogue-schema'
import { sanitizeOptionalRichText } from '#app/lib/sanitize.server'
import { updateRowWithImage } from '#app/services/rows.server'

/** What the screen says when the category it works on was deleted meanwhile. */
export const CATEGORY_GONE = 'Catégorie introuvable.'

/**
 * Changes a category's nom, ordre, affichee, description and image (back-office spec §2 "The card
 * edit form", §7 "update category by id"). The description is sanitized on write; the image it
 * replaced or removed is deleted once no row uses it (after the commit).
 *
 * @param id - the category id (anything; a malformed id is "not found").
 * @param input - a category form that passed `categoryFormSchema`.
 * @throws UseCaseError not-found when no category has this id (nothing changed).
 * @throws the database error when the update fails (nothing is changed then).
 */
export function updateCategory(id: string, input: CategoryInput, executor?: Executor): Promise<void> {
  const values = { ...input, description: sanitizeOptionalRichText(input.description) }
  return updateRowWithImage(categories, id, values, CATEGORY_GONE, { executor })
}
