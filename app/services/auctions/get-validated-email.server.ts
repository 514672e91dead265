import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { validationsEmail } from '#app/db/schema'

/** Longest token accepted from a URL, in characters (real tokens are much shorter). */
const MAX_TOKEN_LENGTH = 200

/**
 * The e-mail address validated by a link's token (public spec §2 /validation-reussie, §7
 * "validations_email by token and valide true"). Tokens are stored hashed (SHA-256 hex,
 * DESIGN.md §5), so the given token is hashed before the look-up.
 *
 * @param token - the raw `token` query parameter.
 * @returns the address, or null when the token is malformed, unknown or not validated.
 */
export async function getValidatedEmail(token: string): Promise<string | null> {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH || !/^[\w-]+$/.test(token)) return null
  const hash = createHash('sha256').update(token).digest('hex')
  const [row] = await getDb()
    .select({ email: validationsEmail.email })
    .from(validationsEmail)
    .where(and(eq(validationsEmail.token, hash), eq(validationsEmail.valide, true)))
    .limit(1)
  return row?.email ?? null
}
