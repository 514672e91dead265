/**
 * Automatic (proxy) bidding as a pure function (issue #10 §3): a bidder may leave a maximum and the
 * server bids for them by the increment when they are outbid, up to it. Amounts in integer cents.
 * The server's acceptBidsLocked (app/services/auctions/accept-bid.server.ts) runs it bid by bid.
 *
 * Only the leader's maximum can ever bid again: every resolution leaves the loser's maximum at or
 * under the new price, and prices only rise. So the state is the price, the leader and the
 * leader's maximum (never under the price).
 */
import { type BidIncrementStep, bidIncrementCents, minimumBidCents } from './auction-rules'

/** A bidder as their bids are stored (address, names). */
export type ProxyBidder = { email: string; nom: string; prenom: string }

/** An auction's bidding state: price (cents), whether bids made it, the leader and their maximum (cents, ≥ the price). */
export type ProxyState = {
  prixCents: number
  hasBids: boolean
  leader: (ProxyBidder & { maxCents: number }) | null
}

/** A bid as submitted: its amount and, optionally, the maximum left for automatic bids (cents). */
export type ProxyEntry = ProxyBidder & { amountCents: number; maxCents: number | null }

/** One bid row a resolution stores, in order; `isEntry` marks the submitted bidder's own row. */
export type ProxyRow = ProxyBidder & { cents: number; isEntry: boolean }

export type ProxyResolution =
  | { status: 'too-low' }
  | {
      status: 'resolved'
      /** The rows to store, amounts strictly rising; at most one has `isEntry`. */
      rows: ProxyRow[]
      /** The state after them. */
      state: ProxyState
    }

/**
 * Resolves one submitted bid against the state (issue #10 §3, eBay's rule): the amount must reach
 * {@link minimumBidCents}, else 'too-low'. The entry's maximum is the greater of its amount and
 * its maximum. Against a leader whose maximum M is higher or equal (equal: the earlier, the
 * leader, wins) the entry bids its maximum X (no row when X = M) and the leader's automatic bid
 * answers at min(X + increment(X), M). Against a lower M, the entry wins: at its amount when that
 * is above M; otherwise the leader's automatic bid goes to M and the entry's to
 * min(M + increment(M), X). The leader raising their own bid bids the amount and keeps the
 * greater maximum. Rows strictly rise.
 *
 * @param state - the state before the entry ({@link ProxyState}).
 * @param entry - the submitted bid (cents); `maxCents` null without a maximum.
 * @param steps - the increment table.
 * @returns 'too-low', or the rows to store in order and the state after them.
 */
export function resolveProxyBid(
  state: ProxyState,
  entry: ProxyEntry,
  steps: BidIncrementStep[],
): ProxyResolution {
  if (entry.amountCents < minimumBidCents(state, steps)) return { status: 'too-low' }
  const { amountCents, maxCents: _max, ...bidder } = entry
  const entryMax = Math.max(amountCents, entry.maxCents ?? 0)
  const row = (who: ProxyBidder, cents: number, isEntry: boolean): ProxyRow => ({ ...who, cents, isEntry })
  const after = (rows: ProxyRow[], leader: ProxyBidder, maxCents: number): ProxyResolution => ({
    status: 'resolved',
    rows,
    state: {
      prixCents: rows.at(-1)?.cents ?? state.prixCents,
      hasBids: true,
      leader: { ...leader, maxCents },
    },
  })
  const { leader } = state
  if (!leader || leader.email === entry.email) {
    return after([row(bidder, amountCents, true)], bidder, Math.max(entryMax, leader?.maxCents ?? 0))
  }
  const { maxCents: leaderMax, ...holder } = leader
  if (entryMax > leaderMax) {
    if (amountCents > leaderMax) return after([row(bidder, amountCents, true)], bidder, entryMax)
    const winning = Math.min(leaderMax + bidIncrementCents(steps, leaderMax), entryMax)
    return after([row(holder, leaderMax, false), row(bidder, winning, true)], bidder, entryMax)
  }
  const answer = Math.min(entryMax + bidIncrementCents(steps, entryMax), leaderMax)
  const rows =
    entryMax < leaderMax
      ? [row(bidder, entryMax, true), row(holder, answer, false)]
      : [row(holder, answer, false)]
  return after(rows, holder, leaderMax)
}
