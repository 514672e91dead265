import type { Executor } from '#app/db/client.server'
import { photosAtelier } from '#app/db/schema'
import { deleteRowWithImage } from '#app/services/rows.server'
import { PHOTO_GONE } from './save-atelier-photo.server'

/**
 * Deletes a studio photo (back-office spec §7 "photos_atelier: delete by id") and releases its
 * image afterwards (issue #3 §4). The other photos keep their ordre.
 *
 * @param id - the photo's id (a UUID).
 * @throws UseCaseError not-found when no photo has this id.
 */
export async function deleteAtelierPhoto(id: string, executor?: Executor): Promise<void> {
  await deleteRowWithImage(photosAtelier, id, PHOTO_GONE, executor)
}
