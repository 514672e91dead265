import { Text } from '@react-email/components'
import type { AuctionEmailProps } from './auction-artwork'
import { emailNoteStyle } from './email-layout'
import { VisitorEmail } from './visitor-email'

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
}: AuctionEmailProps & { amount: string; link: string }) {
  return (
    <VisitorEmail
      siteTitle={siteTitle}
      preview={`Votre mise sur « ${auctionName} » a été dépassée`}
      message={`Une mise plus élevée a été placée sur l'enchère « ${auctionName} ». Le prix actuel est de ${amount}.`}
      artwork={artwork}
      button={{ href: link, label: "Revenir à l'enchère" }}
    >
      <Text style={emailNoteStyle}>Vous pouvez encore surenchérir tant que l'enchère est en cours.</Text>
    </VisitorEmail>
  )
}
