/**
 * Reading PostgreSQL's COPY text format and array literals (issue #33 §1): what `pg_dump` writes
 * between `COPY … FROM stdin;` and `\.`, and what a `text[]` column looks like in it.
 */

/** One row as PostgreSQL prints it: each column's text form, or null for SQL NULL. */
export type SourceRow = Record<string, string | null>

const SIMPLE_ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' }

/**
 * Decodes one field of a COPY text line: `\N` alone is NULL; `\b \f \n \r \t \v \\`, octal
 * (`\123`, 1–3 digits) and hexadecimal (`\x41`, 1–2 digits) escapes; any other escaped character
 * stands for itself. Octal and hexadecimal escapes are bytes, so a multi-byte UTF-8 character
 * written as escapes is rebuilt.
 *
 * @param field - the raw text between two tabs.
 * @returns the value, or null.
 */
export function decodeCopyField(field: string): string | null {
  if (field === '\\N') return null
  if (!field.includes('\\')) return field
  const bytes: number[] = []
  const pushText = (text: string) => {
    for (const byte of Buffer.from(text, 'utf8')) bytes.push(byte)
  }
  let index = 0
  while (index < field.length) {
    const char = field[index] as string
    if (char !== '\\' || index === field.length - 1) {
      const next = field.indexOf('\\', index + 1)
      const end = next === -1 || char === '\\' ? field.length : next
      pushText(field.slice(index, end))
      index = end
      continue
    }
    const escaped = field[index + 1] as string
    const octal = /^[0-7]{1,3}/.exec(field.slice(index + 1, index + 4))
    const hex = escaped === 'x' ? /^[0-9a-fA-F]{1,2}/.exec(field.slice(index + 2, index + 4)) : null
    if (octal) {
      bytes.push(Number.parseInt(octal[0], 8) & 0xff)
      index += 1 + octal[0].length
    } else if (hex) {
      bytes.push(Number.parseInt(hex[0], 16))
      index += 2 + hex[0].length
    } else {
      pushText(SIMPLE_ESCAPES[escaped] ?? escaped)
      index += 2
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/**
 * Splits one COPY text line (without its line end) into decoded fields.
 *
 * @returns the fields in column order.
 */
export function parseCopyLine(line: string): (string | null)[] {
  return line.split('\t').map(decodeCopyField)
}

/**
 * Parses a one-dimensional PostgreSQL array literal of text, e.g. `{calligraphie,"A la une",NULL}`
 * (quoted elements with backslash escapes; an unquoted NULL is dropped, as a tag list has no use
 * for it).
 *
 * @param literal - the column's text form, e.g. from a COPY field.
 * @returns the elements in order ([] for `{}`).
 * @throws Error in French when the literal is not an array.
 */
export function parseTextArray(literal: string): string[] {
  const text = literal.trim()
  if (!text.startsWith('{') || !text.endsWith('}'))
    throw new Error(`Liste illisible : ${literal.slice(0, 60)}`)
  const body = text.slice(1, -1)
  const items: string[] = []
  let index = 0
  while (index < body.length) {
    if (body[index] === '"') {
      let value = ''
      index++
      while (index < body.length && body[index] !== '"') {
        if (body[index] === '\\') index++
        value += body[index] ?? ''
        index++
      }
      items.push(value)
      index++
    } else {
      const end = body.indexOf(',', index)
      const raw = body.slice(index, end === -1 ? body.length : end).trim()
      if (raw !== 'NULL' && raw !== '') items.push(raw)
      index = end === -1 ? body.length : end
    }
    while (index < body.length && body[index] !== ',') index++
    index++
  }
  return items
}
