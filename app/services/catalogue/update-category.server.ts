import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { categories } from '#app/db/schema'
import type { CategoryInput } from '#app/lib/admin/catalogue-schema'
import { isUuid } from '#app/lib/ids'
import { sanitizeRichText } from '#app/lib/sanitize.server'
import { notFound } from '#app/lib/use-case-error'
import { releaseMedia } from '#app/media/release-media.server'

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
export async function updateCategory(
  id: string,
  input: CategoryInput,
  executor: Executor = getDb(),
): Promise<void> {
  if (!isUuid(id)) throw notFound(CATEGORY_GONE)
  const previousImage = await executor.transaction(async (tx) => {
    const [previous] = await tx
      .select({ image_url: categories.image_url })
      .from(categories)
      .where(eq(categories.id, id))
      .for('update')
    if (!previous) return undefined
    await tx
      .update(categories)
      .set({ ...input, description: sanitizeRichText(input.description).trim() || null })
      .where(eq(categories.id, id))
    return previous.image_url
  })
  if (previousImage === undefined) throw notFound(CATEGORY_GONE)
  if (previousImage && previousImage !== input.image_url) await releaseMedia([previousImage], executor)
}
