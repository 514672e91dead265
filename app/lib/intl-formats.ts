/**
 * Shared `Intl` formatters. Making an `Intl.DateTimeFormat` or `Intl.NumberFormat` costs tens of
 * microseconds (locale and zone data are resolved each time); using one costs about a microsecond.
 * A page of bids formats dozens of dates and prices per answer, so each formatter is made once per
 * locale, options and zone and kept (issue #10 §2: the bid path's CPU time).
 */

/** Formatters kept, by key; bounded, since a time zone may come from the settings. */
const MAX_KEPT = 200
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * The `Intl.DateTimeFormat` for `locale` and `options`, made once and kept.
 *
 * @param locale - BCP 47 tag, e.g. 'fr-FR'.
 * @param options - the formatter's options (`timeZone` an IANA zone); their keys and values make the
 *   cache key, so pass the same literal shape for the same formatter.
 * @throws RangeError for an unknown time zone, as `Intl.DateTimeFormat` does.
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let key = locale
  for (const name in options) key += `|${name}=${options[name as keyof Intl.DateTimeFormatOptions]}`
  let format = dateTimeFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    if (dateTimeFormats.size >= MAX_KEPT) dateTimeFormats.clear()
    dateTimeFormats.set(key, format)
  }
  return format
}
