import type { Executor } from '#app/db/client.server'
import { categories } from '#app/db/schema'
import { deleteRowWithImage } from '#app/services/rows.server'
import { CATEGORY_GONE } from './update-category.server'

/**
 * Deletes a category (back-office spec §5, §7 "delete category by id"). Its artworks are kept,
 * without a category (the foreign key oeuvres.categorie_id is ON DELETE SET NULL): they stay on
 * the public site by their own URL but no longer appear in any category page. The category's
 * image is deleted once no row uses it.
 *
 * @param id - the category id (anything; a malformed id is "not found").
 * @returns the deleted category's nom.
 * @throws UseCaseError not-found when no category has this id.
 * @throws the database error when the delete fails.
 */
export async function deleteCategory(id: string, executor?: Executor): Promise<string> {
  const deleted = await deleteRowWithImage(categories, id, CATEGORY_GONE, executor)
  return deleted.nom
}
