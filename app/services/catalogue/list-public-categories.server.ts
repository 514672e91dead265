import { asc, eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { categories } from '#app/db/schema'
import { resolveImages } from '#app/media/resolve-images.server'
import type { PublicCategory } from './types'

/**
 * The displayed categories for /portfolio (public spec §2, §4, §7): affichee true, ordered by
 * ordre ascending then nom (then id, so equal rows keep a stable order). One query, plus one
 * image lookup for all the category images.
 *
 * @returns the categories, possibly empty.
 * @throws the database error when the query fails (the page shows its 'Erreur' fallback, spec §8).
 */
export async function listPublicCategories(): Promise<PublicCategory[]> {
  const rows = await getDb()
    .select({
      id: categories.id,
      nom: categories.nom,
      description: categories.description,
      image_url: categories.image_url,
    })
    .from(categories)
    .where(eq(categories.affichee, true))
    .orderBy(asc(categories.ordre), asc(categories.nom), asc(categories.id))
  const images = await resolveImages(rows.map((row) => row.image_url?.trim()))
  return rows.map((row) => ({
    id: row.id,
    nom: row.nom,
    description: row.description?.trim() || null,
    image: images.get(row.image_url?.trim() ?? '') ?? null,
  }))
}
