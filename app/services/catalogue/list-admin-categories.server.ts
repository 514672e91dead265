import { asc, count, desc, eq, getTableColumns, type SQL } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { categories, oeuvres } from '#app/db/schema'
import type { ListParams, OrderedListSort } from '#app/lib/admin/list-params'
import type { ImageData } from '#app/lib/images'
import type { PageInfo } from '#app/lib/pagination'
import { resolveImages } from '#app/media/resolve-images.server'
import { byName, matchesSearch, readListPage } from '#app/services/list-page.server'

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

/** Categories per page of /admin/categories (issue #35 §2). */
export const CATEGORIES_PAGE_SIZE = 24

const CATEGORY_ORDER = {
  ordre: [asc(categories.ordre), asc(categories.nom), asc(categories.id)],
  nom: [byName(categories.nom), asc(categories.id)],
  date: [desc(categories.cree_le), asc(categories.id)],
} satisfies Record<OrderedListSort, SQL[]>

/**
 * One page of categories, visible or hidden, for /admin/categories (issue #35 §2): ordered by
 * ordre, then nom, then id (the public order, spec §7), or by name, or newest first; whose name
 * matches the search (accents ignored); with the number of artworks of each. A page past the end
 * shows the last page.
 *
 * @param params - page, search and sort (default: page 1, no search, by ordre).
 * @returns `{ categories, info }`.
 * @throws the database error when a query fails.
 */
export async function listAdminCategories(
  params: ListParams<OrderedListSort> = { page: 1, q: '', sort: 'ordre' },
  executor: Executor = getDb(),
): Promise<{ categories: AdminCategory[]; info: PageInfo }> {
  const where = matchesSearch(params.q, [categories.nom])
  const { rows, info } = await readListPage(
    params.page,
    CATEGORIES_PAGE_SIZE,
    () => executor.$count(categories, where),
    (limit, offset) =>
      executor
        .select({ ...getTableColumns(categories), artworkCount: count(oeuvres.id) })
        .from(categories)
        .leftJoin(oeuvres, eq(oeuvres.categorie_id, categories.id))
        .where(where)
        .groupBy(categories.id)
        .orderBy(...CATEGORY_ORDER[params.sort])
        .limit(limit)
        .offset(offset),
  )
  const images = await resolveImages(rows.map((row) => row.image_url))
  return {
    info,
    categories: rows.map(({ cree_le: _createdAt, ...row }) => ({
      ...row,
      description: row.description?.trim() || null,
      image: row.image_url ? (images.get(row.image_url) ?? null) : null,
      artworkCount: Number(row.artworkCount),
    })),
  }
}
