/**
 * CSV for a spreadsheet (RFC 4180), shared by the content export and the back-office's CSV
 * downloads.
 */

/**
 * One CSV field (RFC 4180): quoted when it holds a separator, a quote or a line break; a text
 * starting with `=`, `+`, `-` or `@` (a visitor's message could be a spreadsheet formula) gets a
 * leading `'` so that a spreadsheet shows it as text.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return ''
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value)
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One CSV line of `row`'s `columns`, with its line break (RFC 4180: CRLF). */
export function csvLine(row: Record<string, unknown>, columns: string[]): string {
  return `${columns.map((column) => csvField(row[column])).join(',')}\r\n`
}
