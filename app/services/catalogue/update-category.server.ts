import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { categories } from '#app/db/schema'
import type { CategoryInput } from '#app/lib/admin/catalogue-schema'
import { isUuid } from '#app/lib/ids'
import { sanitizeRichText } from '#app/lib/sanitize.server'
import { releaseMedia } from '#app/media/release-media.server'

/**
 * Changes a category's nom, ordre, affichee, description and image (back-office spec §2 "The card
 * edit form", §7 "update category by id"). The description is sanitized on write; the image it
 * replaced or removed is deleted once no row uses it (after the commit).
 *
 * @param id - the category id (anything; a malformed id is "not found").
 * @param input - a category form that passed `categoryFormSchema`.
 * @returns true when the category was updated, false when it does not exist.
 * @throws the database error when the update fails (nothing is changed then).
 */
export async function updateCategory(
  id: string,
  input: CategoryInput,
  executor: Executor = getDb(),
): Promise<boolean> {
  if (!isUuid(id)) return false
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
  if (previousImage === undefined) return false
  if (previousImage && previousImage !== input.image_url) await releaseMedia([previousImage], executor)
  return true
}
