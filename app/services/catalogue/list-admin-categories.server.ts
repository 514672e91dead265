import { asc, count, eq, getTableColumns } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { categories, oeuvres } from '#app/db/schema'
import type { ImageData } from '#app/lib/images'
import { resolveImages } from '#app/media/resolve-images.server'

/**
 * A category as the back-office screen shows and edits it (back-office spec §2 "Categories"): its
 * columns but the creation instant (description: sanitized rich-text HTML or null), its image with
 * the variants (null: 'placeholder icon'), and how many artworks belong to it (they lose their
 * category when it is deleted).
 */
export type AdminCategory = Omit<typeof categories.$inferSelect, 'cree_le'> & {
  image: ImageData | null
  artworkCount: number
}

/**
 * Every category, visible or hidden, for /admin/categories: ordered by ordre, then nom, then id
 * (the public order, spec §7), with the number of artworks of each. One query plus one image lookup.
 *
 * @returns the categories, possibly empty.
 * @throws the database error when the query fails.
 */
export async function listAdminCategories(executor: Executor = getDb()): Promise<AdminCategory[]> {
  const rows = await executor
    .select({ ...getTableColumns(categories), artworkCount: count(oeuvres.id) })
    .from(categories)
    .leftJoin(oeuvres, eq(oeuvres.categorie_id, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(categories.ordre), asc(categories.nom), asc(categories.id))
  const images = await resolveImages(rows.map((row) => row.image_url))
  return rows.map(({ cree_le: _createdAt, ...row }) => ({
    ...row,
    description: row.description?.trim() || null,
    image: row.image_url ? (images.get(row.image_url) ?? null) : null,
    artworkCount: Number(row.artworkCount),
  }))
}
