import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { contactMessages } from '#app/db/schema'
import { notFound } from '#app/lib/use-case-error'
import { MESSAGE_GONE } from './delete-contact-message.server'

/**
 * Archives a contact message (back-office spec §4: archive is one-way from the screen; §7 "update
 * archive"). Archiving an archived message changes nothing and still succeeds.
 *
 * @param id - contact_messages.id (a UUID).
 * @throws UseCaseError not-found when no message has this id (nothing changed).
 */
export async function archiveContactMessage(id: string, executor: Executor = getDb()): Promise<void> {
  const rows = await executor
    .update(contactMessages)
    .set({ archive: true })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id })
  if (rows.length === 0) throw notFound(MESSAGE_GONE)
}
