import { describe, expect, it } from 'vitest'
import { buildPriceChart } from './auction-price-chart'

const at = (minute: number) => new Date(Date.UTC(2026, 4, 1, 12, minute)).toISOString()
const bid = (montant: string, minute: number, automatique = false, prenom = 'Lina') => ({
  montant,
  creeLe: at(minute),
  automatique,
  prenom,
})

describe('buildPriceChart (issue #10 §4, issue #36 §3)', () => {
  it('steps from the start price through the accepted bids in acceptance order, automatic ones marked', () => {
    const chart = buildPriceChart(
      {
        prixDepart: '100.00',
        prixReserve: '200.00',
        dateDebut: at(0),
        dateFin: at(60),
        dateFinInitiale: null,
      },
      [bid('150.00', 20, true, 'Paul'), bid('120.00', 10)],
      2,
    )
    expect(chart.start).toEqual({ at: Date.parse(at(0)), cents: 10_000 })
    expect(chart.points).toEqual([
      { at: Date.parse(at(10)), cents: 12_000, automatique: false, prenom: 'Lina' },
      { at: Date.parse(at(20)), cents: 15_000, automatique: true, prenom: 'Paul' },
    ])
    expect(chart.reserveCents).toBe(20_000)
    expect(chart.extensions).toEqual([])
  })

  it('finds the soft-close extensions again from the original end; no reserve is null', () => {
    const chart = buildPriceChart(
      { prixDepart: '100.00', prixReserve: null, dateDebut: at(0), dateFin: at(63), dateFinInitiale: at(60) },
      [bid('110.00', 30), bid('120.00', 59), bid('130.00', 61, true)],
      2,
    )
    expect(chart.extensions).toEqual([
      { at: Date.parse(at(59)), until: Date.parse(at(61)) },
      { at: Date.parse(at(61)), until: Date.parse(at(63)) },
    ])
    expect(chart.reserveCents).toBeNull()
  })
})
