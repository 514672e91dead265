import type { PhotoInput } from '#app/lib/admin/atelier-schema'
import type { RowCommands } from '#app/services/rows.server'
import { deleteAtelierPhoto } from './delete-atelier-photo.server'
import { createAtelierPhoto, updateAtelierPhoto } from './save-atelier-photo.server'
import { setAtelierPhotoVisibility } from './set-atelier-photo-visibility.server'

/** The studio photo screen's use cases (back-office spec §7 "photos_atelier"), for its `rowIntents`. */
export const photoRows: RowCommands<PhotoInput> = {
  create: createAtelierPhoto,
  update: updateAtelierPhoto,
  remove: deleteAtelierPhoto,
  setVisibility: setAtelierPhotoVisibility,
}
