import { and, eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { encheres, validationsEmail } from '#app/db/schema'
import { hashValidationToken } from './validation-token.server'

/** Longest token accepted from a URL, in characters (real tokens have 43). */
const MAX_TOKEN_LENGTH = 200

/**
 * The e-mail address validated by a link's token, and the private link of its auction (public spec
 * §2 /validation-reussie, §7 "validations_email by token and valide true, returns the e-mail").
 * Tokens are stored hashed (SHA-256 hex, DESIGN.md §5), so the given token is hashed before the
 * look-up; a stored hash given as token finds nothing.
 *
 * @param token - the raw `token` query parameter.
 * @returns `{ email, lienPrive }` (lienPrive null when the auction is gone), or null when the
 *   token is malformed, unknown or not validated.
 */
export async function getValidatedParticipant(
  token: string,
): Promise<{ email: string; lienPrive: string | null } | null> {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH || !/^[\w-]+$/.test(token)) return null
  const [row] = await getDb()
    .select({ email: validationsEmail.email, lienPrive: encheres.lien_prive })
    .from(validationsEmail)
    .leftJoin(encheres, eq(encheres.id, validationsEmail.enchere_id))
    .where(and(eq(validationsEmail.token, hashValidationToken(token)), eq(validationsEmail.valide, true)))
    .limit(1)
  return row ? { email: row.email, lienPrive: row.lienPrive ?? null } : null
}

/**
 * The e-mail address validated by a link's token — see {@link getValidatedParticipant}.
 * @returns the address, or null when the token is malformed, unknown or not validated.
 */
export async function getValidatedEmail(token: string): Promise<string | null> {
  return (await getValidatedParticipant(token))?.email ?? null
}
