import { sql } from 'drizzle-orm'
import { type Executor, getDb, queryRows } from '#app/db/client.server'

/** The outbox as the health check and the dashboard tell it (issue #37 §4). */
export type MailStatus = {
  /** E-mails waiting to be sent (`statut = 'en_attente'`). */
  backlog: number
  /** Of those, the ones whose last attempt failed (`derniere_erreur` set): mail is failing when above 0. */
  failing: number
  /** The most recent failure's text (the SMTP server's or the system's), null when none waits. */
  lastError: string | null
  /** When the oldest e-mail that failed was queued (ISO 8601), null when none waits. */
  failingSince: string | null
}

/**
 * Reads the outbox's state in one statement over the waiting e-mails only (the partial index
 * `emails_sortants_a_envoyer_idx` holds exactly those rows): how many wait, how many of them
 * failed at their last attempt, the latest error and since when. A failed e-mail keeps its error
 * until it leaves, so `failing` falls back to 0 once the SMTP server takes them again.
 *
 * @param executor - the database (default `getDb()`) or a transaction.
 * @returns the {@link MailStatus}.
 * @throws the database error.
 */
export async function readMailStatus(executor: Executor = getDb()): Promise<MailStatus> {
  const [row] = await queryRows<{
    backlog: number
    failing: number
    last_error: string | null
    /** ms since the epoch. */
    failing_since: number | null
  }>(
    executor,
    sql`select count(*)::int as backlog,
          count(*) filter (where derniere_erreur is not null)::int as failing,
          (array_agg(derniere_erreur order by prochaine_tentative_le desc)
            filter (where derniere_erreur is not null))[1] as last_error,
          (extract(epoch from min(cree_le) filter (where derniere_erreur is not null)) * 1000)::float8 as failing_since
        from emails_sortants where statut = 'en_attente'`,
  )
  return {
    backlog: Number(row?.backlog ?? 0),
    failing: Number(row?.failing ?? 0),
    lastError: row?.last_error ?? null,
    failingSince: row?.failing_since == null ? null : new Date(Number(row.failing_since)).toISOString(),
  }
}

/**
 * Makes the e-mails put off by earlier failures due again at once (issue #37 §4): called by the
 * outbox worker when an e-mail leaves after a run of failures, so that an SMTP server back after
 * an hour gets the backlog now rather than at each e-mail's next attempt (up to an hour away).
 * Only rows whose next attempt lies beyond `leaseMs` are moved: a row being sent by a worker
 * holds a lease of at most that, and is left alone.
 *
 * @param leaseMs - the outbox's claim lease, in ms (`CLAIM_LEASE_MS`).
 * @returns how many e-mails were made due.
 * @throws the database error.
 */
export async function resumeDeferredEmails(leaseMs: number): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    getDb(),
    sql`update emails_sortants set prochaine_tentative_le = now()
        where statut = 'en_attente' and derniere_erreur is not null
          and prochaine_tentative_le > now() + ${`${leaseMs} milliseconds`}::interval
        returning id`,
  )
  return rows.length
}
