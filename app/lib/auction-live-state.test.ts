import { describe, expect, it } from 'vitest'
import {
  type AuctionLiveState,
  applyAuctionEvent,
  formatPlannedEnd,
  formatRemaining,
  HISTORY_LIMIT,
  mergeLiveStates,
  type PublicBid,
  reserveText,
  splitRemaining,
} from './auction-live-state'
import { DEFAULT_BID_INCREMENTS } from './auction-rules'

const state: AuctionLiveState = {
  enchereId: 'e1',
  statut: 'active',
  prixDepart: '100.00',
  prixActuel: '150.00',
  nombreMises: 2,
  dateFin: '2030-01-01T12:00:00.000Z',
  bids: [
    { id: 'b2', prenom: 'Carl', montant: '150.00', creeLe: '2030-01-01T10:02:00.000Z' },
    { id: 'b1', prenom: 'Anne', montant: '120.00', creeLe: '2030-01-01T10:01:00.000Z' },
  ],
  paliers: DEFAULT_BID_INCREMENTS,
  reserveAtteinte: false,
}

const mise = (id: string, montant: string, creeLe = '2030-01-01T10:05:00.000Z'): PublicBid => ({
  id,
  prenom: 'Dora',
  montant,
  creeLe,
})

/** A bid event: bid `id` of `prixActuel` euros, the auction's count and (extended) end after it. */
const bidEvent = (id: string, prixActuel: string, nombreMises: number, dateFin: string) =>
  ({ type: 'bid', prixActuel, nombreMises, dateFin, mise: mise(id, prixActuel) }) as const

describe('applyAuctionEvent', () => {
  it('puts a new bid on top and takes its price, count and extended end', () => {
    const next = applyAuctionEvent(state, bidEvent('b3', '200.00', 3, '2030-01-01T12:02:00.000Z'))

    expect(next).toMatchObject({ prixActuel: '200.00', nombreMises: 3, dateFin: '2030-01-01T12:02:00.000Z' })
    expect(next.bids.map((bid) => bid.id)).toEqual(['b3', 'b2', 'b1'])
    expect(state.bids).toHaveLength(2)
  })

  it('never goes backwards when events arrive late or twice', () => {
    const newer = applyAuctionEvent(state, bidEvent('b4', '200.00', 4, '2030-01-01T12:03:00.000Z'))
    const late = applyAuctionEvent(newer, bidEvent('b3', '180.00', 3, '2030-01-01T12:02:00.000Z'))
    const again = applyAuctionEvent(late, bidEvent('b3', '180.00', 3, '2030-01-01T12:02:00.000Z'))

    expect(again).toMatchObject({ prixActuel: '200.00', nombreMises: 4, dateFin: '2030-01-01T12:03:00.000Z' })
    expect(again.bids.map((bid) => bid.id)).toEqual(['b4', 'b3', 'b2', 'b1'])
  })

  it('marks the auction closed, keeping the highest price', () => {
    const next = applyAuctionEvent(state, {
      type: 'closed',
      statut: 'termine_prix_atteint',
      prixActuel: '150.00',
    })
    expect(next.statut).toBe('termine_prix_atteint')
    expect(next.prixActuel).toBe('150.00')
  })

  it('keeps at most the history limit, highest first', () => {
    let current = { ...state, bids: [] as PublicBid[] }
    for (let index = 0; index < HISTORY_LIMIT + 3; index++) {
      current = applyAuctionEvent(current, {
        type: 'bid',
        prixActuel: `${200 + index}.00`,
        nombreMises: index + 1,
        dateFin: state.dateFin,
        mise: mise(`m${index}`, `${200 + index}.00`),
      })
    }
    expect(current.bids).toHaveLength(HISTORY_LIMIT)
    expect(current.bids[0]?.montant).toBe(`${200 + HISTORY_LIMIT + 2}.00`)
    expect(current.nombreMises).toBe(HISTORY_LIMIT + 3)
  })
})

describe('mergeLiveStates', () => {
  it('keeps a closed statut, the highest figures and every bid of both', () => {
    const closed = { ...state, statut: 'termine_prix_non_atteint' }
    const fresher = {
      ...state,
      prixActuel: '175.00',
      nombreMises: 3,
      bids: [mise('b9', '175.00'), ...state.bids],
    }
    const merged = mergeLiveStates(closed, fresher)
    expect(merged.statut).toBe('termine_prix_non_atteint')
    expect(merged.prixActuel).toBe('175.00')
    expect(merged.nombreMises).toBe(3)
    expect(merged.bids.map((bid) => bid.id)).toEqual(['b9', 'b2', 'b1'])
  })

  it('lists equal amounts earlier first', () => {
    const merged = mergeLiveStates(state, {
      ...state,
      bids: [
        mise('tard', '150.00', '2030-01-01T10:09:00.000Z'),
        mise('tot', '150.00', '2030-01-01T09:00:00.000Z'),
      ],
    })
    expect(merged.bids.map((bid) => bid.id)).toEqual(['tot', 'b2', 'tard', 'b1'])
  })
})

describe('splitRemaining', () => {
  it('splits into hours (beyond 24), minutes and seconds; nothing left is ended', () => {
    expect(splitRemaining(((26 * 60 + 5) * 60 + 9) * 1000 + 999)).toEqual({
      hours: 26,
      minutes: 5,
      seconds: 9,
      ended: false,
    })
    expect(splitRemaining(999)).toEqual({ hours: 0, minutes: 0, seconds: 0, ended: true })
    expect(splitRemaining(-5000).ended).toBe(true)
  })
})

describe('formatRemaining', () => {
  it("reads hours, minutes and seconds, or 'Enchère terminée' at the end or once closed", () => {
    expect(formatRemaining(((26 * 60 + 5) * 60 + 9) * 1000, false)).toBe('26 h 05 min 09 s')
    expect(formatRemaining(0, false)).toBe('Enchère terminée')
    expect(formatRemaining(60_000, true)).toBe('Enchère terminée')
  })
})

describe('reserve line (issue #10 §4)', () => {
  it('becomes met with a bid that says so and never goes back', () => {
    const met = applyAuctionEvent(state, {
      type: 'bid',
      prixActuel: '300.00',
      nombreMises: 3,
      dateFin: state.dateFin,
      mise: mise('b5', '300.00'),
      reserveAtteinte: true,
    })
    const late = applyAuctionEvent(met, {
      type: 'bid',
      prixActuel: '250.00',
      nombreMises: 3,
      dateFin: state.dateFin,
      mise: mise('b6', '250.00'),
      reserveAtteinte: false,
    })
    const unknown = applyAuctionEvent(state, {
      type: 'bid',
      prixActuel: '160.00',
      nombreMises: 3,
      dateFin: state.dateFin,
      mise: mise('b7', '160.00'),
    })

    expect(reserveText(met.reserveAtteinte)).toBe('Prix de réserve atteint')
    expect(late.reserveAtteinte).toBe(true)
    expect(reserveText(unknown.reserveAtteinte)).toBe('Prix de réserve non atteint')
    expect(mergeLiveStates({ ...state, reserveAtteinte: true }, state).reserveAtteinte).toBe(true)
    expect(reserveText(null)).toBeNull()
  })
})

describe('formatPlannedEnd (issue #36 §1)', () => {
  it('shows the seconds once a soft-close extension moved the end, in the site’s time zone', () => {
    expect(formatPlannedEnd('2026-11-28T17:56:00Z', false, 'Europe/Paris')).toBe('28 novembre 2026 à 18:56')
    expect(formatPlannedEnd('2026-11-28T17:56:31Z', true, 'Europe/Paris')).toBe('28 novembre 2026 à 18:56:31')
    expect(formatPlannedEnd('pas une date', true, 'Europe/Paris')).toBe('')
  })
})
