import { sql } from 'drizzle-orm'
import { getDb, queryRows } from '#app/db/client.server'

/** How long the health check waits for the database before calling it unreachable, in ms. */
export const HEALTH_TIMEOUT_MS = 2_000

/** What a load balancer needs to know about this process (issue #12 §4). */
export type Health = {
  /** Whether the database answered within {@link HEALTH_TIMEOUT_MS}. */
  isDatabaseReachable: boolean
  /** E-mails waiting in the outbox (`emails_sortants.statut = 'en_attente'`); null when unreachable. */
  outboxBacklog: number | null
}

/**
 * Checks the database with one cheap query, which also counts the outbox's waiting e-mails (the
 * partial index `emails_sortants_a_envoyer_idx` holds exactly those rows, so the count reads the
 * index only). A database that is closed (shutting down), failing or slower than `timeoutMs` is
 * reported unreachable; nothing is thrown.
 *
 * @param timeoutMs - how long to wait for the database, in ms (default {@link HEALTH_TIMEOUT_MS}).
 * @returns `{ isDatabaseReachable, outboxBacklog }`.
 */
export async function checkHealth(timeoutMs = HEALTH_TIMEOUT_MS): Promise<Health> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('délai dépassé')), timeoutMs)
  })
  try {
    const count = queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from emails_sortants where statut = 'en_attente'`,
    )
    const [row] = await Promise.race([count, timeout])
    return { isDatabaseReachable: true, outboxBacklog: row?.n ?? 0 }
  } catch {
    return { isDatabaseReachable: false, outboxBacklog: null }
  } finally {
    clearTimeout(timer)
  }
}
