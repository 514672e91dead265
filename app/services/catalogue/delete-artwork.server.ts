import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { oeuvres } from '#app/db/schema'
import { artworkImageUrls } from '#app/lib/artwork-display'
import { isUuid } from '#app/lib/ids'
import { notFound } from '#app/lib/use-case-error'
import { releaseMedia } from '#app/media/release-media.server'
import { ARTWORK_GONE } from './create-artwork.server'

/**
 * Deletes an artwork (back-office spec §5, §7 "delete artwork by id") and then its images that no
 * other row uses. An auction pointing at it keeps its history (encheres.oeuvre_id is set null).
 *
 * @param id - the artwork id (anything; a malformed id is "not found").
 * @returns the deleted artwork's nom.
 * @throws UseCaseError not-found when no artwork has this id.
 * @throws the database error when the delete fails.
 */
export async function deleteArtwork(id: string, executor: Executor = getDb()): Promise<string> {
  if (!isUuid(id)) throw notFound(ARTWORK_GONE)
  const [deleted] = await executor.delete(oeuvres).where(eq(oeuvres.id, id)).returning()
  if (!deleted) throw notFound(ARTWORK_GONE)
  await releaseMedia(artworkImageUrls(deleted), executor)
  return deleted.nom
}
