import type { ArtworkInput, CategoryInput } from '#app/lib/admin/catalogue-schema'
import type { RowCommands } from '#app/services/rows.server'
import { createArtwork } from './create-artwork.server'
import { createCategory } from './create-category.server'
import { deleteArtwork } from './delete-artwork.server'
import { deleteCategory } from './delete-category.server'
import { setArtworkVisibility } from './set-artwork-visibility.server'
import { setCategoryVisibility } from './set-category-visibility.server'
import { updateArtwork } from './update-artwork.server'
import { updateCategory } from './update-category.server'

/** The category screen's use cases (back-office spec §4, §7 "categories"), for its `rowIntents`. */
export const categoryRows: RowCommands<CategoryInput> = {
  create: createCategory,
  update: updateCategory,
  remove: deleteCategory,
  setVisibility: setCategoryVisibility,
}

/** The artwork screen's use cases (back-office spec §5, §7 "oeuvres"), for its `rowIntents`. */
export const artworkRows: RowCommands<ArtworkInput> = {
  create: createArtwork,
  update: updateArtwork,
  remove: deleteArtwork,
  setVisibility: setArtworkVisibility,
}
