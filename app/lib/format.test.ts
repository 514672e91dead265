import { describe, expect, it } from 'vitest'
import { formatDate, formatPrice, readingTimeMinutes, yearIn } from './format'

describe('formatDate', () => {
  it('shows an instant on its Paris calendar day, even when UTC is the day before', () => {
    // 23:30 UTC on 31 December is already 1 January in Paris (UTC+1 in winter).
    expect(formatDate('2025-12-31T23:30:00Z', 'Europe/Paris')).toBe('1 janvier 2026')
    expect(formatDate('2025-12-31T23:30:00Z', 'UTC')).toBe('31 décembre 2025')
  })

  it('keeps a calendar day on that day whatever the zone', () => {
    expect(formatDate('2024-03-05', 'Pacific/Auckland')).toBe('5 mars 2024')
  })

  it('returns an empty text for an invalid date', () => {
    expect(formatDate('pas une date')).toBe('')
  })

  it('gives the year in the site zone', () => {
    expect(yearIn('2025-12-31T23:30:00Z', 'Europe/Paris')).toBe(2026)
  })
})

describe('formatPrice', () => {
  it('formats euros the French way from a numeric string', () => {
    // fr-FR uses a narrow no-break space as the thousands separator and a no-break space before €.
    expect(formatPrice('1250.00')).toBe('1\u202f250,00\u00a0€')
  })

  it('refuses what is not a number', () => {
    expect(formatPrice('abc')).toBe('')
  })
})

describe('readingTimeMinutes', () => {
  it('counts one minute per 1000 characters, rounded up', () => {
    expect(readingTimeMinutes('a'.repeat(1000))).toBe(1)
    expect(readingTimeMinutes('a'.repeat(1001))).toBe(2)
    expect(readingTimeMinutes('a'.repeat(2500))).toBe(3)
  })

  it('ignores HTML tags', () => {
    expect(readingTimeMinutes(`<p>${'a'.repeat(1000)}</p><p><strong></strong></p>`)).toBe(1)
  })
})
