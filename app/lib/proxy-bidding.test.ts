import { describe, expect, it } from 'vitest'
import { ProxyModel } from '#tests/support/proxy-model'
import { DEFAULT_BID_INCREMENTS } from './auction-rules'
import { type ProxyEntry, type ProxyState, resolveProxyBid } from './proxy-bidding'

const who = (email: string) => ({ email, nom: email.toUpperCase(), prenom: email })
const entry = (email: string, maxCents: number): ProxyEntry => ({ ...who(email), maxCents })
const leading = (email: string, prixCents: number, maxCents: number): ProxyState => ({
  prixCents,
  hasBids: true,
  leader: { ...who(email), maxCents },
})
const rowsOf = (state: ProxyState, bid: ProxyEntry) => {
  const resolution = resolveProxyBid(state, bid, DEFAULT_BID_INCREMENTS)
  return resolution.status === 'resolved'
    ? resolution.rows.map((row) => [row.email, row.cents, row.isEntry])
    : resolution.status
}

describe('resolveProxyBid (issue #10 §3, issue #36 §1: eBay’s rule)', () => {
  it('takes a first maximum at the start price and keeps it', () => {
    const start: ProxyState = { prixCents: 10_000, hasBids: false, leader: null }
    expect(resolveProxyBid(start, entry('a', 20_000), DEFAULT_BID_INCREMENTS)).toEqual({
      status: 'resolved',
      rows: [{ ...who('a'), cents: 10_000, isEntry: true }],
      state: { prixCents: 10_000, hasBids: true, leader: { ...who('a'), maxCents: 20_000 } },
    })
    expect(rowsOf(start, entry('a', 9_999))).toBe('too-low')
  })

  it('lets a leader raise their maximum without moving the price', () => {
    // a leads at 400 € with 400 €; raising to 600 € stores no bid: the price stays at 400 €.
    const resolution = resolveProxyBid(
      leading('a', 40_000, 40_000),
      entry('a', 60_000),
      DEFAULT_BID_INCREMENTS,
    )
    expect(resolution).toEqual({
      status: 'resolved',
      rows: [],
      state: { prixCents: 40_000, hasBids: true, leader: { ...who('a'), maxCents: 60_000 } },
    })
    // Not above the maximum they left: refused, nothing changes.
    expect(rowsOf(leading('a', 40_000, 60_000), entry('a', 50_000))).toBe('not-above-maximum')
    // Under the minimum (400 € + 5 €): refused as any bid.
    expect(rowsOf(leading('a', 40_000, 40_000), entry('a', 40_400))).toBe('too-low')
  })

  it("answers a lower maximum with the leader's automatic bid: that maximum + one increment, capped", () => {
    expect(rowsOf(leading('a', 10_000, 20_000), entry('b', 18_000))).toEqual([
      ['b', 18_000, true],
      ['a', 18_500, false],
    ])
    expect(rowsOf(leading('a', 10_000, 20_000), entry('b', 19_800))).toEqual([
      ['b', 19_800, true],
      ['a', 20_000, false],
    ])
  })

  it('gives equal maxima to the earlier: the later stores nothing and the price reaches the maximum', () => {
    expect(rowsOf(leading('a', 10_000, 20_000), entry('b', 20_000))).toEqual([['a', 20_000, false]])
  })

  it('lets a higher maximum lead at the lower maximum + one increment, capped at its own', () => {
    expect(rowsOf(leading('a', 10_000, 20_000), entry('b', 30_000))).toEqual([
      ['a', 20_000, false],
      ['b', 20_500, true],
    ])
    expect(rowsOf(leading('a', 10_000, 20_000), entry('b', 20_300))).toEqual([
      ['a', 20_000, false],
      ['b', 20_300, true],
    ])
    // A leader at their maximum is simply outbid at the minimum.
    expect(rowsOf(leading('a', 10_000, 10_000), entry('b', 30_000))).toEqual([['b', 10_500, true]])
  })

  it('takes the price to the reserve once the leader’s maximum reaches it (eBay’s rule)', () => {
    const start: ProxyState = { prixCents: 10_000, hasBids: false, leader: null, reserveCents: 20_000 }
    // A lone bidder whose maximum reaches the reserve: in at the reserve, not the start price.
    expect(rowsOf(start, entry('a', 50_000))).toEqual([['a', 20_000, true]])
    // Under it: at the start price.
    expect(rowsOf(start, entry('a', 15_000))).toEqual([['a', 10_000, true]])
    const reserved = { ...leading('a', 10_000, 15_000), reserveCents: 20_000 }
    // The leader raising their maximum to the reserve bids it.
    expect(rowsOf(reserved, entry('a', 25_000))).toEqual([['a', 20_000, true]])
    // An automatic answer that reaches the reserve goes to it.
    expect(rowsOf({ ...leading('a', 10_000, 30_000), reserveCents: 20_000 }, entry('b', 12_000))).toEqual([
      ['b', 12_000, true],
      ['a', 20_000, false],
    ])
    // Once met, prices move as without a reserve.
    expect(rowsOf({ ...leading('a', 20_000, 20_000), reserveCents: 20_000 }, entry('a', 30_000))).toEqual([])
  })

  it('agrees with the reference model on a long random war', () => {
    let seed = 42
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed / 2 ** 31
    }
    const model = new ProxyModel(4_000, DEFAULT_BID_INCREMENTS, 60_000)
    let state: ProxyState = { prixCents: 4_000, hasBids: false, leader: null, reserveCents: 60_000 }
    for (let turn = 0; turn < 2_000; turn++) {
      const bid = entry(`b${Math.floor(random() * 6)}`, model.minimum() + Math.floor(random() * 8_000) - 500)
      const resolution = resolveProxyBid(state, bid, DEFAULT_BID_INCREMENTS)
      expect(model.bid(bid.email, bid.maxCents)).toBe(resolution.status === 'resolved')
      if (resolution.status !== 'resolved') continue
      // The first bid goes in at the start price itself; every later row rises.
      let previous = state.hasBids ? state.prixCents : state.prixCents - 1
      for (const row of resolution.rows) {
        expect(row.cents).toBeGreaterThan(previous)
        previous = row.cents
      }
      state = resolution.state
      expect([state.prixCents, state.leader?.email, state.leader?.maxCents]).toEqual([
        model.prixCents,
        model.leader,
        model.leaderMax(),
      ])
    }
  })
})
