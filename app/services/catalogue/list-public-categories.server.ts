import { asc, eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { categories } from '#app/db/schema'
import { PAGE_SIZE_SETTINGS } from '#app/lib/page-sizes'
import { resolveImages } from '#app/media/resolve-images.server'
import { type ListPage, readPage } from '#app/services/list-page.server'
import type { PublicCategory } from './types'

/**
 * One page of the displayed categories for /portfolio (public spec §2, §4, §7; issue #35 §1):
 * affichee true, ordered by ordre ascending then nom (then id, so equal rows keep a stable
 * order). A count, one query for the page's rows, plus one image lookup for the page's images.
 *
 * @param page - the page asked for (≥ 1; default 1).
 * @param pageSize - categories per page (≥ 1; default the setting's default, 12).
 * @returns the page (page 1 of an empty list when none is displayed), or null when `page` is past
 *   the last page.
 * @throws the database error when a query fails (the page shows its 'Erreur' fallback, spec §8).
 */
export async function listPublicCategories(
  page = 1,
  pageSize = PAGE_SIZE_SETTINGS.portfolio.fallback,
): Promise<ListPage<PublicCategory> | null> {
  const db = getDb()
  const shown = eq(categories.affichee, true)
  const listed = await readPage(
    page,
    pageSize,
    () => db.$count(categories, shown),
    (limit, offset) =>
      db
        .select({
          id: categories.id,
          nom: categories.nom,
          description: categories.description,
          image_url: categories.image_url,
        })
        .from(categories)
        .where(shown)
        .orderBy(asc(categories.ordre), asc(categories.nom), asc(categories.id))
        .limit(limit)
        .offset(offset),
  )
  if (!listed) return null
  const images = await resolveImages(listed.items.map((row) => row.image_url?.trim()))
  return {
    info: listed.info,
    items: listed.items.map((row) => ({
      id: row.id,
      nom: row.nom,
      description: row.description?.trim() || null,
      image: images.get(row.image_url?.trim() ?? '') ?? null,
    })),
  }
}
