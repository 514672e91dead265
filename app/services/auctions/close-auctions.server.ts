import { and, asc, desc, eq, lte, sql } from 'drizzle-orm'
import { getDb, queryRows, type Transaction } from '#app/db/client.server'
import { encheres, mises } from '#app/db/schema'
import { amountToCents, type ClosingStatut, closingOutcome } from '#app/lib/auction-rules'
import { isUuid } from '#app/lib/ids'
import { conflict } from '#app/lib/use-case-error'
import { logger } from '#app/logger.server'
import { publishAuctionEvent } from '#app/services/auctions/auction-events.server'
import { findContactRecipient } from '#app/services/contact/send-contact-message.server'
import { enqueueEmail } from '#app/services/mail/enqueue-email.server'
import { withOutbox } from '#app/services/mail/outbox.server'
import { lockAuction } from './accept-bid.server'
import {
  type AuctionEmailContext,
  loadAuctionEmailContext,
  prepareClosingEmails,
} from './auction-emails.server'
import { findDueBidDigest, queueBidDigest } from './bid-digest.server'
import {
  findAuctionsEndingSoon,
  queueEndingSoonReminders,
  REMINDER_DEADLINES_SQL,
} from './ending-soon-reminders.server'
import { hasPendingAnnouncements, queueNextAuctionAnnouncements } from './next-auction-subscription.server'

/**
 * Key of the PostgreSQL advisory lock held by one schedule run at a time, across every instance
 * (DESIGN.md §6). Any 64-bit number no other feature uses.
 */
const SCHEDULE_LOCK_KEY = 4_272_019_004

export type ScheduleResult = {
  /** Ids of the programmed auctions made active by this run. */
  activated: string[]
  /** Auctions closed by this run, with the status they ended with. */
  closed: Array<{ enchereId: string; statut: ClosingStatut }>
  /** Ending-soon reminders queued by this run (issue #10 §4). */
  reminders: number
  /** Announcements of the active auction queued for subscribers by this run (issue #10 §4). */
  announcements: number
  /** The artist's hourly digests of bids queued by this run (issue #36 §6). */
  digests: number
}

type Closing = { enchereId: string; statut: ClosingStatut; prixActuel: string }

/**
 * Ends one auction whose row the caller has locked (statut still 'active'): sets `statut`, and
 * queues the closing e-mails in the same transaction — to the artist (the outcome and its cause,
 * final price, best bidder) and to the best validated bidder. The conditional UPDATE (`statut =
 * 'active'`) makes a second closing do nothing, so the e-mails leave once.
 *
 * @param endedEarly - the artist ends it before its end ('Terminer'): unsold, and the e-mails say
 *   so (issue #36 §1); otherwise the outcome comes from the best validated bid and the reserve.
 * @returns what was closed, or null when the auction was no longer active.
 */
async function closeLocked(
  tx: Transaction,
  enchereId: string,
  endedEarly: boolean,
  context: AuctionEmailContext,
  artist: string | null,
): Promise<Closing | null> {
  const [best] = await tx
    .select({
      montant: mises.montant,
      email: mises.participant_email,
      nom: mises.participant_nom,
      prenom: mises.participant_prenom,
    })
    .from(mises)
    .where(and(eq(mises.enchere_id, enchereId), eq(mises.email_valide, true)))
    .orderBy(desc(mises.montant), asc(mises.cree_le))
    .limit(1)
  const [auction] = await tx
    .select({ prix_reserve: encheres.prix_reserve })
    .from(encheres)
    .where(eq(encheres.id, enchereId))
  const outcome: ClosingStatut = endedEarly
    ? 'termine_prix_non_atteint'
    : closingOutcome(
        best ? amountToCents(best.montant) : null,
        auction?.prix_reserve ? amountToCents(auction.prix_reserve) : null,
      )
  const [closed] = await tx
    .update(encheres)
    .set({ statut: outcome })
    .where(and(eq(encheres.id, enchereId), eq(encheres.statut, 'active')))
    .returning({ prix_actuel: encheres.prix_actuel })
  if (!closed) return null

  const emails = await prepareClosingEmails(context, {
    cause: endedEarly
      ? 'ended-early'
      : outcome === 'termine_prix_atteint'
        ? 'sold'
        : best
          ? 'reserve-not-met'
          : 'no-bid',
    finalPrice: closed.prix_actuel,
    winner: best ? { prenom: best.prenom, nom: best.nom, email: best.email } : null,
  })
  if (artist) await enqueueEmail(tx, { ...emails.artist, destinataire: artist })
  if (emails.bidder && best) await enqueueEmail(tx, { ...emails.bidder, destinataire: best.email })
  return { enchereId, statut: outcome, prixActuel: closed.prix_actuel }
}

async function announce(closings: Closing[], activated: string[]): Promise<void> {
  for (const closing of closings) {
    await publishAuctionEvent({ type: 'closed', ...closing }).catch((error: unknown) =>
      logger.warn({ err: error, enchereId: closing.enchereId }, "Événement d'enchère non publié"),
    )
  }
  for (const enchereId of activated) {
    await publishAuctionEvent({ type: 'started', enchereId }).catch((error: unknown) =>
      logger.warn({ err: error, enchereId }, "Événement d'enchère non publié"),
    )
  }
}

/**
 * One run of the auction schedule (issue #4 §7; DESIGN.md §6; back-office spec §4 and §7
 * close_expired_auctions_with_reserve). In one transaction holding the advisory lock
 * `pg_try_advisory_xact_lock` (another instance already running → this run does nothing):
 * 1. closes every active auction whose date_fin ≤ now: 'termine_prix_atteint' when the best
 *    validated bid reaches the reserve (without reserve: at least one validated bid), else
 *    'termine_prix_non_atteint'; the closing e-mails are queued in the same transaction;
 * 2. marks 'termine_prix_non_atteint' the programmed auctions whose whole window has passed
 *    (they never ran: no e-mail);
 * 3. when no auction is active any more, activates the programmed auction whose start has come
 *    (earliest start first; one at a time — the partial unique index enforces it too);
 * 4. queues the ending-soon reminders now due (issue #10 §4, {@link queueEndingSoonReminders}) and
 *    the active auction's link for the confirmed subscribers not yet told — in the transaction of
 *    its activation when this run activates it ({@link queueNextAuctionAnnouncements}), and the
 *    artist's hourly digest of bids when they chose it ({@link queueBidDigest}, issue #36 §6); all
 *    record what they sent, so each e-mail leaves once.
 * Each auction is locked as a bid would lock it, and each change is a conditional UPDATE, so
 * running twice, or concurrently, closes each auction once and sends its e-mails once.
 * After the commit, open pages get 'closed' and 'started' events.
 *
 * @param now - the server's clock (tests); default now.
 * @param options.ending - an auction the admin is ending ({@link endAuction}): no reminder for it.
 * @returns the ids activated, the auctions closed and the reminders and announcements queued by
 *   this run (empty when another run held the lock).
 * @throws the database error when the transaction fails.
 */
export async function runAuctionSchedule(
  now: Date = new Date(),
  options: { ending?: string } = {},
): Promise<ScheduleResult> {
  // Contexts and recipients are read before the transaction (PGlite runs one thing at a time).
  const due = await getDb()
    .select({ id: encheres.id })
    .from(encheres)
    .where(and(eq(encheres.statut, 'active'), lte(encheres.date_fin, now)))
  const contexts = new Map<string, AuctionEmailContext>()
  for (const { id } of due) {
    const context = await loadAuctionEmailContext(id)
    if (context) contexts.set(id, context)
  }
  const artist = due.length > 0 ? await findContactRecipient() : null
  const reminderContexts: AuctionEmailContext[] = []
  for (const id of await findAuctionsEndingSoon(now)) {
    if (id === options.ending) continue
    const context = await loadAuctionEmailContext(id)
    if (context) reminderContexts.push(context)
  }
  const announced = await auctionToAnnounce(now, new Set(due.map(({ id }) => id)))
  const announceContext =
    announced && (await hasPendingAnnouncements(announced)) ? await loadAuctionEmailContext(announced) : null
  const digest = await findDueBidDigest(now)

  const result = await withOutbox(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${SCHEDULE_LOCK_KEY}) as locked`,
    )
    if (!lock?.locked) {
      return {
        closings: [] as Closing[],
        activated: [] as string[],
        stale: [] as string[],
        reminders: 0,
        announcements: 0,
        digests: 0,
      }
    }

    const closings: Closing[] = []
    for (const { id } of due) {
      const context = contexts.get(id)
      const locked = context ? await lockAuction(tx, id) : undefined
      // A bid may have extended it since the first read: it closes on a later run.
      if (!context || locked?.statut !== 'active' || locked.date_fin.getTime() > now.getTime()) continue
      const closing = await closeLocked(tx, id, false, context, artist)
      if (closing) closings.push(closing)
    }

    const stale = await tx
      .update(encheres)
      .set({ statut: 'termine_prix_non_atteint' })
      .where(and(eq(encheres.statut, 'programme'), lte(encheres.date_fin, now)))
      .returning({ id: encheres.id })

    const activated: string[] = []
    const [active] = await tx
      .select({ id: encheres.id })
      .from(encheres)
      .where(eq(encheres.statut, 'active'))
      .limit(1)
    if (!active) {
      const [next] = await tx
        .select({ id: encheres.id })
        .from(encheres)
        .where(and(eq(encheres.statut, 'programme'), lte(encheres.date_debut, now)))
        .orderBy(asc(encheres.date_debut), asc(encheres.cree_le))
        .limit(1)
        .for('update', { skipLocked: true })
      if (next) {
        try {
          // A savepoint: an auction made active meanwhile (unique index) must not undo the closings.
          const [started] = await tx.transaction((savepoint) =>
            savepoint
              .update(encheres)
              .set({ statut: 'active' })
              .where(and(eq(encheres.id, next.id), eq(encheres.statut, 'programme')))
              .returning({ id: encheres.id }),
          )
          if (started) activated.push(started.id)
        } catch (error) {
          const failure = error as { code?: string; cause?: { code?: string } }
          if ((failure.cause?.code ?? failure.code) !== '23505') throw error
        }
      }
    }
    let reminders = 0
    for (const context of reminderContexts) reminders += await queueEndingSoonReminders(tx, context, now)
    const announcements = announceContext ? await queueNextAuctionAnnouncements(tx, announceContext) : 0
    const digests = digest ? await queueBidDigest(tx, digest) : 0
    return { closings, activated, stale: stale.map((row) => row.id), reminders, announcements, digests }
  })

  await announce(result.closings, result.activated)
  return {
    activated: result.activated,
    closed: [
      ...result.closings.map(({ enchereId, statut }) => ({ enchereId, statut })),
      ...result.stale.map((enchereId) => ({ enchereId, statut: 'termine_prix_non_atteint' as const })),
    ],
    reminders: result.reminders,
    announcements: result.announcements,
    digests: result.digests,
  }
}

/**
 * The auction whose link subscribers should get by the end of a schedule run: the active one (unless
 * it is closing in this run), else the programmed one this run will activate.
 *
 * @param closing - ids of the auctions this run closes.
 */
async function auctionToAnnounce(now: Date, closing: Set<string>): Promise<string | null> {
  const [active] = await getDb()
    .select({ id: encheres.id })
    .from(encheres)
    .where(eq(encheres.statut, 'active'))
    .limit(1)
  if (active) return closing.has(active.id) ? null : active.id
  const [next] = await getDb()
    .select({ id: encheres.id })
    .from(encheres)
    .where(and(eq(encheres.statut, 'programme'), lte(encheres.date_debut, now)))
    .orderBy(asc(encheres.date_debut), asc(encheres.cree_le))
    .limit(1)
  return next?.id ?? null
}

/**
 * The admin's 'Terminer' (back-office spec §4: "Ending first calls a server routine that closes
 * expired auctions with reserve price; if the auction is not among the rows it closed, it is set
 * to termine_prix_non_atteint"; issue #4 §7). Runs {@link runAuctionSchedule}; when that did not
 * close this auction, closes it here under its row lock — 'termine_prix_non_atteint' when its end
 * has not come (the spec's fallback), or the computed outcome when it has (another instance held
 * the schedule lock). Closing e-mails and the 'closed' event as for the schedule.
 *
 * @param enchereId - the auction's id.
 * @param options.now - the server's clock (tests).
 * @returns the final statut.
 * @throws UseCaseError conflict (no message: the screen's failure text says it) when the auction
 *   is unknown or no longer active; the database error when a transaction fails.
 */
export async function endAuction(enchereId: string, options: { now?: Date } = {}): Promise<string> {
  if (!isUuid(enchereId)) throw conflict('')
  const now = options.now ?? new Date()
  const scheduled = await runAuctionSchedule(now, { ending: enchereId })
  const closedByRun = scheduled.closed.find((closing) => closing.enchereId === enchereId)
  if (closedByRun) return closedByRun.statut

  const context = await loadAuctionEmailContext(enchereId)
  if (!context) throw conflict('')
  const artist = await findContactRecipient()
  const closing = await withOutbox(async (tx) => {
    const locked = await lockAuction(tx, enchereId)
    if (locked?.statut !== 'active') return null
    return closeLocked(tx, enchereId, locked.date_fin.getTime() > now.getTime(), context, artist)
  })
  if (!closing) throw conflict('')
  await announce([closing], [])
  return closing.statut
}

/**
 * When the schedule next has something to do (for the scheduler's timer, issue #4 §7): the
 * earliest end of an active auction or, if sooner and still ahead, one of its reminder instants
 * (1 hour and 10 minutes before that end, issue #10 §4); with none active, the earliest start of a
 * programmed one (a programmed auction waits for the active one to close anyway).
 *
 * @param now - the server's clock (tests); default now.
 * @returns that instant (possibly past), or null when no auction is active or programmed.
 */
export async function nextAuctionDeadline(now: Date = new Date()): Promise<Date | null> {
  const [row] = await queryRows<{ next: Date | string | null }>(
    getDb(),
    sql`select coalesce(
      least(
        (select min(date_fin) from encheres where statut = 'active'),
        (select min(t) from (${REMINDER_DEADLINES_SQL}) reminders where t > ${now.toISOString()}::timestamptz)
      ),
      (select min(date_debut) from encheres where statut = 'programme')
    ) as next`,
  )
  return row?.next ? new Date(row.next) : null
}
