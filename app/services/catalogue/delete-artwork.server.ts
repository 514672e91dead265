import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { oeuvres } from '#app/db/schema'
import { isUuid } from '#app/lib/ids'
import { releaseMedia } from '#app/media/release-media.server'
import { artworkImageUrls } from './artwork-display'

/**
 * Deletes an artwork (back-office spec §5, §7 "delete artwork by id") and then its images that no
 * other row uses. An auction pointing at it keeps its history (encheres.oeuvre_id is set null).
 *
 * @param id - the artwork id (anything; a malformed id is "not found").
 * @returns the deleted artwork's nom, or null when it does not exist.
 * @throws the database error when the delete fails.
 */
export async function deleteArtwork(id: string, executor: Executor = getDb()): Promise<string | null> {
  if (!isUuid(id)) return null
  const [deleted] = await executor.delete(oeuvres).where(eq(oeuvres.id, id)).returning()
  if (!deleted) return null
  await releaseMedia(artworkImageUrls(deleted), executor)
  return deleted.nom
}
