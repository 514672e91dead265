import { eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { evenements } from '#app/db/schema'
import { releaseMedia } from '#app/media/release-media.server'

/**
 * Deletes a timeline event (back-office spec §7 "evenements: delete by id"); its image file goes
 * too once no other row uses it (issue #3 §4).
 *
 * @param id - evenements.id (a UUID).
 * @returns false when no event has this id.
 */
export async function deleteEvent(id: string): Promise<boolean> {
  const [row] = await getDb()
    .delete(evenements)
    .where(eq(evenements.id, id))
    .returning({ image_url: evenements.image_url })
  if (!row) return false
  await releaseMedia([row.image_url])
  return true
}
