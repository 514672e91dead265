import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { photosAtelier } from '#app/db/schema'
import { notFound } from '#app/lib/use-case-error'
import { releaseMedia } from '#app/media/release-media.server'
import { PHOTO_GONE } from './save-atelier-photo.server'

/**
 * Deletes a studio photo (back-office spec §7 "photos_atelier: delete by id") and releases its
 * image afterwards (issue #3 §4). The other photos keep their ordre.
 *
 * @param id - the photo's id (a UUID).
 * @throws UseCaseError not-found when no photo has this id.
 */
export async function deleteAtelierPhoto(id: string, executor: Executor = getDb()): Promise<void> {
  const [row] = await executor
    .delete(photosAtelier)
    .where(eq(photosAtelier.id, id))
    .returning({ image_url: photosAtelier.image_url })
  if (!row) throw notFound(PHOTO_GONE)
  await releaseMedia([row.image_url])
}
