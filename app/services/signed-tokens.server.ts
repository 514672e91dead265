import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto'
import { resolveAuthSecret } from '#app/auth.server'
import { type Env, getEnv } from '#app/env.server'

/**
 * Signed tokens made by the server and read back without a query (decision 009; issue #36 §2):
 * `base64url(JSON claims).base64url(HMAC-SHA256)`. The key is derived from the app secret
 * (BETTER_AUTH_SECRET or the generated one, {@link resolveAuthSecret}) and the MAC covers a purpose
 * label, so a token of one kind is never accepted as another: a bidder's credential and pending
 * claim (app/services/auctions/bidder-credential.server.ts), an article's share link
 * (app/services/articles/article-share-link.server.ts). One already checked with the current key
 * costs no HMAC derivation either.
 */

/** What a token is for: part of what its MAC covers. */
export type TokenPurpose = 'bidder' | 'pending' | 'article-share'

let keyCache: { env: Env; key: KeyObject } | undefined

/**
 * The signing key, as a `KeyObject`: Node 22 and 24 turn a `Buffer` key into one at every
 * `createHmac` (17 µs against 3 µs per MAC on Node 24), and a bid checks two tokens.
 */
function signingKey(): KeyObject {
  const env = getEnv()
  if (keyCache?.env !== env) {
    keyCache = {
      env,
      // The label of the first tokens made (the bidder's): changing it would sign every bidder out.
      key: createSecretKey(
        createHmac('sha256', resolveAuthSecret(env)).update('encre:auction-bidder-tokens:v1').digest(),
      ),
    }
  }
  return keyCache.key
}

function mac(purpose: TokenPurpose, payload: string): Buffer {
  return createHmac('sha256', signingKey()).update(`${purpose}|${payload}`).digest()
}

/**
 * Signs `claims` for `purpose`.
 *
 * @param claims - a JSON-serialisable object (keep it short: it travels in cookies and URLs).
 * @returns the token, URL-safe (base64url and one dot).
 */
export function signToken(purpose: TokenPurpose, claims: object): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url')
  return `${payload}.${mac(purpose, payload).toString('base64url')}`
}

/** Longest token read, in characters (a pending claim of 20 ids is about 1,100). */
const MAX_TOKEN_LENGTH = 2000

/**
 * The claims of a token of `purpose` whose signature matches (constant-time check), or null for
 * anything else: absent, malformed, too long, forged, or signed for another purpose. Expiry is
 * the caller's to check, in its own claim.
 */
export function verifyToken(purpose: TokenPurpose, token: unknown): Readonly<Record<string, unknown>> | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null
  const match = /^([\w-]+)\.([\w-]+)$/.exec(token)
  if (!match) return null
  const [, payload = '', signature = ''] = match
  const given = Buffer.from(signature, 'base64url')
  const expected = mac(purpose, payload)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  let claims: unknown
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  if (!claims || typeof claims !== 'object') return null
  return claims as Record<string, unknown>
}
