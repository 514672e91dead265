import { type Executor, getDb } from '#app/db/client.server'
import { categories, oeuvres } from '#app/db/schema'
import type { ArtworkInput } from '#app/lib/admin/catalogue-schema'
import { toImageColumns } from '#app/lib/artwork-display'
import { sanitizeOptionalRichText } from '#app/lib/sanitize.server'
import { refused } from '#app/lib/use-case-error'
import { groupExists } from '#app/services/rows.server'

/** What the screen says when the artwork it works on was deleted meanwhile. */
export const ARTWORK_GONE = 'Œuvre introuvable.'

/** The category select named a category deleted meanwhile: nothing is stored. */
export const unknownCategory = () => refused('Catégorie inconnue.', { categorie_id: ['Catégorie inconnue.'] })

/** Row values of a valid artwork form: description sanitized, images compacted into image1…10. */
export function artworkValues(input: ArtworkInput) {
  const { images, description, ...fields } = input
  return {
    ...fields,
    description: sanitizeOptionalRichText(description),
    ...toImageColumns(images),
  }
}

/**
 * Creates an artwork (back-office spec §3 Artwork, §5, §7 "create artwork"): every field of the
 * form, empty optional fields null, images in image1_url … in the given order, description
 * sanitized on write.
 *
 * @param input - an artwork form that passed `artworkFormSchema` (prix in euros as a string).
 * @returns the new artwork's id.
 * @throws UseCaseError invalid when categorie_id names no category (nothing stored).
 * @throws the database error when the insert fails.
 */
export async function createArtwork(input: ArtworkInput, executor: Executor = getDb()): Promise<string> {
  return executor.transaction(async (tx) => {
    if (!(await groupExists(categories, input.categorie_id, tx))) throw unknownCategory()
    const [row] = await tx.insert(oeuvres).values(artworkValues(input)).returning({ id: oeuvres.id })
    if (!row) throw new Error('Œuvre non créée')
    return row.id
  })
}
