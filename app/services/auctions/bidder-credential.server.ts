import { SOFT_CLOSE_CAP_MINUTES } from '#app/lib/auction-rules'
import { signToken, verifyToken } from '#app/services/signed-tokens.server'

/**
 * Signed bidder tokens (issue #10 §1, decision 009), kept by the browser in http-only cookies:
 * - the **credential**: "this browser confirmed that it reads `email` for auction `enchereId`",
 *   made when a validation link is confirmed (POST), required for a bid to count;
 * - the **pending claim**: the ids of the bids this browser placed before it held a credential,
 *   so that confirming a link accepts only the confirming browser's own waiting bids.
 * Signed and read by app/services/signed-tokens.server.ts, each under its own purpose, so a token
 * of one kind is never accepted as the other. Checking one costs no query.
 */

/** Margin kept after the latest possible end of an auction before a credential lapses, in ms. */
const CREDENTIAL_MARGIN_MS = 60 * 60 * 1000

/**
 * When a credential made now for an auction stops working: one hour after the latest end the soft
 * close allows (original end + {@link SOFT_CLOSE_CAP_MINUTES}); a bid after the end is refused
 * anyway, so the cookie never outlives the auction by much.
 *
 * @param auction.date_fin - the current end; `date_fin_initiale` - the end before any extension (null when none).
 */
export function bidderCredentialExpiry(auction: { date_fin: Date; date_fin_initiale: Date | null }): Date {
  const original = auction.date_fin_initiale ?? auction.date_fin
  const latest = Math.max(auction.date_fin.getTime(), original.getTime() + SOFT_CLOSE_CAP_MINUTES * 60_000)
  return new Date(latest + CREDENTIAL_MARGIN_MS)
}

/**
 * Makes a bidder credential (issue #10 §1): proof that this browser confirmed the validation link
 * of `email` for auction `enchereId`.
 *
 * @param claims.email - lower-cased address; `expiresAt` - see {@link bidderCredentialExpiry}.
 * @returns the token for the cookie.
 */
export function issueBidderCredential(claims: { enchereId: string; email: string; expiresAt: Date }): string {
  return signToken('bidder', { a: claims.enchereId, e: claims.email, x: claims.expiresAt.getTime() })
}

/**
 * Reads a bidder credential: signature, auction and expiry are checked (constant-time MAC check).
 *
 * @param token - the cookie's value, anything.
 * @returns the validated address, or null when the token is absent, forged, of another auction or expired.
 */
export function readBidderCredential(token: unknown, enchereId: string, now: Date): { email: string } | null {
  const claims = verifyToken('bidder', token)
  if (!claims || claims.a !== enchereId || typeof claims.e !== 'string') return null
  if (typeof claims.x !== 'number' || claims.x <= now.getTime()) return null
  return { email: claims.e }
}

/** How many waiting bids one browser's claim remembers per auction (the newest ones). */
export const PENDING_CLAIM_MAX_BIDS = 20
/** How long a pending claim is kept: as long as a validation link works (24 h), in ms. */
export const PENDING_CLAIM_TTL_MS = 24 * 60 * 60 * 1000

/**
 * Makes a pending claim: the ids of bids this browser placed on an auction before holding a
 * credential (the newest {@link PENDING_CLAIM_MAX_BIDS}).
 */
export function issuePendingClaim(claims: { enchereId: string; miseIds: string[]; expiresAt: Date }): string {
  return signToken('pending', {
    a: claims.enchereId,
    m: claims.miseIds.slice(-PENDING_CLAIM_MAX_BIDS),
    x: claims.expiresAt.getTime(),
  })
}

/**
 * Reads a pending claim.
 * @returns the bid ids (oldest first), or [] when the token is absent, forged, of another auction or expired.
 */
export function readPendingClaim(token: unknown, enchereId: string, now: Date): string[] {
  const claims = verifyToken('pending', token)
  if (!claims || claims.a !== enchereId || typeof claims.x !== 'number' || claims.x <= now.getTime())
    return []
  return Array.isArray(claims.m) ? claims.m.filter((id): id is string => typeof id === 'string') : []
}
