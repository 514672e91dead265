import { Button, Text } from '@react-email/components'
import { AuctionArtworkBlock, type AuctionEmailProps } from './auction-artwork'
import { EmailLayout, emailButtonStyle, emailTextStyle } from './email-layout'

/** One bid line of the digest, every value already formatted. */
export type DigestBid = { placedAt: string; bidder: string; amount: string; automatic: boolean }

/**
 * The artist's hourly digest of an auction's bids (issue #36 §6, setting 'Un résumé par heure'):
 * how many bids since the last digest, the price now, then the bids newest first (automatic ones
 * marked), at most the first `bids.length` of `count`.
 *
 * @param since - formatted date-time of the previous digest (or the start).
 * @param price - the current price, formatted in euros.
 * @param adminUrl - absolute URL of /admin/encheres.
 */
export function AuctionBidDigestEmail(
  props: AuctionEmailProps & {
    since: string
    count: number
    price: string
    bids: DigestBid[]
    adminUrl: string
  },
) {
  const headline = `${props.count === 1 ? '1 nouvelle mise' : `${props.count} nouvelles mises`} sur « ${props.auctionName} » depuis le ${props.since}. Prix actuel : ${props.price}.`
  return (
    <EmailLayout siteTitle={props.siteTitle} preview={headline}>
      <Text style={emailTextStyle}>{headline}</Text>
      <AuctionArtworkBlock artwork={props.artwork} />
      {props.bids.map((bid) => (
        <Text key={`${bid.placedAt}-${bid.amount}`} style={{ ...emailTextStyle, margin: '0 0 6px' }}>
          {`${bid.placedAt} — ${bid.amount} — ${bid.bidder}${bid.automatic ? ' (enchère automatique)' : ''}`}
        </Text>
      ))}
      {props.count > props.bids.length ? (
        <Text style={emailTextStyle}>{`… et ${props.count - props.bids.length} autres mises.`}</Text>
      ) : null}
      <Button href={props.adminUrl} style={emailButtonStyle}>
        Voir les enchères
      </Button>
    </EmailLayout>
  )
}
