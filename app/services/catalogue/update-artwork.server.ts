import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { categories, oeuvres } from '#app/db/schema'
import type { ArtworkInput } from '#app/lib/admin/catalogue-schema'
import { droppedImageUrls } from '#app/lib/artwork-display'
import { isUuid } from '#app/lib/ids'
import { notFound } from '#app/lib/use-case-error'
import { releaseMedia } from '#app/media/release-media.server'
import { groupExists } from '#app/services/rows.server'
import { ARTWORK_GONE, artworkValues, unknownCategory } from './create-artwork.server'

/**
 * Changes every field of an artwork, including its images (back-office spec §5: reordered by drag,
 * 'Définir principale', up to 10; stored compacted, the first as image1_url). Images removed from
 * the artwork are deleted once no row uses them (after the commit).
 *
 * @param id - the artwork id (anything; a malformed id is "not found").
 * @param input - an artwork form that passed `artworkFormSchema`.
 * @throws UseCaseError not-found (no artwork has this id) or invalid (unknown category), nothing
 *   changed.
 * @throws the database error when the update fails (nothing is changed then).
 */
export async function updateArtwork(
  id: string,
  input: ArtworkInput,
  executor: Executor = getDb(),
): Promise<void> {
  if (!isUuid(id)) throw notFound(ARTWORK_GONE)
  const dropped = await executor.transaction(async (tx) => {
    const [previous] = await tx.select().from(oeuvres).where(eq(oeuvres.id, id)).for('update')
    if (!previous) throw notFound(ARTWORK_GONE)
    if (!(await groupExists(categories, input.categorie_id, tx))) throw unknownCategory()
    await tx.update(oeuvres).set(artworkValues(input)).where(eq(oeuvres.id, id))
    return droppedImageUrls(previous, input.images)
  })
  await releaseMedia(dropped, executor)
}
