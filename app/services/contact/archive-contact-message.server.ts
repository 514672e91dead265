import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { contactMessages } from '#app/db/schema'

/**
 * Archives a contact message (back-office spec §4: archive is one-way from the screen; §7 "update
 * archive"). Archiving an archived message changes nothing and still succeeds.
 *
 * @param id - contact_messages.id (a UUID).
 * @returns false when no message has this id.
 */
export async function archiveContactMessage(id: string, executor: Executor = getDb()): Promise<boolean> {
  const rows = await executor
    .update(contactMessages)
    .set({ archive: true })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id })
  return rows.length > 0
}
