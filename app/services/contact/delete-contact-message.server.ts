import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { contactMessages } from '#app/db/schema'
import { notFound } from '#app/lib/use-case-error'

/** What the screen says when the row it works on was deleted meanwhile. */
export const MESSAGE_GONE = 'Message introuvable.'

/**
 * Deletes a contact message for good (back-office spec §4 "delete is possible", §7 "delete").
 *
 * @param id - contact_messages.id (a UUID).
 * @throws UseCaseError not-found when no message has this id (nothing changed).
 */
export async function deleteContactMessage(id: string, executor: Executor = getDb()): Promise<void> {
  const rows = await executor
    .delete(contactMessages)
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id })
  if (rows.length === 0) throw notFound(MESSAGE_GONE)
}
