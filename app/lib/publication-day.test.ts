import { describe, expect, it } from 'vitest'
import { publicationDayOf, publicationDayStart } from '#app/lib/time-zone'

describe('publication day in the site time zone', () => {
  it('starts the day at local midnight, summer and winter time alike', () => {
    expect(publicationDayStart('2026-07-14', 'Europe/Paris').toISOString()).toBe('2026-07-13T22:00:00.000Z')
    expect(publicationDayStart('2026-01-05', 'Europe/Paris').toISOString()).toBe('2026-01-04T23:00:00.000Z')
    expect(publicationDayStart('2026-03-29', 'Europe/Paris').toISOString()).toBe('2026-03-28T23:00:00.000Z')
    expect(publicationDayStart('2026-05-01', 'America/New_York').toISOString()).toBe(
      '2026-05-01T04:00:00.000Z',
    )
  })

  it('gives back the same day for the form', () => {
    for (const day of ['2026-07-14', '2026-01-05', '2026-03-29', '2026-10-25']) {
      expect(publicationDayOf(publicationDayStart(day, 'Europe/Paris'), 'Europe/Paris')).toBe(day)
    }
    expect(publicationDayOf(null, 'Europe/Paris')).toBe('')
  })
})
