import { createHash, randomBytes } from 'node:crypto'

/** How long an e-mail validation link works, in ms (public spec §4 and §9: 24 hours). */
export const VALIDATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000

/**
 * A new e-mail validation token (DESIGN.md §5): 256 random bits as base64url (43 characters) for
 * the link, and its SHA-256 (hex) for `validations_email.token` — the database never holds a
 * usable token.
 */
export function createValidationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashValidationToken(token) }
}

/** SHA-256 of a token, hex: what `validations_email.token` stores. */
export function hashValidationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Whether a `token` query parameter can be one of ours (URL-safe, 16–200 characters). */
export function isValidationTokenShape(token: string | null | undefined): token is string {
  return typeof token === 'string' && /^[\w-]{16,200}$/.test(token)
}
