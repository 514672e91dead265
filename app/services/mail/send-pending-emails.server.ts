import { eq, sql } from 'drizzle-orm'
import { getDb, queryRows } from '#app/db/client.server'
import { emailsSortants } from '#app/db/schema'
import { logger } from '#app/logger.server'
import { getMailTransport } from './transport.server'

/** Attempts before an e-mail is given up ('echec'). */
export const MAX_EMAIL_ATTEMPTS = 8
/** First retry delay in ms; doubles at each failure. */
export const RETRY_BASE_MS = 30_000
/** Longest retry delay in ms. */
export const RETRY_MAX_MS = 60 * 60 * 1000
/**
 * How long a claimed row is hidden from other workers, in ms. If the process dies while sending,
 * the row is picked up again after this delay (an e-mail is sent at least once, rarely twice).
 */
export const CLAIM_LEASE_MS = 15 * 60 * 1000

/** Delay in ms before the next attempt after `failures` failed attempts (1 → 30 s, 2 → 60 s, … ≤ 1 h). */
export function retryDelayMs(failures: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, failures - 1), RETRY_MAX_MS)
}

/** Counts of one {@link sendPendingEmails} run. */
export type SendPendingResult = {
  /** Due rows taken by this run. */
  claimed: number
  /** Rows sent and marked 'envoye'. */
  sent: number
  /** Rows that failed and were rescheduled (still 'en_attente'). */
  retried: number
  /** Rows that failed for the last time and were marked 'echec'. */
  failed: number
}

type ClaimedRow = {
  id: string
  destinataire: string
  sujet: string
  html: string
  texte: string
  reponse_a: string | null
  entetes: Record<string, string> | null
  tentatives: number
}

/**
 * Sends the outbox's due e-mails (DESIGN.md §7). Claims up to `limit` rows with statut
 * 'en_attente' and prochaine_tentative_le ≤ now() using `FOR UPDATE SKIP LOCKED` (several instances
 * never take the same row) and pushes their next attempt {@link CLAIM_LEASE_MS} away, so no
 * transaction stays open while sending. Each row is then sent through {@link getMailTransport}:
 * success → statut 'envoye' with envoye_le; failure → tentatives + 1, derniere_erreur, and
 * prochaine_tentative_le = now + {@link retryDelayMs}, or statut 'echec' after
 * {@link MAX_EMAIL_ATTEMPTS} attempts.
 *
 * @param options.limit - most rows handled in this run (default 20).
 * @returns the counts; never throws for a failing e-mail (only when the database fails).
 */
export async function sendPendingEmails(options: { limit?: number } = {}): Promise<SendPendingResult> {
  const limit = Math.max(1, Math.floor(options.limit ?? 20))
  const db = getDb()
  const rows = await queryRows<ClaimedRow>(
    db,
    sql`update emails_sortants
        set prochaine_tentative_le = now() + ${`${CLAIM_LEASE_MS} milliseconds`}::interval
        where id in (
          select id from emails_sortants
          where statut = 'en_attente' and prochaine_tentative_le <= now()
          order by prochaine_tentative_le
          limit ${limit}
          for update skip locked
        )
        returning id, destinataire, sujet, html, texte, reponse_a, entetes, tentatives`,
  )
  const result: SendPendingResult = { claimed: rows.length, sent: 0, retried: 0, failed: 0 }
  if (rows.length === 0) return result

  const transport = getMailTransport()
  for (const row of rows) {
    try {
      await transport.send({
        id: row.id,
        to: row.destinataire,
        subject: row.sujet,
        html: row.html,
        text: row.texte,
        replyTo: row.reponse_a,
        headers: row.entetes,
      })
      await db
        .update(emailsSortants)
        .set({ statut: 'envoye', envoye_le: sql`now()`, derniere_erreur: null })
        .where(eq(emailsSortants.id, row.id))
      result.sent++
    } catch (error) {
      const attempts = Number(row.tentatives) + 1
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000)
      const givingUp = attempts >= MAX_EMAIL_ATTEMPTS
      await db
        .update(emailsSortants)
        .set({
          tentatives: attempts,
          derniere_erreur: message,
          ...(givingUp
            ? { statut: 'echec' as const }
            : {
                prochaine_tentative_le: sql`now() + ${`${retryDelayMs(attempts)} milliseconds`}::interval`,
              }),
        })
        .where(eq(emailsSortants.id, row.id))
      if (givingUp) result.failed++
      else result.retried++
      logger.warn(
        { emailId: row.id, attempts, error: message, givingUp },
        givingUp ? "Envoi d'e-mail abandonné" : "Échec d'envoi d'e-mail, nouvel essai prévu",
      )
    }
  }
  return result
}
