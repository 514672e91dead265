import { Button, Text } from '@react-email/components'
import { type AuctionArtwork, AuctionArtworkBlock } from './auction-artwork'
import { EmailLayout, emailButtonStyle, emailNoteStyle, emailTextStyle } from './email-layout'

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
      <Text style={emailTextStyle}>Bonjour,</Text>
      <Text style={emailTextStyle}>
        {`Une mise plus élevée a été placée sur l'enchère « ${auctionName} ». Le prix actuel est de ${amount}.`}
      </Text>
      <AuctionArtworkBlock artwork={artwork} />
      <Button href={link} style={emailButtonStyle}>
        Revenir à l'enchère
      </Button>
      <Text style={emailNoteStyle}>Vous pouvez encore surenchérir tant que l'enchère est en cours.</Text>
    </EmailLayout>
  )
}
