import type { Executor } from '#app/db/client.server'
import { emailsSortants } from '#app/db/schema'
import { countQueuedEmails } from './outbox.server'

/**
 * An e-mail ready to send: rendered HTML and plain text (DESIGN.md §7), or both empty for an
 * e-mail the outbox's sender fills from `modele` and `donnees` when it sends it (a bid's e-mails,
 * decision 014; `sendPendingEmails`' `renderBody`).
 */
export type OutgoingEmail = {
  /** Template name, e.g. 'contact-notification' (for logs and tests). */
  modele: string
  destinataire: string
  sujet: string
  html: string
  texte: string
  /** Reply-To address, e.g. the visitor who wrote through /contact. */
  reponse_a?: string | null
  /** Structured data kept with the message (links, ids) for tests and diagnostics. */
  donnees?: Record<string, unknown>
  /** Extra message headers, e.g. `List-Unsubscribe` (issue #10 §4). */
  entetes?: Record<string, string>
}

/**
 * Writes an e-mail to the outbox (DESIGN.md §7). Call it with the transaction of the action that
 * causes the e-mail, so both are stored or neither; the outbox worker sends it later with retries.
 * Inside `withOutbox` (outbox.server.ts) the worker is woken right after the commit; elsewhere it finds the
 * e-mail at its next poll.
 *
 * @param executor - the caller's transaction (or the database).
 * @returns the outbox row id.
 */
export async function enqueueEmail(executor: Executor, email: OutgoingEmail): Promise<{ id: string }> {
  const [row] = await enqueueEmails(executor, [email])
  if (!row) throw new Error("L'e-mail n'a pas pu être mis en file d'envoi.")
  return row
}

/** An e-mail as its outbox row stores it ({@link outboxRow}): every field, null when absent. */
export type OutboxRow = Pick<OutgoingEmail, 'modele' | 'destinataire' | 'sujet' | 'html' | 'texte'> & {
  [K in 'reponse_a' | 'donnees' | 'entetes']: NonNullable<OutgoingEmail[K]> | null
}

/**
 * An e-mail as its outbox row stores it: its own fields only (a caller's object may carry more),
 * the absent optional ones null.
 */
export function outboxRow({
  modele,
  destinataire,
  sujet,
  html,
  texte,
  reponse_a = null,
  donnees = null,
  entetes = null,
}: OutgoingEmail | OutboxRow): OutboxRow {
  return { modele, destinataire, sujet, html, texte, reponse_a, donnees, entetes }
}

/**
 * The insert of e-mails into the outbox, not yet run: for a caller that writes them within a
 * larger statement (issue #10 §2: a batch of bids writes everything at once). Call
 * {@link countQueuedEmails} with their number once it has run.
 *
 * @param emails - at least one.
 */
export function outboxInsert(executor: Executor, emails: Array<OutgoingEmail | OutboxRow>) {
  return executor.insert(emailsSortants).values(emails.map(outboxRow))
}

/**
 * Writes several e-mails to the outbox in one statement, as {@link enqueueEmail} does one (issue
 * #10 §2: the e-mails of a batch of bids cost one insert).
 *
 * @returns the outbox rows' ids, in the order given; [] for no e-mail (no query).
 */
export async function enqueueEmails(
  executor: Executor,
  emails: OutgoingEmail[],
): Promise<Array<{ id: string }>> {
  if (emails.length === 0) return []
  const rows = await outboxInsert(executor, emails).returning({ id: emailsSortants.id })
  countQueuedEmails(rows.length)
  return rows
}
