import { describe, expect, it } from 'vitest'
import { dateTimeFormat } from '#app/lib/intl-formats'

describe('dateTimeFormat', () => {
  it('makes one formatter per locale, options and zone, and formats in that zone', () => {
    const paris = dateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' })
    expect(dateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' })).toBe(
      paris,
    )
    const tokyo = dateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Tokyo' })
    expect(tokyo).not.toBe(paris)
    const instant = new Date('2026-03-03T13:05:00Z')
    expect(paris.format(instant)).toBe('14:05')
    expect(tokyo.format(instant)).toBe('22:05')
    expect(dateTimeFormat('fr-FR', { hour: '2-digit', timeZone: 'Europe/Paris' })).not.toBe(paris)
  })

  it('throws for an unknown zone, as Intl does, and keeps nothing for it', () => {
    expect(() => dateTimeFormat('fr-FR', { timeZone: 'Mars/Olympus' })).toThrow(RangeError)
  })
})
