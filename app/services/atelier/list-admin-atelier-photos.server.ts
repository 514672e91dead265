import { type Executor, getDb } from '#app/db/client.server'
import { type PHOTO_TAILLES, photosAtelier } from '#app/db/schema'
import { type ImageData, plainImage } from '#app/lib/images'
import { resolveImages } from '#app/media/resolve-images.server'
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

/**
 * Every studio photo for the back-office (back-office spec §7 "photos_atelier: select all ordered
 * by ordre ascending"; ties as on /atelier: creation date, then id), images resolved in one query.
 *
 * @param executor - database or transaction (default the shared database).
 */
export async function listAdminAtelierPhotos(executor: Executor = getDb()): Promise<AdminAtelierPhoto[]> {
  const rows = await executor
    .select({ ...ATELIER_PHOTO_COLUMNS, affichee: photosAtelier.affichee, ordre: photosAtelier.ordre })
    .from(photosAtelier)
    .orderBy(...ATELIER_PHOTO_ORDER)
  const images = await resolveImages(rows.map((row) => row.image_url))
  return rows.map((row) => ({
    ...row,
    image: images.get(row.image_url) ?? plainImage(row.image_url),
  }))
}
