import { eq, sql } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { encheres } from '#app/db/schema'
import { amountToCents, bidWindow, centsToAmount } from '#app/lib/auction-rules'
import { withOutbox } from '#app/services/mail/outbox.server'
import { isSiteDataCacheEnabled, siteDataGeneration } from '#app/services/site-data-cache.server'
import {
  type AcceptOutcome,
  acceptBidsLocked,
  type BidCandidate,
  type BidSetup,
  isStaleAuctionError,
  type LockedAuction,
  loadBidSetup,
  lockAuction,
  rememberedAuction,
} from './accept-bid.server'
import { prepareBidEmails } from './auction-emails.server'
import { deliverAuctionEvents } from './auction-events.server'

/**
 * The bid desk of this process (issue #10 §2, decision 014): in a bidding war, bids of one auction
 * wait in one queue and are settled in batches — one transaction holding the auction's lock, a
 * handful of statements — rather than each taking the lock, a pool connection and ten queries.
 * The first bid of a quiet moment is settled at once; those that arrive meanwhile form the next
 * batch. Every rule is still checked under the lock, bid by bid, in arrival order
 * ({@link acceptBidsLocked}); other instances' bids wait on the same lock.
 */

/** A bid at the desk: its clock may be left to the batch (`now` absent: when the batch is decided). */
type DeskBid = Omit<BidCandidate, 'now'> & { now?: Date }

type Waiting = {
  candidate: DeskBid
  resolve: (answer: DeskAnswer) => void
  reject: (error: unknown) => void
}

/** A bid's fate at the desk: its outcome, or the auction is gone. */
export type DeskAnswer = { status: 'settled'; outcome: AcceptOutcome } | { status: 'not-found' }

/** Most bids settled in one transaction. */
const MAX_BATCH = 200

/** Queues being drained, by auction id. */
const queues = new Map<string, Waiting[]>()

/**
 * Settles one bid of a browser holding the bidder's credential: queued behind the bids of the same
 * auction already waiting in this process, then decided under the auction's lock with them.
 *
 * @param enchereId - the auction's id; `candidate` - the bid (amount in cents); its `now`, the
 *   rules' clock and the bid's stored time, is the moment its batch is decided when absent (see
 *   {@link settleOnce}; tests give their own).
 * @returns the outcome ('accepted' with the stored bid, or the reason of a refusal), or
 *   'not-found' when the auction no longer exists.
 * @throws the database error of its batch (the batch's bids are all rolled back).
 */
export function submitBid(enchereId: string, candidate: DeskBid): Promise<DeskAnswer> {
  return new Promise((resolve, reject) => {
    const waiting = { candidate, resolve, reject }
    const queue = queues.get(enchereId)
    if (queue) {
      queue.push(waiting)
      return
    }
    const fresh = [waiting]
    queues.set(enchereId, fresh)
    void drain(enchereId, fresh)
  })
}

/**
 * A batch on its way: `sent` once its bids are decided and its write has gone out (or it ended),
 * `leaves` then holding the auction as its write leaves it (undefined when it writes no row), and
 * `done` once its bids are answered.
 */
type InFlight = { sent: Promise<void>; leaves: LockedAuction | undefined; done: Promise<void> }

/**
 * Settles the queue's bids batch after batch. A batch that finds bids waiting once its own write
 * has gone out lets the next one go at once, decided on the state its write leaves (issue #10 §2:
 * on PostgreSQL the next write waits for the lock in the database, not for the commit's round trip
 * here; if the first does not commit, the next finds the row unlike it expected and is settled
 * again under the lock). At most two batches of an auction are on their way.
 */
async function drain(enchereId: string, queue: Waiting[]): Promise<void> {
  let previous: InFlight | undefined
  try {
    while (queue.length > 0) {
      const current = startBatch(enchereId, queue.splice(0, MAX_BATCH), previous)
      await current.sent
      await previous?.done
      previous = current
      if (queue.length === 0) await current.done
    }
  } finally {
    queues.delete(enchereId)
  }
}

function startBatch(enchereId: string, batch: Waiting[], previous: InFlight | undefined): InFlight {
  let markSent: () => void = () => undefined
  const sent = new Promise<void>((resolve) => {
    markSent = resolve
  })
  const flight: InFlight = { sent, leaves: undefined, done: Promise.resolve() }
  const onSent = (leaves: LockedAuction | undefined) => {
    flight.leaves = leaves
    markSent()
  }
  flight.done = settleBatch(
    enchereId,
    batch.map((waiting) => waiting.candidate),
    previous,
    onSent,
  ).then(
    (answers) => {
      batch.forEach((waiting, index) => {
        waiting.resolve(answers[index] ?? { status: 'not-found' })
      })
    },
    (error: unknown) => {
      for (const waiting of batch) waiting.reject(error)
    },
  )
  void flight.done.finally(markSent)
  return flight
}

/**
 * Settles one batch: decided on what the batch before it leaves when it is still on its way, else
 * on what this process remembers, else under the lock; answered (and its events delivered) after
 * the batch before it.
 */
async function settleBatch(
  enchereId: string,
  candidates: DeskBid[],
  previous: InFlight | undefined,
  onSent: (leaves: LockedAuction | undefined) => void,
): Promise<DeskAnswer[]> {
  const notFound = () => candidates.map((): DeskAnswer => ({ status: 'not-found' }))
  const setup = await loadBidSetup(enchereId)
  if (!setup) return notFound()
  let settled: Settled | null
  try {
    const remembered = previous?.leaves ?? rememberedAuction(enchereId)
    settled = await settleOnce(enchereId, candidates, setup, remembered, onSent)
  } catch (error) {
    // The auction changed since this process last wrote it (or the batch before did not commit):
    // nothing was written; again, locked, once the batch before has ended.
    if (!isStaleAuctionError(error)) throw error
    await previous?.done
    settled = await settleOnce(enchereId, candidates, setup, undefined, onSent)
  }
  await previous?.done
  if (!settled) return notFound()
  deliverAuctionEvents(settled.events)
  rememberBiddingState(setup.context.lienPrive, {
    id: enchereId,
    statut: settled.locked.statut,
    date_debut: settled.locked.date_debut,
    date_fin: settled.locked.date_fin,
    prixCents: amountToCents(settled.locked.prix_actuel),
    hasBids: settled.locked.nombreMises > 0,
    leaderEmail: settled.locked.leader?.email ?? null,
    leaderMaxCents: settled.locked.leaderStoredMaxCents,
  })
  return settled.outcomes.map((outcome) => ({ status: 'settled', outcome }))
}

type Settled = Awaited<ReturnType<typeof acceptBidsLocked>> & { locked: LockedAuction }

/**
 * One transaction for a batch. With the auction as this process last left it (`remembered`) and
 * every bid in its time window by it, the batch is decided at once and its write takes the lock
 * (on PostgreSQL: begin, write and commit in one round trip); otherwise the auction is locked and
 * read first. A bid's clock is the moment its batch is decided: once the lock is held, or just
 * before the write that takes it (DESIGN.md §6: either way, by the state under the lock).
 *
 * @returns what was settled, or null when the auction does not exist.
 * @throws the database error; {@link isStaleAuctionError} when `remembered` was out of date.
 */
async function settleOnce(
  enchereId: string,
  candidates: DeskBid[],
  setup: BidSetup,
  remembered: LockedAuction | undefined,
  onSent: (leaves: LockedAuction | undefined) => void,
): Promise<Settled | null> {
  let written: Promise<void> | undefined
  const settled = await withOutbox(async (tx) => {
    const decidedAt = new Date()
    // A bid at the edge of its window is decided under the lock: another instance may have
    // extended the end, or closed the auction.
    const usable =
      remembered &&
      candidates.every((candidate) => bidWindow(remembered, candidate.now ?? decidedAt) === 'open')
    const locked = usable ? remembered : await lockAuction(tx, enchereId)
    if (!locked) return null
    const now = usable ? decidedAt : new Date()
    const timed = candidates.map((candidate) => ({ ...candidate, now: candidate.now ?? now }))
    const accepted = await acceptBidsLocked(tx, locked, timed, setup)
    written = accepted.written
    onSent(accepted.leaves)
    return { ...accepted, locked }
  }).catch(async (error: unknown) => {
    // A failed write made the commit a rollback, which PGlite reports in its own words: the
    // write's error says why.
    await written
    throw error
  })
  if (!settled) return null
  // Its commit went out with it (acceptBidsLocked): a failed write rolled the batch back.
  await settled.written
  return settled
}

/**
 * Readies this process for the bids of the active auction, if one is running (issue #10 §2: a
 * process started during a bidding war answers its first bids as fast as the next ones): reads
 * what a batch needs ({@link loadBidSetup}, kept in the site data cache), renders the templates
 * of the e-mails its bids queue and starts the mail transport ({@link prepareBidEmails}), which
 * would otherwise cost the first bids about 150 ms of a core while the bids behind them wait.
 * The auction scheduler calls it after each of its runs — at start-up, when an auction opens —
 * and it costs a query when done.
 *
 * @returns the active auction's id, or null when none is running.
 * @throws the database error of the reads.
 */
export async function prepareActiveAuctionBids(): Promise<string | null> {
  const [active] = await getDb()
    .select({ id: encheres.id })
    .from(encheres)
    .where(eq(encheres.statut, 'active'))
    .limit(1)
  if (!active) return null
  const setup = await loadBidSetup(active.id)
  if (setup) await prepareBidEmails(setup.context)
  return active.id
}

/** What a bid is first checked against, without a query (see {@link readBiddingState}). */
export type BiddingState = {
  id: string
  statut: string
  date_debut: Date
  date_fin: Date
  /** A lower bound of the current price, cents: prices only rise. */
  prixCents: number
  /** Whether a validated bid made the price (else it is the start price); once true, stays true. */
  hasBids: boolean
  /**
   * The address of the best validated bid when this price was known (null before the first
   * bid): only that bidder's page can have an automatic bid's maximum to show.
   */
  leaderEmail: string | null
  /**
   * That bidder's automatic-bid maximum as stored, cents (null: none); read with it, see
   * {@link leadingMaximum}.
   */
  leaderMaxCents: number | null
}

/** How long the state read from the database is trusted for the early checks, in ms. */
const STATE_TTL_MS = 1_000
const states = new Map<string, { state: BiddingState; readAt: number; generation: number }>()

function rememberBiddingState(lienPrive: string, state: BiddingState): void {
  const known = states.get(lienPrive)
  const same = known?.state.id === state.id ? known.state : null
  // The newest price wins, with its leader: a state read earlier on another path may be behind.
  const newer = !same || state.prixCents >= same.prixCents ? state : same
  const hasBids = state.hasBids || (same?.hasBids ?? false)
  states.set(lienPrive, {
    state: {
      ...state,
      prixCents: newer.prixCents,
      leaderEmail: newer.leaderEmail,
      leaderMaxCents: newer.leaderMaxCents,
      hasBids,
    },
    readAt: known?.readAt ?? Date.now(),
    generation: known?.generation ?? siteDataGeneration(),
  })
}

/** The best validated bid's address, in SQL (tables named: drizzle leaves a single table's columns unqualified). */
const LEADER_EMAIL = sql`select m.participant_email from mises m where m.enchere_id = encheres.id and m.email_valide order by m.montant desc limit 1`

/**
 * The automatic-bid maximum a bidder's own page shows while it leads (issue #10 §3: "the leader
 * sees that their maximum is still ahead, on their own page only"): theirs when their address has
 * the best validated bid and the maximum is at or above the price. Never for another address.
 *
 * @param state - the auction as {@link readBiddingState} gives it; `email` - the credential's address.
 * @returns the maximum, euros ('180.00'), or null.
 */
export function leadingMaximum(state: BiddingState | null, email: string | null): string | null {
  if (!state || !email || state.leaderEmail !== email || state.leaderMaxCents === null) return null
  return state.leaderMaxCents >= state.prixCents ? centsToAmount(state.leaderMaxCents) : null
}

/**
 * The auction behind a private link as this process last knew it (at most {@link STATE_TTL_MS}
 * old and read since the last back-office change, then read again; the price and the leader also
 * follow the bids this desk settled; always read again when the site data cache is off, as in
 * tests). Good for refusing
 * early what is surely refused — an unknown link, a bid before the start, an amount under the
 * minimum of a price already reached — never for accepting: that is decided under the lock.
 *
 * @returns null when no auction has this link.
 */
export async function readBiddingState(lienPrive: string): Promise<BiddingState | null> {
  const known = isSiteDataCacheEnabled() ? states.get(lienPrive) : undefined
  if (known && Date.now() - known.readAt < STATE_TTL_MS && known.generation === siteDataGeneration()) {
    return known.state
  }
  const [row] = await getDb()
    .select({
      id: encheres.id,
      statut: encheres.statut,
      date_debut: encheres.date_debut,
      date_fin: encheres.date_fin,
      prix_actuel: encheres.prix_actuel,
      // Table names written out: drizzle leaves a single table's columns unqualified.
      leaderEmail: sql<string | null>`(${LEADER_EMAIL})`,
      leaderMax: sql<string | null>`(select mm.montant_max from mises_maximales mm
        where mm.enchere_id = encheres.id and mm.participant_email = (${LEADER_EMAIL}))`,
    })
    .from(encheres)
    .where(eq(encheres.lien_prive, lienPrive))
    .limit(1)
  if (!row) {
    states.delete(lienPrive)
    return null
  }
  const { leaderMax, ...read } = row
  const state = {
    ...read,
    prixCents: amountToCents(row.prix_actuel),
    hasBids: row.leaderEmail !== null,
    leaderMaxCents: leaderMax === null ? null : amountToCents(leaderMax),
  }
  states.set(lienPrive, { state, readAt: Date.now(), generation: siteDataGeneration() })
  return state
}
