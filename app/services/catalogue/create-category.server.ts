import { type Executor, getDb } from '#app/db/client.server'
import { categories } from '#app/db/schema'
import type { CategoryInput } from '#app/lib/admin/catalogue-schema'
import { sanitizeOptionalRichText } from '#app/lib/sanitize.server'

/**
 * Creates a category (back-office spec §3 Category, §7 "create category"). The description is
 * sanitized on write (DESIGN.md §5); an empty description is stored as null.
 *
 * @param input - a category form that passed `categoryFormSchema` (nom, description HTML,
 *   image_url or null, ordre integer, affichee).
 * @returns the new row's id.
 * @throws the database error when the insert fails.
 */
export async function createCategory(input: CategoryInput, executor: Executor = getDb()): Promise<string> {
  const [row] = await executor
    .insert(categories)
    .values({ ...input, description: sanitizeOptionalRichText(input.description) })
    .returning({ id: categories.id })
  if (!row) throw new Error('Catégorie non créée')
  return row.id
}
