import { asc } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { type PHOTO_TAILLES, photosAtelier } from '#app/db/schema'
import { type ImageData, plainImage } from '#app/lib/images'
import { resolveImages } from '#app/media/resolve-images.server'

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
    .select({
      id: photosAtelier.id,
      nom: photosAtelier.nom,
      description: photosAtelier.description,
      image_url: photosAtelier.image_url,
      taille: photosAtelier.taille,
      affichee: photosAtelier.affichee,
      ordre: photosAtelier.ordre,
    })
    .from(photosAtelier)
    .orderBy(asc(photosAtelier.ordre), asc(photosAtelier.cree_le), asc(photosAtelier.id))
  const images = await resolveImages(rows.map((row) => row.image_url))
  return rows.map((row) => ({
    ...row,
    image: images.get(row.image_url) ?? plainImage(row.image_url),
  }))
}
