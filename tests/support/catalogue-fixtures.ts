import { getDb } from '#app/db/client.server'
import { categories, oeuvres } from '#app/db/schema'

type CategoryInsert = typeof categories.$inferInsert
type ArtworkInsert = typeof oeuvres.$inferInsert

/** Inserts a category for a test (defaults: displayed, ordre 0). @returns the stored row. */
export async function insertCategory(values: Partial<CategoryInsert> & { nom: string }) {
  const [row] = await getDb().insert(categories).values(values).returning()
  if (!row) throw new Error('catégorie non insérée')
  return row
}

/** Inserts an artwork for a test (defaults: displayed, disponible, ordre 0). @returns the stored row. */
export async function insertArtwork(values: Partial<ArtworkInsert> & { nom: string }) {
  const [row] = await getDb().insert(oeuvres).values(values).returning()
  if (!row) throw new Error('œuvre non insérée')
  return row
}
