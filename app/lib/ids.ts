const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Whether a route parameter is a UUID (DESIGN.md §4: malformed ids answer the page's fallback,
 * never reach the database). Accepts any case; refuses anything longer than 36 characters.
 */
export function isUuid(value: string | undefined | null): value is string {
  return typeof value === 'string' && value.length === 36 && UUID_PATTERN.test(value)
}
