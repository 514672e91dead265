import { type BidIncrementStep, bidIncrementCents } from '#app/lib/auction-rules'

/**
 * A reference model of bidding as eBay plays it (issue #10 §3, issue #36 §1) for the tests,
 * written from the issues' words, state only (no rows): every bid is a maximum, kept (raised,
 * never lowered); the minimum bid is the price + the increment at the price (the start price
 * before any bid); "the higher maximum wins at the lower maximum + one increment, capped at its
 * own maximum; equal maxima: the earlier wins"; the leader raising their maximum does not move the
 * price — except that a leader's maximum reaching the reserve takes the price to the reserve.
 * Amounts in cents.
 */
export class ProxyModel {
  prixCents: number
  hasBids = false
  leader: string | null = null
  readonly maxima = new Map<string, number>()

  constructor(
    startCents: number,
    readonly steps: BidIncrementStep[],
    readonly reserveCents: number | null = null,
  ) {
    this.prixCents = startCents
  }

  /** The lowest acceptable bid now, cents. */
  minimum(): number {
    return this.hasBids ? this.prixCents + bidIncrementCents(this.steps, this.prixCents) : this.prixCents
  }

  /** The leader's maximum that can still bid (their maximum, or the price), cents. */
  leaderMax(): number {
    return Math.max(this.prixCents, this.leader ? (this.maxima.get(this.leader) ?? 0) : 0)
  }

  /**
   * Applies one maximum.
   * @returns false when it is under the minimum, or the leader's and not above their maximum
   *   (nothing changes), else true.
   */
  bid(email: string, maxCents: number): boolean {
    if (maxCents < this.minimum()) return false
    const standing = this.leaderMax()
    const holder = this.leader
    if (holder === email && maxCents <= standing) return false
    this.maxima.set(email, Math.max(this.maxima.get(email) ?? 0, maxCents))
    if (holder === email) return this.meetReserve()
    if (holder === null) {
      this.prixCents = this.minimum()
      this.leader = email
    } else if (maxCents > standing) {
      this.leader = email
      this.prixCents = Math.min(standing + bidIncrementCents(this.steps, standing), maxCents)
    } else {
      this.prixCents = Math.min(maxCents + bidIncrementCents(this.steps, maxCents), standing)
    }
    this.hasBids = true
    return this.meetReserve()
  }

  /** A leader's maximum at or above a reserve the price has not reached takes the price to it. */
  private meetReserve(): true {
    const reserve = this.reserveCents ?? 0
    if (this.prixCents < reserve && this.leaderMax() >= reserve) this.prixCents = reserve
    return true
  }
}

/**
 * Where eBay's rule leaves an auction once every maximum is in, whatever their order (ties aside):
 * the highest maximum leads at the second highest + one increment, capped at its own; alone, at
 * the start price.
 *
 * @param maxima - each bidder's highest accepted maximum, cents.
 * @returns the price, cents, and the leader's maximum.
 */
export function settledPrice(
  startCents: number,
  maxima: number[],
  steps: BidIncrementStep[],
): { prixCents: number; leaderMaxCents: number } {
  const [first = 0, second] = [...maxima].sort((a, b) => b - a)
  if (second === undefined) return { prixCents: startCents, leaderMaxCents: first }
  return { prixCents: Math.min(second + bidIncrementCents(steps, second), first), leaderMaxCents: first }
}
