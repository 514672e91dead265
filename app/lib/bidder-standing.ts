/**
 * Where this page's bidder stands (issue #36 §1), told on their own page only and kept live by
 * its script (app/components/enhance/auction.ts): they lead at their maximum, they lead with their
 * maximum still above the price, or they were outbid. Isomorphic; amounts in integer cents.
 */
import { formatPrice } from './format'

export type BidderStanding = 'leading' | 'ahead' | 'outbid'

/** The standings in the order the page draws their notes. */
export const BIDDER_STANDINGS: BidderStanding[] = ['leading', 'ahead', 'outbid']

/**
 * The standing after the price moved (eBay's rule: a leader with maximum M is outbid exactly when
 * the price passes M — a bid up to M is answered by their automatic bid, an equal one loses to
 * theirs, the earlier). Once outbid, outbid until they bid again (their page then comes back
 * from the server); once at their maximum, never back to 'ahead'.
 *
 * @param previous - the standing the page showed; `maxCents` - the bidder's maximum; `prixCents` - the price now.
 */
export function nextBidderStanding(
  previous: BidderStanding,
  maxCents: number,
  prixCents: number,
): BidderStanding {
  if (previous === 'outbid' || prixCents > maxCents) return 'outbid'
  // Prices only rise: a page whose stream is behind the server's answer must not go back to 'ahead'.
  if (previous === 'leading') return 'leading'
  return prixCents < maxCents ? 'ahead' : 'leading'
}

/**
 * What the bidder reads of their standing (French).
 *
 * @param amounts.maxCents - their maximum; `minimumCents` - the lowest bid now (for 'outbid').
 */
export function bidderStandingText(
  standing: BidderStanding,
  amounts: { maxCents: number; minimumCents: number },
): string {
  const euros = (cents: number) => formatPrice(cents / 100)
  switch (standing) {
    case 'leading':
      return 'Vous êtes en tête : le prix actuel atteint votre maximum.'
    case 'ahead':
      return `Vous êtes en tête. Votre maximum de ${euros(amounts.maxCents)} reste au-dessus du prix : le site enchérit pour vous jusqu'à ce montant si l'on vous dépasse.`
    case 'outbid':
      return `Votre enchère a été dépassée. Nouveau minimum : ${euros(amounts.minimumCents)}.`
  }
}
