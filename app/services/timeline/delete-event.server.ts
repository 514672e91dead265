import { eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { evenements } from '#app/db/schema'
import { notFound } from '#app/lib/use-case-error'
import { releaseMedia } from '#app/media/release-media.server'
import { EVENT_GONE } from './save-event.server'

/**
 * Deletes a timeline event (back-office spec §7 "evenements: delete by id"); its image file goes
 * too once no other row uses it (issue #3 §4).
 *
 * @param id - evenements.id (a UUID).
 * @throws UseCaseError not-found when no event has this id (nothing changed).
 */
export async function deleteEvent(id: string): Promise<void> {
  const [row] = await getDb()
    .delete(evenements)
    .where(eq(evenements.id, id))
    .returning({ image_url: evenements.image_url })
  if (!row) throw notFound(EVENT_GONE)
  await releaseMedia([row.image_url])
}
