import type { Executor } from '#app/db/client.server'
import { contactMessages } from '#app/db/schema'
import { setRowFlag } from '#app/services/rows.server'
import { MESSAGE_GONE } from './delete-contact-message.server'

/**
 * Marks a contact message read or unread (back-office spec §4: "unread and read can be toggled
 * either way"; §7 "update lu").
 *
 * @param id - contact_messages.id (a UUID).
 * @param lu - true for read, false for unread.
 * @throws UseCaseError not-found when no message has this id (nothing changed).
 */
export function setContactMessageRead(id: string, lu: boolean, executor?: Executor): Promise<void> {
  return setRowFlag(contactMessages, id, { lu }, MESSAGE_GONE, executor)
}
