import type { Executor } from '#app/db/client.server'
import { photosAtelier } from '#app/db/schema'
import { setRowFlag } from '#app/services/rows.server'
import { PHOTO_GONE } from './save-atelier-photo.server'

/**
 * Shows or hides a studio photo on /atelier (back-office spec §4 'Photo affichée' / 'Photo
 * masquée', §7 "update affichee only").
 *
 * @param id - the photo's id (a UUID).
 * @param affichee - the new visibility.
 * @throws UseCaseError not-found when no photo has this id.
 */
export function setAtelierPhotoVisibility(id: string, affichee: boolean, executor?: Executor): Promise<void> {
  return setRowFlag(photosAtelier, id, { affichee }, PHOTO_GONE, executor)
}
