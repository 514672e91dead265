/**
 * Bidding as eBay plays it (issue #10 §3, issue #36 §1): a bidder gives the most they would pay —
 * their maximum — and the site bids for them by the increment table, up to it. Amounts in integer
 * cents. The server's decideBids (app/services/auctions/accept-bid.server.ts) runs it bid by bid.
 *
 * Only the leader's maximum can ever bid again: every resolution leaves the loser's maximum at or
 * under the new price, and prices only rise. So the state is the price, the leader and the
 * leader's maximum (never under the price).
 */
import { type BidIncrementStep, bidIncrementCents, minimumBidCents } from './auction-rules'

/** A bidder as their bids are stored (address, names). */
export type ProxyBidder = { email: string; nom: string; prenom: string }

/**
 * An auction's bidding state: price (cents), whether bids made it, the leader and their maximum
 * (cents, ≥ the price), and the reserve price (cents; null or absent without one).
 */
export type ProxyState = {
  prixCents: number
  hasBids: boolean
  leader: (ProxyBidder & { maxCents: number }) | null
  reserveCents?: number | null
}

/** A bid as submitted: the bidder and their maximum (cents). */
export type ProxyEntry = ProxyBidder & { maxCents: number }

/** One bid row a resolution stores, in order; `isEntry` marks the submitted bidder's own row. */
export type ProxyRow = ProxyBidder & { cents: number; isEntry: boolean }

export type ProxyResolution =
  /** Under the minimum bid; or, from the leader, not above the maximum they already left. */
  | { status: 'too-low' | 'not-above-maximum' }
  | {
      status: 'resolved'
      /** The rows to store, amounts strictly rising; at most one has `isEntry`; none when the leader raised their maximum. */
      rows: ProxyRow[]
      /** The state after them. */
      state: ProxyState
    }

/**
 * Resolves one submitted maximum X against the state (eBay's rule, issue #36 §1):
 * - X must reach {@link minimumBidCents} (the price + its increment; the start price before any
 *   bid), else 'too-low';
 * - the leader raising their maximum: no row, the price stays where it is, the maximum becomes X
 *   ('not-above-maximum' when X is not above the one they left);
 * - the first bid goes in at the start price;
 * - against a leader's maximum M ≥ X (equal: the earlier, the leader, wins) the entry bids X (no
 *   row when X = M) and the leader's automatic bid answers at min(X + increment(X), M);
 * - against M < X the entry leads at min(M + increment(M), X), never under the minimum, after the
 *   leader's automatic bid went to M (when M is above the price);
 * - the reserve (eBay's rule): when the leader's maximum reaches a reserve the price has not, the
 *   leader's last bid goes to the reserve (a leader raising their maximum to it bids it).
 *
 * @param state - the state before the entry ({@link ProxyState}).
 * @param entry - the bidder and their maximum (cents).
 * @param steps - the increment table.
 * @returns 'too-low', 'not-above-maximum', or the rows to store in order and the state after them.
 */
export function resolveProxyBid(
  state: ProxyState,
  entry: ProxyEntry,
  steps: BidIncrementStep[],
): ProxyResolution {
  const minimum = minimumBidCents(state, steps)
  if (entry.maxCents < minimum) return { status: 'too-low' }
  const { maxCents: entryMax, ...bidder } = entry
  const row = (who: ProxyBidder, cents: number, isEntry: boolean): ProxyRow => ({ ...who, cents, isEntry })
  const after = (decided: ProxyRow[], leader: ProxyBidder, maxCents: number): ProxyResolution => {
    const reserve = state.reserveCents ?? 0
    const last = decided.at(-1)
    const rows =
      (last?.cents ?? state.prixCents) < reserve && maxCents >= reserve
        ? last
          ? [...decided.slice(0, -1), { ...last, cents: reserve }]
          : [row(leader, reserve, leader.email === entry.email)]
        : decided
    const prixCents = rows.at(-1)?.cents ?? state.prixCents
    return {
      status: 'resolved',
      rows,
      state: { ...state, prixCents, hasBids: true, leader: { ...leader, maxCents } },
    }
  }
  const { leader } = state
  if (!leader) return after([row(bidder, minimum, true)], bidder, entryMax)
  const { maxCents: leaderMax, ...holder } = leader
  if (leader.email === entry.email) {
    return entryMax > leaderMax ? after([], bidder, entryMax) : { status: 'not-above-maximum' }
  }
  if (entryMax > leaderMax) {
    const winning = Math.min(Math.max(leaderMax + bidIncrementCents(steps, leaderMax), minimum), entryMax)
    const answer = leaderMax > state.prixCents ? [row(holder, leaderMax, false)] : []
    return after([...answer, row(bidder, winning, true)], bidder, entryMax)
  }
  const answer = Math.min(entryMax + bidIncrementCents(steps, entryMax), leaderMax)
  const rows =
    entryMax < leaderMax
      ? [row(bidder, entryMax, true), row(holder, answer, false)]
      : [row(holder, answer, false)]
  return after(rows, holder, leaderMax)
}
