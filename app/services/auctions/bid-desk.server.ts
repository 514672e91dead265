import { eq, sql } from 'drizzle-orm'
import { getDb, preparedStatement } from '#app/db/client.server'
import { encheres } from '#app/db/schema'
import { bidWindow } from '#app/lib/auction-rules'
import { signalCommittedEmails, withOutbox } from '#app/services/mail/outbox.server'
import {
  type AcceptOutcome,
  acceptBidsLocked,
  type BidCandidate,
  decideBids,
  type LockedAuction,
  lockAuction,
  writeBids,
} from './accept-bid.server'
import { prepareBidEmails } from './auction-emails.server'
import { deliverAuctionEvents } from './auction-events.server'
import { loadBidSetup } from './bid-setup.server'

/**
 * The bid desk of this process (issue #10 §2, issue #34 §1, decision 014): the bids of one auction
 * wait in one queue and are settled in batches. This process remembers each auction as its last
 * batch left it — price, leader, validated bids, row version — and decides the next batch on that
 * memory, then writes it in ONE statement in autocommit, guarded by the version
 * ({@link writeBids}). When another writer moved the version (another instance's batch, a
 * validation, the closing job, the back office), nothing was written: the batch is decided again
 * under the row's lock, and the memory catches up.
 */

/** A bid at the desk: its clock may be left to the batch (`now` absent: when the batch is decided). */
type DeskBid = Omit<BidCandidate, 'now'> & { now?: Date }
type Waiting = { bid: DeskBid; resolve: (answer: DeskAnswer) => void; reject: (error: unknown) => void }

/** A bid's fate at the desk: its outcome, or the auction is gone. */
export type DeskAnswer = { status: 'settled'; outcome: AcceptOutcome } | { status: 'not-found' }

/** Most bids settled in one statement. */
const MAX_BATCH = 200
/** Auctions remembered (one runs at a time; a few just closed). */
const REMEMBERED = 16

/** Queues being drained, by auction id. */
const queues = new Map<string, Waiting[]>()
/** Each auction as this process last read it under the lock or wrote it, by id. */
const memory = new Map<string, LockedAuction>()

/**
 * Batches this process settled, and how many of them were decided again under the lock because
 * another writer had moved the auction's version (issue #34 §6: the bench reports them).
 */
export const deskCounts = { batches: 0, retriedUnderLock: 0, decidedUnderLock: 0 }

const copy = (auction: LockedAuction): LockedAuction => ({
  ...auction,
  leader: auction.leader && { ...auction.leader },
})

function remember(auction: LockedAuction): void {
  memory.delete(auction.id)
  memory.set(auction.id, copy(auction))
  if (memory.size > REMEMBERED) memory.delete(memory.keys().next().value as string)
}

/**
 * Settles one bid of a browser holding the bidder's credential: queued behind the bids of the same
 * auction already waiting in this process, then decided with them.
 *
 * @param enchereId - the auction's id; `bid` - the bid (maximum in cents); its `now`, the rules'
 *   clock and the bid's stored time, is the moment its batch is decided when absent (tests give
 *   their own).
 * @returns the outcome ('accepted' with the stored bid, or the reason of a refusal), or
 *   'not-found' when the auction no longer exists.
 * @throws the database error of its batch (nothing of the batch is written).
 */
export function submitBid(enchereId: string, bid: DeskBid): Promise<DeskAnswer> {
  return new Promise((resolve, reject) => {
    const queue = queues.get(enchereId)
    if (queue) return void queue.push({ bid, resolve, reject })
    const fresh = [{ bid, resolve, reject }]
    queues.set(enchereId, fresh)
    void drain(enchereId, fresh)
  })
}

/** Settles the queue's bids batch after batch: those that arrive meanwhile form the next one. */
async function drain(enchereId: string, queue: Waiting[]): Promise<void> {
  try {
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH)
      try {
        const bids = batch.map((waiting) => waiting.bid)
        const answers = await settleBatch(enchereId, bids)
        for (const [index, waiting] of batch.entries())
          waiting.resolve(answers[index] ?? { status: 'not-found' })
      } catch (error) {
        for (const waiting of batch) waiting.reject(error)
      }
    }
  } finally {
    queues.delete(enchereId)
  }
}

/**
 * Settles one batch: decided on this process's memory of the auction and written in autocommit
 * when every bid falls in the remembered time window (a bid at the edge is decided under the
 * lock: another instance may have extended the end); else, or when the version moved, decided
 * under the lock in one transaction (the fallback path).
 */
async function settleBatch(enchereId: string, bids: DeskBid[]): Promise<DeskAnswer[]> {
  const setup = await loadBidSetup(enchereId)
  if (!setup) return bids.map(() => ({ status: 'not-found' }))
  deskCounts.batches++
  const known = memory.get(enchereId)
  const decidedAt = new Date()
  const timed = (now: Date) => bids.map((bid) => ({ ...bid, now: bid.now ?? now }))
  if (known && timed(decidedAt).every((bid) => bidWindow(known, bid.now) === 'open')) {
    const auction = copy(known)
    const { outcomes, write } = await decideBids(auction, timed(decidedAt), setup)
    // A batch that writes nothing checks the version too: no refusal is decided on a stale memory.
    const version = write ? await writeBids(getDb(), auction, known.version, write) : await unchanged(known)
    if (version !== null) {
      if (write) {
        remember({ ...auction, version })
        signalCommittedEmails(write.emails.length)
        deliverAuctionEvents(write.events)
      }
      return outcomes.map((outcome) => ({ status: 'settled', outcome }))
    }
    memory.delete(enchereId)
    deskCounts.retriedUnderLock++
  } else deskCounts.decidedUnderLock++
  const settled = await withOutbox(async (tx) => {
    const locked = await lockAuction(tx, enchereId)
    if (!locked) return null
    return { locked, ...(await acceptBidsLocked(tx, locked, timed(new Date()), setup)) }
  })
  if (!settled) return bids.map(() => ({ status: 'not-found' }))
  remember(settled.locked)
  deliverAuctionEvents(settled.events)
  return settled.outcomes.map((outcome) => ({ status: 'settled', outcome }))
}

/** `known`'s version while the row still has it (drizzle/0012: never the same twice), else null. */
async function unchanged({ id, version }: LockedAuction): Promise<number | null> {
  const [row] = await versionStatement().execute({ id })
  return row?.version === version ? version : null
}

/** {@link unchanged}'s read, prepared ({@link preparedStatement}): every refusal-only batch runs it. */
const versionStatement = preparedStatement((db) =>
  db
    .select({ version: encheres.version })
    .from(encheres)
    .where(eq(encheres.id, sql.placeholder('id')))
    .prepare('read_auction_version'),
)

/**
 * Readies this process for the bids of the active auction, if one is running (issue #10 §2: a
 * process started during a bidding war answers its first bids as fast as the next ones): reads
 * what a batch needs ({@link loadBidSetup}, kept in the site data cache), renders the templates
 * of the e-mails its bids queue and starts the mail transport ({@link prepareBidEmails}). The
 * auction scheduler calls it after each of its runs.
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
