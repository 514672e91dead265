/** Offset in ms of `timeZone` from UTC at the instant `ms` (local wall time − UTC). */
function zoneOffset(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms))
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value)
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  )
  return wall - Math.floor(ms / 1000) * 1000
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
  let instant = wall - zoneOffset(wall, timeZone)
  const corrected = wall - zoneOffset(instant, timeZone)
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
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(value)
}
