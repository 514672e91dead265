import { asc, eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { type PHOTO_TAILLES, photosAtelier } from '#app/db/schema'
import type { ImageData } from '#app/lib/images'
import { resolveImages } from '#app/media/resolve-images.server'

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
 * Visible studio photos for /atelier (public spec §2, §4, §7: photos_atelier with affichee true,
 * ordre ascending; ties by creation date), with their images resolved in one query.
 */
export async function listAtelierPhotos(): Promise<AtelierPhoto[]> {
  const rows = await getDb()
    .select(ATELIER_PHOTO_COLUMNS)
    .from(photosAtelier)
    .where(eq(photosAtelier.affichee, true))
    .orderBy(...ATELIER_PHOTO_ORDER)
  const images = await resolveImages(rows.map((row) => row.image_url))
  return rows.flatMap(({ image_url, ...row }) => {
    const image = images.get(image_url)
    return image ? [{ ...row, image }] : []
  })
}
