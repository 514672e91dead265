import { eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { encheres } from '#app/db/schema'
import { readBidderCredential } from './bidder-credential.server'

/** Longest private link accepted from a cookie, in characters. */
const MAX_LINK_LENGTH = 200

/**
 * The address a browser has just confirmed, read from the bidder credential it was given (public
 * spec §2 /validation-reussie; issue #37 §5: the address comes from the confirming browser's
 * receipt, never from a token in the URL, so whoever holds the link later sees none).
 *
 * @param receipt.lienPrive - the auction's private link; `credential` - the credential issued by
 *   the confirmation (decision 009).
 * @param now - the server's clock (tests), default now.
 * @returns `{ email, lienPrive }`, or null when the auction is unknown or the credential forged,
 *   of another auction or lapsed.
 */
export async function getConfirmedParticipant(
  receipt: { lienPrive: string; credential: string },
  now: Date = new Date(),
): Promise<{ email: string; lienPrive: string } | null> {
  if (receipt.lienPrive.length === 0 || receipt.lienPrive.length > MAX_LINK_LENGTH) return null
  const [auction] = await getDb()
    .select({ id: encheres.id })
    .from(encheres)
    .where(eq(encheres.lien_prive, receipt.lienPrive))
    .limit(1)
  if (!auction) return null
  const claims = readBidderCredential(receipt.credential, auction.id, now)
  return claims ? { email: claims.email, lienPrive: receipt.lienPrive } : null
}
