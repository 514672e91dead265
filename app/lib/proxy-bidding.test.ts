import { describe, expect, it } from 'vitest'
import { ProxyModel } from '#tests/support/proxy-model'
import { type BidIncrementStep, DEFAULT_BID_INCREMENTS, minimumBidCents } from './auction-rules'
import { type ProxyEntry, type ProxyState, resolveProxyBid } from './proxy-bidding'

const who = (email: string) => ({ email, nom: email.toUpperCase(), prenom: email })
const entry = (email: string, amountCents: number, maxCents: number | null = null): ProxyEntry => ({
  ...who(email),
  amountCents,
  maxCents,
})
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

describe('resolveProxyBid (issue #10 §3)', () => {
  it('takes a first bid at the start price and keeps its maximum', () => {
    const start: ProxyState = { prixCents: 10_000, hasBids: false, leader: null }
    expect(resolveProxyBid(start, entry('a', 10_000, 20_000), DEFAULT_BID_INCREMENTS)).toEqual({
      status: 'resolved',
      rows: [{ ...who('a'), cents: 10_000, isEntry: true }],
      state: { prixCents: 10_000, hasBids: true, leader: { ...who('a'), maxCents: 20_000 } },
    })
    expect(rowsOf(start, entry('a', 9_999))).toBe('too-low')
  })

  it("answers a lower bid with the leader's automatic bid: the bid + one increment, capped at the maximum", () => {
    // a leads at 100 € with a 200 € maximum; b bids 120 €: a answers at 125 €.
    expect(rowsOf(leading('a', 10_000, 20_000), entry('b', 12_000))).toEqual([
      ['b', 12_000, true],
      ['a', 12_500, false],
    ])
    // b's own maximum 180 € loses: b bids it, a answers at 185 €.
    expect(rowsOf(leading('a', 10_000, 20_000), entry('b', 12_000, 18_000))).toEqual([
      ['b', 18_000, true],
      ['a', 18_500, false],
    ])
    // Capped: b's 198 € is answered at a's 200 €, under one increment above.
    expect(rowsOf(leading('a', 10_000, 20_000), entry('b', 12_000, 19_800))).toEqual([
      ['b', 19_800, true],
      ['a', 20_000, false],
    ])
  })

  it('gives equal maxima to the earlier: the later bid stores nothing and the price reaches the maximum', () => {
    expect(rowsOf(leading('a', 10_000, 20_000), entry('b', 12_000, 20_000))).toEqual([['a', 20_000, false]])
    expect(rowsOf(leading('a', 10_000, 20_000), entry('b', 20_000))).toEqual([['a', 20_000, false]])
  })

  it('lets a higher maximum win at the lower maximum + one increment, or at its amount above it', () => {
    expect(rowsOf(leading('a', 10_000, 20_000), entry('b', 12_000, 30_000))).toEqual([
      ['a', 20_000, false],
      ['b', 20_500, true],
    ])
    expect(rowsOf(leading('a', 10_000, 20_000), entry('b', 12_000, 20_300))).toEqual([
      ['a', 20_000, false],
      ['b', 20_300, true],
    ])
    expect(rowsOf(leading('a', 10_000, 20_000), entry('b', 25_000, 30_000))).toEqual([['b', 25_000, true]])
    // A leader without a maximum is simply outbid.
    expect(rowsOf(leading('a', 10_000, 10_000), entry('b', 10_500, 30_000))).toEqual([['b', 10_500, true]])
  })

  it('lets the leader raise their own bid and keeps their greater maximum', () => {
    const resolution = resolveProxyBid(
      leading('a', 10_000, 20_000),
      entry('a', 11_000),
      DEFAULT_BID_INCREMENTS,
    )
    expect(resolution).toMatchObject({
      rows: [{ email: 'a', cents: 11_000, isEntry: true }],
      state: { prixCents: 11_000, leader: { email: 'a', maxCents: 20_000 } },
    })
  })

  it('ends where the reference model ends, over random sequences of bids and maxima', () => {
    const steps: BidIncrementStep[] = [
      { belowCents: 5_000, stepCents: 100 },
      { belowCents: 20_000, stepCents: 250 },
      { belowCents: null, stepCents: 1_000 },
    ]
    let seed = 424_242
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed / 2 ** 31
    }
    for (let round = 0; round < 200; round++) {
      const model = new ProxyModel(2_000, steps)
      let state: ProxyState = { prixCents: 2_000, hasBids: false, leader: null }
      for (let index = 0; index < 30; index++) {
        const email = `b${Math.floor(random() * 5)}`
        const amountCents = minimumBidCents(state, steps) - 300 + Math.floor(random() * 2_000)
        const maxCents = random() < 0.5 ? amountCents + 1 + Math.floor(random() * 20_000) : null
        const resolution = resolveProxyBid(state, entry(email, amountCents, maxCents), steps)
        const accepted = model.bid(email, amountCents, maxCents)
        expect(resolution.status === 'resolved', `round ${round}, bid ${index}`).toBe(accepted)
        if (resolution.status !== 'resolved') continue
        let previous = state.prixCents - (state.hasBids ? 0 : 1)
        for (const row of resolution.rows) {
          expect(row.cents).toBeGreaterThan(previous)
          previous = row.cents
        }
        expect(resolution.rows.filter((row) => row.isEntry).length).toBeLessThanOrEqual(1)
        state = resolution.state
        expect(resolution.rows.at(-1)?.email).toBe(state.leader?.email)
        expect([state.prixCents, state.leader?.email], `round ${round}, bid ${index}`).toEqual([
          model.prixCents,
          model.leader,
        ])
        expect(state.leader?.maxCents).toBe(model.leaderMax())
      }
    }
  })
})
