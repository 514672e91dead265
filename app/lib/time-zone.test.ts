import { describe, expect, it } from 'vitest'
import { formatZonedDateTimeInput, parseZonedDateTime, timeZoneLabel } from './time-zone'

const paris = (value: string) => parseZonedDateTime(value, 'Europe/Paris')?.toISOString() ?? null

describe('parseZonedDateTime', () => {
  it('reads wall-clock times in Paris, winter and summer, whatever the server zone', () => {
    expect(paris('2026-03-03T14:05')).toBe('2026-03-03T13:05:00.000Z')
    expect(paris('2026-07-03T14:05')).toBe('2026-07-03T12:05:00.000Z')
    expect(paris('2026-12-31T23:59:30')).toBe('2026-12-31T22:59:30.000Z')
    expect(parseZonedDateTime('2026-07-03T14:05', 'America/New_York')?.toISOString()).toBe(
      '2026-07-03T18:05:00.000Z',
    )
  })

  it('reads a time skipped in spring one hour later, and a repeated autumn time as its first occurrence', () => {
    expect(paris('2026-03-29T02:30')).toBe('2026-03-29T01:30:00.000Z')
    expect(paris('2026-10-25T02:30')).toBe('2026-10-25T00:30:00.000Z')
    expect(paris('2026-10-25T03:30')).toBe('2026-10-25T02:30:00.000Z')
  })

  it('refuses what is not a date-time', () => {
    for (const value of [
      '',
      'demain',
      '2026-02-30T10:00',
      '2026-03-03',
      '2026-03-03T24:00',
      '2026-13-01T10:00',
    ]) {
      expect(paris(value), value).toBeNull()
    }
  })
})

describe('formatZonedDateTimeInput', () => {
  it('writes an instant as a Paris datetime-local value, and reads back the same', () => {
    expect(formatZonedDateTimeInput(new Date('2026-03-03T13:05:42Z'), 'Europe/Paris')).toBe(
      '2026-03-03T14:05',
    )
    expect(formatZonedDateTimeInput(new Date('2026-07-03T22:30:00Z'), 'Europe/Paris')).toBe(
      '2026-07-04T00:30',
    )
    expect(paris(formatZonedDateTimeInput(new Date('2026-07-03T22:30:00Z'), 'Europe/Paris'))).toBe(
      '2026-07-03T22:30:00.000Z',
    )
  })
})

describe('timeZoneLabel (issue #36 §6)', () => {
  it('names the zone by its city, or as it is', () => {
    expect(timeZoneLabel('Europe/Paris')).toBe('Heure de Paris')
    expect(timeZoneLabel('America/New_York')).toBe('Heure de New York')
    expect(timeZoneLabel('UTC')).toBe('Heure UTC')
  })
})
