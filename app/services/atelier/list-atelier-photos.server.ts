import { asc, eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { type PHOTO_TAILLES, photosAtelier } from '#app/db/schema'
import type { ImageData } from '#app/lib/images'
import { PAGE_SIZE_SETTINGS } from '#app/lib/page-sizes'
import { resolveImages } from '#app/media/resolve-images.server'
import { type ListPage, readPage } from '#app/services/list-page.server'

/** A visible studio photo as /atelier shows it. */
export type AtelierPhoto = {
  id: string
  nom: string | null
  /** Sanitized rich-text HTML, or null. */
  description: string | null
  image: ImageData
  taille: (typeof PHOTO_TAILLES)[number]
}

/** The order of the studio photos, on /atelier and in the back-office: ordre, then creation, then id. */
export const ATELIER_PHOTO_ORDER = [
  asc(photosAtelier.ordre),
  asc(photosAtelier.cree_le),
  asc(photosAtelier.id),
] as const

/** The columns of a studio photo that /atelier shows (the back-office reads these and more). */
export const ATELIER_PHOTO_COLUMNS = {
  id: photosAtelier.id,
  nom: photosAtelier.nom,
  description: photosAtelier.description,
  image_url: photosAtelier.image_url,
  taille: photosAtelier.taille,
}

/**
 * One page of the visible studio photos for /atelier (public spec §2, §4, §7: photos_atelier with
 * affichee true, ordre ascending; ties by creation date; issue #35 §1), with their images resolved
 * in one query. A photo whose image is gone is left out of its page.
 *
 * @param page - the page asked for (≥ 1; default 1).
 * @param pageSize - photos per page (≥ 1; default the setting's default, 24).
 * @returns the page, or null when `page` is past the last page.
 * @throws the database error when a query fails.
 */
export async function listAtelierPhotos(
  page = 1,
  pageSize = PAGE_SIZE_SETTINGS.atelier.fallback,
): Promise<ListPage<AtelierPhoto> | null> {
  const db = getDb()
  const shown = eq(photosAtelier.affichee, true)
  const listed = await readPage(
    page,
    pageSize,
    () => db.$count(photosAtelier, shown),
    (limit, offset) =>
      db
        .select(ATELIER_PHOTO_COLUMNS)
        .from(photosAtelier)
        .where(shown)
        .orderBy(...ATELIER_PHOTO_ORDER)
        .limit(limit)
        .offset(offset),
  )
  if (!listed) return null
  const images = await resolveImages(listed.items.map((row) => row.image_url))
  return {
    info: listed.info,
    items: listed.items.flatMap(({ image_url, ...row }) => {
      const image = images.get(image_url)
      return image ? [{ ...row, image }] : []
    }),
  }
}
