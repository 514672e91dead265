import { eq, sql } from 'drizzle-orm'
import { getDb, preparedStatement, queryRows } from '#app/db/client.server'
import { emailsSortants } from '#app/db/schema'
import { logger } from '#app/logger.server'
import { getMailTransport, isTemporaryMailFailure, type SentMail, SMTP_POOL_SIZE } from './transport.server'

/**
 * Attempts before an e-mail the SMTP server refuses is given up ('echec'); one that fails because
 * the server cannot be reached is retried for as long as it takes ({@link isTemporaryMailFailure}).
 */
export const MAX_EMAIL_ATTEMPTS = 8
/** First retry delay in ms; doubles at each failure. */
export const RETRY_BASE_MS = 30_000
/** Longest retry delay in ms. */
export const RETRY_MAX_MS = 60 * 60 * 1000
/**
 * How long a claimed row is hidden from other workers, in ms (decision 003). The lease is renewed
 * every third of it while the batch is being sent, so a slow SMTP server never lets another worker
 * take a row being sent; if the process dies, its rows are picked up again after at most this delay.
 */
export const CLAIM_LEASE_MS = 60_000

/** Delay in ms before the next attempt after `failures` failed attempts (1 → 30 s, 2 → 60 s, … ≤ 1 h). */
export function retryDelayMs(failures: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, failures - 1), RETRY_MAX_MS)
}

/**
 * Fills the bodies of an e-mail queued without them (both empty: a bid's e-mails, decision 014)
 * from its row's template name and data; null when it cannot (the e-mail then fails this attempt).
 */
export type BodyRenderer = (email: {
  modele: string
  donnees: Record<string, unknown> | null
}) => Promise<{ html: string; texte: string } | null>

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
  modele: string
  donnees: Record<string, unknown> | null
  destinataire: string
  sujet: string
  html: string
  texte: string
  reponse_a: string | null
  entetes: Record<string, string> | null
  tentatives: number
  /** The lease's end as PostgreSQL wrote it (text, to the microsecond): the batch's claim token. */
  bail: string
}

/**
 * The rows of one batch this worker still holds, and the lease they share: every claim and every
 * renewal sets one `now() + lease` on all of them, so that value proves the rows are still ours. A
 * row another worker took meanwhile (its lease ran out while this process stood still) has another
 * value, and drops out at the next renewal.
 */
class BatchLease {
  private readonly held: Set<string>
  private token: string
  /**
   * When the last claim or renewal of the held rows was sent (this process's clock, ms): the
   * database's `now()` came later, so the rows stay ours for at least the lease from then.
   */
  private renewedAt: number
  /** Renewals run one after the other: each needs the token the previous one wrote. */
  private chain: Promise<void> = Promise.resolve()
  private timer: NodeJS.Timeout | undefined

  constructor(
    private readonly db: ReturnType<typeof getDb>,
    rows: ClaimedRow[],
    private readonly leaseMs: number,
    claimedAt: number,
  ) {
    this.held = new Set(rows.map((row) => row.id))
    this.token = rows[0]?.bail ?? ''
    this.renewedAt = claimedAt
    this.timer = setInterval(() => void this.renew().catch(() => undefined), Math.max(1, leaseMs / 3))
    this.timer.unref()
  }

  /** Pushes the lease of every row still held {@link CLAIM_LEASE_MS} ahead; rows lost drop out. */
  renew(): Promise<void> {
    this.chain = this.chain.then(async () => {
      if (this.held.size === 0) return
      const ids = [...this.held]
      const sentAt = Date.now()
      const rows = await queryRows<{ id: string; bail: string }>(
        this.db,
        sql`update emails_sortants
            set prochaine_tentative_le = now() + ${`${this.leaseMs} milliseconds`}::interval
            where id in (${sql.join(
              ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})
              and statut = 'en_attente'
              and prochaine_tentative_le = ${this.token}::timestamptz
            returning id, prochaine_tentative_le::text as bail`,
      )
      this.held.clear()
      for (const row of rows) this.held.add(row.id)
      if (rows[0]) this.token = rows[0].bail
      this.renewedAt = sentAt
    })
    return this.chain
  }

  /**
   * Says whether `id` is still this worker's to send. A lease claimed or renewed less than a third
   * of it ago is still ours without asking (its end is at least two thirds of it away, and a
   * renewal is due anyway at that third): in a steady stream of e-mails, sending costs no query
   * besides the row's own outcome. An older lease is renewed first.
   */
  async confirm(id: string): Promise<boolean> {
    if (this.held.has(id) && Date.now() - this.renewedAt < this.leaseMs / 3) return true
    await this.renew()
    return this.held.has(id)
  }

  /** The row is done (marked sent or rescheduled): no longer renewed. */
  release(id: string): void {
    this.held.delete(id)
  }

  stop(): void {
    clearInterval(this.timer)
  }
}

/**
 * How many e-mails of a batch are on their way at once: as many as the SMTP sender's pool has
 * connections ({@link SMTP_POOL_SIZE}). One at a time, a batch of 20 waited for 20 answers
 * in a row: the outbox fell behind a bidding war's e-mails (about two per accepted bid), and the
 * batch's bodies (about 10 kB each) stayed in memory long enough to reach V8's old generation,
 * whose collections then paused the bids (issue #10 §2).
 */
export const SEND_CONCURRENCY = SMTP_POOL_SIZE

/**
 * Sends the outbox's due e-mails (DESIGN.md §7, decision 003). Claims up to `limit` rows with
 * statut 'en_attente' and prochaine_tentative_le ≤ now() using `FOR UPDATE SKIP LOCKED` (several
 * instances never take the same row) and pushes their next attempt {@link CLAIM_LEASE_MS} away
 * (their lease), so no transaction stays open while sending. The lease is renewed every third of
 * it while the batch is being sent, and before an e-mail goes out whenever it is older than that
 * (BatchLease.confirm): a row another worker took meanwhile is skipped. Each row is then sent,
 * {@link SEND_CONCURRENCY} at a time, through {@link getMailTransport} (its
 * Message-ID is `<{row id}@{MAIL_FROM's domain}>`, the same at every attempt, so a resend is
 * recognisable): success → statut 'envoye' with envoye_le, recorded as soon as that e-mail has
 * left and before its sender takes the next one (decision 039: a crash sends again at most the
 * e-mails in flight, one per sender; the marks of senders that finish together share one
 * statement, {@link sentMarker}); failure → tentatives + 1,
 * derniere_erreur, and prochaine_tentative_le = now + {@link retryDelayMs}, or statut 'echec' after
 * {@link MAX_EMAIL_ATTEMPTS} attempts when the server refused it ({@link isTemporaryMailFailure}).
 *
 * @param options.limit - most rows handled in this run (default 20).
 * @param options.leaseMs - the lease, in ms (default {@link CLAIM_LEASE_MS}; tests shorten it).
 * @param options.renderBody - fills the rows queued without bodies ({@link BodyRenderer}); without
 *   it such a row fails its attempt.
 * @returns the counts; never throws for a failing e-mail (only when the database fails).
 */
export async function sendPendingEmails(
  options: { limit?: number; leaseMs?: number; renderBody?: BodyRenderer } = {},
): Promise<SendPendingResult> {
  const limit = Math.max(1, Math.floor(options.limit ?? 20))
  const leaseMs = options.leaseMs ?? CLAIM_LEASE_MS
  const db = getDb()
  const claimedAt = Date.now()
  const rows = await queryRows<ClaimedRow>(
    db,
    sql`update emails_sortants
        set prochaine_tentative_le = now() + ${`${leaseMs} milliseconds`}::interval
        where id in (
          select id from emails_sortants
          where statut = 'en_attente' and prochaine_tentative_le <= now()
          order by prochaine_tentative_le
          limit ${limit}
          for update skip locked
        )
        returning id, modele, donnees, destinataire, sujet, html, texte, reponse_a, entetes, tentatives,
          prochaine_tentative_le::text as bail`,
  )
  const result: SendPendingResult = { claimed: rows.length, sent: 0, retried: 0, failed: 0 }
  if (rows.length === 0) return result

  const transport = getMailTransport()
  const lease = new BatchLease(db, rows, leaseMs, claimedAt)
  const marker = sentMarker()
  // SEND_CONCURRENCY at a time, in the order claimed. A row leaves the queue when its turn comes,
  // so its bodies are let go once it is sent, not kept until the whole batch has gone out.
  const queue = rows.reverse()
  const sendQueued = async () => {
    for (let row = queue.pop(); row; row = queue.pop()) {
      if (!(await lease.confirm(row.id))) continue
      // The row is marked sent before this sender takes the next one, and before the transport
      // lets another e-mail finish leaving (its release): a crash sends again at most one e-mail
      // over SMTP, none to files (decision 039).
      const sent = await sendOne(db, transport, row, result, options.renderBody)
      try {
        if (sent) await marker.mark(row.id)
      } finally {
        sent?.release?.()
        lease.release(row.id)
      }
    }
  }
  try {
    // Every sender ends before the first failure is thrown (a database failure in one must not
    // stop another between its e-mail leaving and its row being marked).
    const senders = await Promise.allSettled(
      Array.from({ length: Math.min(SEND_CONCURRENCY, queue.length) }, sendQueued),
    )
    const failed = senders.find((sender) => sender.status === 'rejected')
    if (failed) throw failed.reason
  } finally {
    lease.stop()
  }
  return result
}

/**
 * Marks rows 'envoye' as their e-mails leave (decision 039), in as few statements as the moment
 * allows: a mark asked while another statement runs waits for it and goes out with the marks asked
 * meanwhile, in one `UPDATE … WHERE id = any(…)`. In a bidding war, one statement per e-mail was as
 * many WAL flushes as the bids' own (issue #10 §2): the five files of a batch are written side by
 * side and their marks share statements (over SMTP the e-mails finish one at a time, decision 039).
 *
 * @returns `mark(id)`, resolved once the row's new state is committed; rejected with the
 *   database's error (the row then stays claimed until its lease ends, and is sent again).
 */
function sentMarker() {
  let waiting: { id: string; done: (error?: unknown) => void }[] = []
  let running = false
  const run = async () => {
    running = true
    while (waiting.length > 0) {
      const batch = waiting
      waiting = []
      try {
        await markSentStatement().execute({ ids: batch.map((entry) => entry.id) })
        for (const entry of batch) entry.done()
      } catch (error) {
        for (const entry of batch) entry.done(error ?? new Error('marquage impossible'))
      }
    }
    running = false
  }
  return {
    mark(id: string): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ id, done: (error) => (error === undefined ? resolve() : reject(error)) })
        if (!running) void run()
      })
    },
  }
}

/** {@link sentMarker}'s statement, one text whatever the number of rows (prepared: one per e-mail in a bidding war). */
const markSentStatement = preparedStatement((db) =>
  db
    .update(emailsSortants)
    .set({ statut: 'envoye', envoye_le: sql`now()`, derniere_erreur: null })
    .where(sql`${emailsSortants.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('mark_emails_sent'),
)

/**
 * Sends one claimed row and records the outcome in `result`; a failure is also recorded in the
 * row (its next attempt, or 'echec').
 *
 * @returns the transport's answer when the e-mail went out (the caller marks the row sent at
 *   once, then calls its `release`), null when it failed.
 */
async function sendOne(
  db: ReturnType<typeof getDb>,
  transport: ReturnType<typeof getMailTransport>,
  row: ClaimedRow,
  result: SendPendingResult,
  renderBody: BodyRenderer | undefined,
): Promise<SentMail | null> {
  try {
    // Filled now when queued without them: the bodies live only until they leave.
    const body =
      row.html === '' && row.texte === ''
        ? await renderBody?.({ modele: row.modele, donnees: row.donnees })
        : { html: row.html, texte: row.texte }
    if (!body) throw new Error(`Le contenu de l'e-mail « ${row.modele} » n'a pas pu être composé.`)
    const sent = await transport.send({
      id: row.id,
      to: row.destinataire,
      subject: row.sujet,
      html: body.html,
      text: body.texte,
      replyTo: row.reponse_a,
      headers: row.entetes,
    })
    result.sent++
    return sent
  } catch (error) {
    const attempts = Number(row.tentatives) + 1
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000)
    // A server that cannot be reached never makes an e-mail give up, however long (issue #37 §4).
    const givingUp = attempts >= MAX_EMAIL_ATTEMPTS && !isTemporaryMailFailure(error)
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
    return null
  }
}
