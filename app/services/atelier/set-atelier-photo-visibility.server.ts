import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { photosAtelier } from '#app/db/schema'
import { notFound } from '#app/lib/use-case-error'
import { PHOTO_GONE } from './save-atelier-photo.server'

/**
 * Shows or hides a studio photo on /atelier (back-office spec §4 'Photo affichée' / 'Photo
 * masquée', §7 "update affichee only").
 *
 * @param id - the photo's id (a UUID).
 * @param affichee - the new visibility.
 * @throws UseCaseError not-found when no photo has this id.
 */
export async function setAtelierPhotoVisibility(
  id: string,
  affichee: boolean,
  executor: Executor = getDb(),
): Promise<void> {
  const rows = await executor
    .update(photosAtelier)
    .set({ affichee })
    .where(eq(photosAtelier.id, id))
    .returning({ id: photosAtelier.id })
  if (rows.length === 0) throw notFound(PHOTO_GONE)
}
