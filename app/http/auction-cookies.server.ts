import { createHash } from 'node:crypto'
import { createCookie } from 'react-router'
import { getEnv } from '#app/env.server'

/**
 * The auction cookies of a browser (issue #10 §1, decision 009): the bidder credential and the
 * pending claim, per auction. Their values are signed by the auction service
 * (`bidder-credential.server.ts`); here they are only carried: http-only (page scripts never read
 * them), SameSite=Lax (a cross-site form post does not carry them; React Router also refuses
 * actions whose Origin is another site's), Secure when the site is served over HTTPS, path
 * `/enchere` (the auction page, its `.data` requests and the validation link). The name holds a
 * hash of the private link, so several auctions keep separate cookies and the link itself never
 * appears in a cookie name.
 */

function suffix(lienPrive: string): string {
  return createHash('sha256').update(lienPrive).digest('hex').slice(0, 16)
}

/** The cookies last made, by kind, link and `secure`: a bid reads two (its auction's, all along). */
const madeCookies = new Map<string, ReturnType<typeof createCookie>>()
const MADE_COOKIES_KEPT = 16

function auctionCookie(kind: 'encherisseur' | 'mises', lienPrive: string) {
  const secure = getEnv().SITE_URL_RESOLVED.startsWith('https:')
  const key = `${kind} ${secure} ${lienPrive}`
  let cookie = madeCookies.get(key)
  if (!cookie) {
    cookie = createCookie(`encre_${kind}_${suffix(lienPrive)}`, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/enchere',
    })
    madeCookies.set(key, cookie)
    // Links come from URLs: only the last few are kept.
    if (madeCookies.size > MADE_COOKIES_KEPT) madeCookies.delete(madeCookies.keys().next().value as string)
  }
  return cookie
}

async function read(
  kind: 'encherisseur' | 'mises',
  lienPrive: string,
  cookieHeader: string | null,
): Promise<string | null> {
  try {
    const value: unknown = await auctionCookie(kind, lienPrive).parse(cookieHeader)
    return typeof value === 'string' ? value : null
  } catch {
    return null
  }
}

/**
 * The bidder credential's raw value sent by this browser for the auction `lienPrive`, or null.
 * @param cookieHeader - the request's `Cookie` header (null without one).
 */
export function readCredentialCookie(lienPrive: string, cookieHeader: string | null): Promise<string | null> {
  return read('encherisseur', lienPrive, cookieHeader)
}

/**
 * The pending claim's raw value sent by this browser for the auction `lienPrive`, or null.
 * @param cookieHeader - the request's `Cookie` header (null without one).
 */
export function readPendingClaimCookie(
  lienPrive: string,
  cookieHeader: string | null,
): Promise<string | null> {
  return read('mises', lienPrive, cookieHeader)
}

/** `Set-Cookie` value storing a bidder credential until `expiresAt`. */
export function credentialCookie(lienPrive: string, value: string, expiresAt: Date): Promise<string> {
  return auctionCookie('encherisseur', lienPrive).serialize(value, { expires: expiresAt })
}

/** `Set-Cookie` value storing a pending claim until `expiresAt`. */
export function pendingClaimCookie(lienPrive: string, value: string, expiresAt: Date): Promise<string> {
  return auctionCookie('mises', lienPrive).serialize(value, { expires: expiresAt })
}

/** `Set-Cookie` value removing the pending claim (its bids were settled by a validation). */
export function clearPendingClaimCookie(lienPrive: string): Promise<string> {
  return auctionCookie('mises', lienPrive).serialize('', { expires: new Date(0), maxAge: 0 })
}

/** How long the validation page may read its receipt after the confirm button, in seconds. */
const VALIDATION_RECEIPT_MAX_AGE_S = 600

/**
 * The one-shot receipt of a confirmed link (issue #37 §5): the auction's private link and the
 * bidder credential just issued, for `/validation-reussie`, read once there and cleared by that
 * answer. The page's URL then holds no token, and whoever holds the link later sees no address.
 * Its path is `/`: the page's data may come by `/validation-reussie.data` (a client navigation
 * after the confirm button), which a `/validation-reussie` path would not match.
 */
function receiptCookie() {
  return createCookie('encre_validation', {
    httpOnly: true,
    sameSite: 'lax',
    secure: getEnv().SITE_URL_RESOLVED.startsWith('https:'),
    path: '/',
  })
}

/** A confirmed link's receipt: the auction's private link and the credential just issued. */
export type ValidationReceipt = { lienPrive: string; credential: string }

/** `Set-Cookie` value carrying a confirmed link's receipt to `/validation-reussie` (10 minutes). */
export function validationReceiptCookie(receipt: ValidationReceipt): Promise<string> {
  return receiptCookie().serialize(receipt, { maxAge: VALIDATION_RECEIPT_MAX_AGE_S })
}

/**
 * The receipt this browser carries to `/validation-reussie`, or null (none, or malformed).
 * @param cookieHeader - the request's `Cookie` header (null without one).
 */
export async function readValidationReceipt(cookieHeader: string | null): Promise<ValidationReceipt | null> {
  try {
    const value: unknown = await receiptCookie().parse(cookieHeader)
    if (typeof value !== 'object' || value === null) return null
    const { lienPrive, credential } = value as Record<string, unknown>
    return typeof lienPrive === 'string' && typeof credential === 'string' ? { lienPrive, credential } : null
  } catch {
    return null
  }
}

/** `Set-Cookie` value removing the receipt (read once). */
export function clearValidationReceiptCookie(): Promise<string> {
  return receiptCookie().serialize('', { expires: new Date(0), maxAge: 0 })
}
