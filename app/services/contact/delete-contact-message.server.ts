import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { contactMessages } from '#app/db/schema'

/**
 * Deletes a contact message for good (back-office spec §4 "delete is possible", §7 "delete").
 *
 * @param id - contact_messages.id (a UUID).
 * @returns false when no message has this id.
 */
export async function deleteContactMessage(id: string, executor: Executor = getDb()): Promise<boolean> {
  const rows = await executor
    .delete(contactMessages)
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id })
  return rows.length > 0
}
