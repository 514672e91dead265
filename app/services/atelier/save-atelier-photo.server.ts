import { sql } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { photosAtelier } from '#app/db/schema'
import type { PhotoInput } from '#app/lib/admin/atelier-schema'
import { sanitizeOptionalRichText } from '#app/lib/sanitize.server'
import { updateRowWithImage } from '#app/services/rows.server'

/** What the screen says when the photo it works on was deleted meanwhile. */
export const PHOTO_GONE = "Cette photo n'existe plus."

function values(input: PhotoInput) {
  return { ...input, description: sanitizeOptionalRichText(input.description) }
}

/** The next free position: the largest ordre plus one (1 for the first photo). */
const NEXT_ORDRE = sql<number>`(select coalesce(max(${photosAtelier.ordre}), 0) + 1 from ${photosAtelier})`

/**
 * Adds one studio photo (back-office spec §7 "insert single photo with ordre = max+1"), its
 * description sanitized on write.
 *
 * @param input - validated form values (photoSchema).
 * @returns the new photo's id.
 */
export async function createAtelierPhoto(input: PhotoInput, executor: Executor = getDb()): Promise<string> {
  const [row] = await executor
    .insert(photosAtelier)
    .values({ ...values(input), ordre: NEXT_ORDRE })
    .returning({ id: photosAtelier.id })
  if (!row) throw new Error('photo non insérée')
  return row.id
}

/**
 * Updates a studio photo (back-office spec §7 "update by id (nom, description, image_url, taille,
 * affichee)"; ordre is left alone); a replaced image is released after the update.
 *
 * @param id - the photo's id (a UUID).
 * @throws UseCaseError not-found when no photo has this id (nothing changed).
 */
export function updateAtelierPhoto(id: string, input: PhotoInput, executor?: Executor): Promise<void> {
  return updateRowWithImage(photosAtelier, id, values(input), PHOTO_GONE, { executor })
}
