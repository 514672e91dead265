import { asc } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { categories } from '#app/db/schema'

/**
 * Every category (visible or hidden) as a choice of the artwork screen's filter and form, in the
 * public order: ordre, then nom, then id.
 *
 * @returns `{ id, nom, affichee }` of each category, possibly empty.
 */
export async function listCategoryOptions(
  executor: Executor = getDb(),
): Promise<Array<{ id: string; nom: string; affichee: boolean }>> {
  return executor
    .select({ id: categories.id, nom: categories.nom, affichee: categories.affichee })
    .from(categories)
    .orderBy(asc(categories.ordre), asc(categories.nom), asc(categories.id))
}
