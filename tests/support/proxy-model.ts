import { type BidIncrementStep, bidIncrementCents } from '#app/lib/auction-rules'

/**
 * A reference model of automatic bidding (issue #10 §3) for the tests, written from the issue's
 * words, state only (no rows): every bidder's maximum is kept (raised, never lowered); the minimum
 * bid is the price + the increment at the price (the start price before any bid); a bidder's
 * maximum is the greater of their amount and the maximum they left. When a new bid meets the
 * leader's maximum, "the higher wins at the lower maximum + one increment, capped at its own
 * maximum; equal maxima: the earlier wins" — and a new bid above the leader's maximum wins at its
 * own amount. Amounts in cents.
 */
export class ProxyModel {
  prixCents: number
  hasBids = false
  leader: string | null = null
  readonly maxima = new Map<string, number>()

  constructor(
    startCents: number,
    readonly steps: BidIncrementStep[],
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
   * Applies one bid; `maxCents` null without a maximum.
   * @returns false when it is under the minimum (nothing changes), else true.
   */
  bid(email: string, amountCents: number, maxCents: number | null): boolean {
    if (amountCents < this.minimum()) return false
    const own = Math.max(amountCents, maxCents ?? 0)
    const standing = this.leaderMax()
    const holder = this.leader
    if (maxCents !== null) this.maxima.set(email, Math.max(this.maxima.get(email) ?? 0, own))
    this.hasBids = true
    if (holder === null || holder === email) {
      this.prixCents = amountCents
      this.leader = email
    } else if (own > standing) {
      this.leader = email
      this.prixCents =
        amountCents > standing
          ? amountCents
          : Math.min(standing + bidIncrementCents(this.steps, standing), own)
    } else {
      this.prixCents = Math.min(own + bidIncrementCents(this.steps, own), standing)
    }
    return true
  }
}
