import { Button, Text } from '@react-email/components'
import {
  type AuctionArtwork,
  AuctionArtworkBlock,
  auctionButtonStyle,
  auctionNoteStyle,
  auctionTextStyle,
} from './auction-artwork'
import { EmailLayout } from './email-layout'

/**
 * E-mail telling the previous leader that a higher bid was accepted (issue #4 §5).
 *
 * @param amount - the new current price, formatted in euros.
 * @param link - absolute private address of the auction page.
 */
export function AuctionOutbidEmail({
  siteTitle,
  auctionName,
  artwork,
  amount,
  link,
}: {
  siteTitle: string
  auctionName: string
  artwork: AuctionArtwork
  amount: string
  link: string
}) {
  return (
    <EmailLayout siteTitle={siteTitle} preview={`Votre mise sur « ${auctionName} » a été dépassée`}>
      <Text style={auctionTextStyle}>Bonjour,</Text>
      <Text style={auctionTextStyle}>
        {`Une mise plus élevée a été placée sur l'enchère « ${auctionName} ». Le prix actuel est de ${amount}.`}
      </Text>
      <AuctionArtworkBlock artwork={artwork} />
      <Button href={link} style={auctionButtonStyle}>
        Revenir à l'enchère
      </Button>
      <Text style={auctionNoteStyle}>Vous pouvez encore surenchérir tant que l'enchère est en cours.</Text>
    </EmailLayout>
  )
}
