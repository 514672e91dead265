import { getDb } from '#app/db/client.server'
import { isDiskFull } from '#app/db/disk-guard.server'
import { readMailStatus } from '#app/services/mail/mail-status.server'

/** How long the health check waits for the database before calling it unreachable, in ms. */
export const HEALTH_TIMEOUT_MS = 2_000

/** What a load balancer needs to know about this process (issue #12 §4). */
export type Health = {
  /** Whether the database answered within {@link HEALTH_TIMEOUT_MS}. */
  isDatabaseReachable: boolean
  /** E-mails waiting in the outbox (`emails_sortants.statut = 'en_attente'`); null when unreachable. */
  outboxBacklog: number | null
  /**
   * Of those, the ones whose last attempt failed (the SMTP server cannot be reached or refuses
   * them, issue #37 §4); null when the database is unreachable.
   */
  outboxFailing: number | null
  /** Whether the embedded database is read-only for lack of disk space (reads go on; issue #37 §4). */
  isDiskFull: boolean
}

/**
 * Checks the database with one cheap query, which also counts the outbox's waiting e-mails and
 * those of them that failed ({@link readMailStatus}: over the partial index of the waiting rows
 * only). A database that is closed (shutting down), failing or slower than `timeoutMs` is
 * reported unreachable; nothing is thrown.
 *
 * @param timeoutMs - how long to wait for the database, in ms (default {@link HEALTH_TIMEOUT_MS}).
 * @returns `{ isDatabaseReachable, outboxBacklog, outboxFailing, isDiskFull }`.
 */
export async function checkHealth(timeoutMs = HEALTH_TIMEOUT_MS): Promise<Health> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('délai dépassé')), timeoutMs)
  })
  try {
    const mail = await Promise.race([readMailStatus(getDb()), timeout])
    return {
      isDatabaseReachable: true,
      outboxBacklog: mail.backlog,
      outboxFailing: mail.failing,
      isDiskFull: isDiskFull(),
    }
  } catch {
    return { isDatabaseReachable: false, outboxBacklog: null, outboxFailing: null, isDiskFull: isDiskFull() }
  } finally {
    clearTimeout(timer)
  }
}
