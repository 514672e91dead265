/**
 * Wall-clock times and days in the site's time zone (DESIGN.md §4: "Admin date-time inputs are
 * Paris time", whatever the server's own zone): the admin's date-time inputs (auctions, articles)
 * and an episode's publication day. Pure functions on IANA zones through `Intl`, the one
 * implementation of a zone's offset in the app.
 */

import { dateTimeFormat } from '#app/lib/intl-formats'

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

/** The zone's offset from UTC at an instant, in ms (Paris: +3 600 000 in winter, +7 200 000 in summer). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant))
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value)
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  return asUtc - Math.floor(instant / 1000) * 1000
}

/**
 * Reads a `datetime-local` value ('2026-03-03T14:05') as a wall-clock time in `timeZone`.
 * A time skipped by the spring change (02:30 in Paris on the last Sunday of March) is read one
 * hour later, as clocks show it; a repeated autumn time is read as its first occurrence.
 *
 * @returns the instant, or null when the text is not a valid date-time.
 */
export function parseZonedDateTime(value: string, timeZone: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(value.trim())
  if (!match) return null
  const [, y, mo, d, h, mi, s = '0'] = match
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s))
  const check = new Date(wall)
  if (
    check.getUTCFullYear() !== Number(y) ||
    check.getUTCMonth() !== Number(mo) - 1 ||
    check.getUTCDate() !== Number(d) ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 59
  ) {
    return null
  }
  // The offset before and after the wall time: take the earlier reading that shows this wall time.
  const before = zoneOffsetMs(wall - 86_400_000, timeZone)
  const after = zoneOffsetMs(wall + 86_400_000, timeZone)
  for (const offset of [Math.max(before, after), Math.min(before, after)]) {
    const instant = wall - offset
    if (zoneOffsetMs(instant, timeZone) === offset) return new Date(instant)
  }
  // Skipped wall time (spring forward): shift by the gap, as a clock would show it.
  return new Date(wall - Math.min(before, after))
}

/**
 * Writes an instant as a `datetime-local` value ('2026-03-03T14:05') in `timeZone`, to the minute.
 */
export function formatZonedDateTimeInput(instant: Date, timeZone: string): string {
  const local = new Date(instant.getTime() + zoneOffsetMs(instant.getTime(), timeZone))
  return local.toISOString().slice(0, 16)
}

/**
 * The instant an episode's publication day starts in the site's time zone (back-office spec §3
 * "date_publication"; the form's date field gives a day, the column stores an instant).
 *
 * @param day - "YYYY-MM-DD" (already validated).
 * @param timeZone - IANA zone (SITE_TIMEZONE), e.g. 'Europe/Paris'.
 * @returns midnight of that day in `timeZone`, as a Date (so formatDate shows that day).
 */
export function publicationDayStart(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  const wall = Date.UTC(year, month - 1, date)
  let instant = wall - zoneOffsetMs(wall, timeZone)
  const corrected = wall - zoneOffsetMs(instant, timeZone)
  if (corrected !== instant) instant = corrected
  return new Date(instant)
}

/**
 * The calendar day of an instant in the site's time zone, for the form's date field.
 *
 * @param value - stored date_publication, or null.
 * @param timeZone - IANA zone (SITE_TIMEZONE).
 * @returns "YYYY-MM-DD", or '' when there is no date.
 */
export function publicationDayOf(value: Date | null, timeZone: string): string {
  if (!value) return ''
  return dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(value)
}

/**
 * How the back-office names the site's time zone beside its date fields (issue #36 §6), from the
 * IANA zone's city: 'Europe/Paris' → 'Heure de Paris', 'America/New_York' → 'Heure de New York',
 * 'UTC' → 'Heure UTC'.
 *
 * @param timeZone - IANA zone (SITE_TIMEZONE).
 */
export function timeZoneLabel(timeZone: string): string {
  const city = timeZone.includes('/')
    ? timeZone.slice(timeZone.lastIndexOf('/') + 1).replaceAll('_', ' ')
    : ''
  return city ? `Heure de ${city}` : `Heure ${timeZone}`
}
