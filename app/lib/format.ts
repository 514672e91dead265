import { htmlToText } from '#app/lib/html-text'
import { dateTimeFormat } from '#app/lib/intl-formats'

/** Default display time zone (DESIGN.md §4); the server passes SITE_TIMEZONE to every page. */
export const DEFAULT_TIME_ZONE = 'Europe/Paris'

type DateInput = Date | string | number

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/

function toDate(value: DateInput): Date {
  if (value instanceof Date) return value
  if (typeof value === 'string' && CALENDAR_DAY.test(value)) return new Date(`${value}T00:00:00Z`)
  return new Date(value)
}

/** A bare date (YYYY-MM-DD) is a calendar day, not an instant: it is shown on that day in every zone. */
function zoneFor(value: DateInput, timeZone: string): string {
  return typeof value === 'string' && CALENDAR_DAY.test(value) ? 'UTC' : timeZone
}

/**
 * Formats a date in French, in the site's time zone, e.g. "3 mars 2026" (public spec §1: dates in
 * French locale; "publication date in French long format" on /blog/{slug}).
 *
 * @param value - instant (Date, ISO string or ms) or calendar day "YYYY-MM-DD".
 * @param timeZone - IANA zone, SITE_TIMEZONE (default Europe/Paris).
 * @param style - 'long' → "3 mars 2026"; 'short' → "03/03/2026"; 'full' → "mardi 3 mars 2026".
 * @returns the formatted text, or '' for an invalid date.
 */
export function formatDate(
  value: DateInput,
  timeZone: string = DEFAULT_TIME_ZONE,
  style: 'long' | 'short' | 'full' = 'long',
): string {
  const date = toDate(value)
  if (Number.isNaN(date.getTime())) return ''
  const options: Intl.DateTimeFormatOptions =
    style === 'short'
      ? { day: '2-digit', month: '2-digit', year: 'numeric' }
      : style === 'full'
        ? { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }
        : { day: 'numeric', month: 'long', year: 'numeric' }
  return dateTimeFormat('fr-FR', { ...options, timeZone: zoneFor(value, timeZone) }).format(date)
}

/**
 * Formats a date and time in French in the site's time zone, e.g. "3 mars 2026 à 14:05".
 * @returns the formatted text, or '' for an invalid date.
 */
export function formatDateTime(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = toDate(value)
  if (Number.isNaN(date.getTime())) return ''
  return dateTimeFormat('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(date)
}

/** The calendar year of an instant in the site's time zone (e.g. for the copyright line). */
export function yearIn(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): number {
  return Number(dateTimeFormat('fr-FR', { year: 'numeric', timeZone }).format(toDate(value)))
}

const EUROS = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' })

/**
 * Formats an amount in euros the French way, e.g. "1 250,00 €" (public spec §1): the site's one
 * money format, on pages and in e-mails alike (issue #36 §6) — only the spec's quoted refusal
 * « supérieure à {amount}€ » writes its amount its own way (app/lib/auction-rules.ts).
 * @param amount - euros, as the database's numeric string ("1250.00") or a number.
 * @returns the formatted price, or '' when the amount is not a finite number.
 */
export function formatPrice(amount: string | number): string {
  const value = typeof amount === 'number' ? amount : Number(amount)
  if (!Number.isFinite(value)) return ''
  return EUROS.format(value)
}

/**
 * Estimated reading time in minutes: one minute per 1000 characters, rounded up (public spec §5).
 * Characters are those of the text a reader sees ({@link htmlToText}); an empty text reads in 1 minute.
 */
export function readingTimeMinutes(content: string): number {
  return Math.max(1, Math.ceil(htmlToText(content).length / 1000))
}
