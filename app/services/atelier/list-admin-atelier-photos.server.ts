import { asc, desc, type SQL } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { type PHOTO_TAILLES, photosAtelier } from '#app/db/schema'
import type { ListParams, OrderedListSort } from '#app/lib/admin/list-params'
import { type ImageData, plainImage } from '#app/lib/images'
import type { PageInfo } from '#app/lib/pagination'
import { resolveImages } from '#app/media/resolve-images.server'
import { byName, matchesSearch, readListPage } from '#app/services/list-page.server'
import { ATELIER_PHOTO_COLUMNS, ATELIER_PHOTO_ORDER } from './list-atelier-photos.server'

/** A studio photo as /admin/photos-atelier lists and edits it (hidden ones included). */
export type AdminAtelierPhoto = {
  id: string
  nom: string | null
  /** Sanitized rich-text HTML, or null. */
  description: string | null
  image_url: string
  /** The thumbnail (variants and size in px). */
  image: ImageData
  taille: (typeof PHOTO_TAILLES)[number]
  affichee: boolean
  ordre: number
}

/** Photos per page of /admin/photos-atelier (issue #35 §2). */
export const PHOTOS_PAGE_SIZE = 24

const PHOTO_ORDER = {
  ordre: ATELIER_PHOTO_ORDER,
  nom: [byName(photosAtelier.nom), asc(photosAtelier.id)],
  date: [desc(photosAtelier.cree_le), asc(photosAtelier.id)],
} satisfies Record<OrderedListSort, readonly SQL[]>

/**
 * One page of studio photos for the back-office (back-office spec §7 "photos_atelier: select all
 * ordered by ordre ascending"; ties as on /atelier: creation date, then id; issue #35 §2: or by
 * name, or newest first), hidden ones included, whose name matches the search (accents ignored),
 * images resolved in one query. A page past the end shows the last page.
 *
 * @param params - page, search and sort (default: page 1, no search, by ordre).
 * @param executor - database or transaction (default the shared database).
 * @returns `{ photos, info }`.
 */
export async function listAdminAtelierPhotos(
  params: ListParams<OrderedListSort> = { page: 1, q: '', sort: 'ordre' },
  executor: Executor = getDb(),
): Promise<{ photos: AdminAtelierPhoto[]; info: PageInfo }> {
  const where = matchesSearch(params.q, [photosAtelier.nom])
  const { rows, info } = await readListPage(
    params.page,
    PHOTOS_PAGE_SIZE,
    () => executor.$count(photosAtelier, where),
    (limit, offset) =>
      executor
        .select({ ...ATELIER_PHOTO_COLUMNS, affichee: photosAtelier.affichee, ordre: photosAtelier.ordre })
        .from(photosAtelier)
        .where(where)
        .orderBy(...PHOTO_ORDER[params.sort])
        .limit(limit)
        .offset(offset),
  )
  const images = await resolveImages(rows.map((row) => row.image_url))
  return {
    info,
    photos: rows.map((row) => ({
      ...row,
      image: images.get(row.image_url) ?? plainImage(row.image_url),
    })),
  }
}
