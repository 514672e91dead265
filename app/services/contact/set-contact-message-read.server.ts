import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { contactMessages } from '#app/db/schema'

/**
 * Marks a contact message read or unread (back-office spec §4: "unread and read can be toggled
 * either way"; §7 "update lu").
 *
 * @param id - contact_messages.id (a UUID).
 * @param lu - true for read, false for unread.
 * @returns false when no message has this id (nothing changed).
 */
export async function setContactMessageRead(
  id: string,
  lu: boolean,
  executor: Executor = getDb(),
): Promise<boolean> {
  const rows = await executor
    .update(contactMessages)
    .set({ lu })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id })
  return rows.length > 0
}
