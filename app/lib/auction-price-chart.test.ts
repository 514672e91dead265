import { describe, expect, it } from 'vitest'
import { buildPriceChart } from './auction-price-chart'

const at = (minute: number) => new Date(Date.UTC(2026, 4, 1, 12, minute)).toISOString()

describe('buildPriceChart (issue #10 §4)', () => {
  it('steps from the start price through the accepted bids in acceptance order', () => {
    const chart = buildPriceChart(
      { prixDepart: '100.00', dateDebut: at(0), dateFin: at(60), dateFinInitiale: null },
      [
        { montant: '150.00', creeLe: at(20) },
        { montant: '120.00', creeLe: at(10) },
      ],
      2,
    )
    expect(chart.points).toEqual([
      { at: Date.parse(at(0)), cents: 10_000 },
      { at: Date.parse(at(10)), cents: 12_000 },
      { at: Date.parse(at(20)), cents: 15_000 },
    ])
    expect(chart.extensions).toEqual([])
  })

  it('finds the soft-close extensions again from the original end', () => {
    const chart = buildPriceChart(
      { prixDepart: '100.00', dateDebut: at(0), dateFin: at(63), dateFinInitiale: at(60) },
      [
        { montant: '110.00', creeLe: at(30) },
        { montant: '120.00', creeLe: at(59) },
        { montant: '130.00', creeLe: at(61) },
      ],
      2,
    )
    expect(chart.extensions).toEqual([
      { at: Date.parse(at(59)), until: Date.parse(at(61)) },
      { at: Date.parse(at(61)), until: Date.parse(at(63)) },
    ])
  })
})
