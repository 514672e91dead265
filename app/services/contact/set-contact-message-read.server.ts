import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { contactMessages } from '#app/db/schema'
import { notFound } from '#app/lib/use-case-error'
import { MESSAGE_GONE } from './delete-contact-message.server'

/**
 * Marks a contact message read or unread (back-office spec §4: "unread and read can be toggled
 * either way"; §7 "update lu").
 *
 * @param id - contact_messages.id (a UUID).
 * @param lu - true for read, false for unread.
 * @throws UseCaseError not-found when no message has this id (nothing changed).
 */
export async function setContactMessageRead(
  id: string,
  lu: boolean,
  executor: Executor = getDb(),
): Promise<void> {
  const rows = await executor
    .update(contactMessages)
    .set({ lu })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id })
  if (rows.length === 0) throw notFound(MESSAGE_GONE)
}
