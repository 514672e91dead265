import { Text } from '@react-email/components'
import type { AuctionEmailProps } from './auction-artwork'
import { emailNoteStyle } from './email-layout'
import { VisitorEmail } from './visitor-email'

/**
 * E-mail asking a bidder to prove their address (public spec §7 send-validation-email; issue #4 §2,
 * issue #10 §1): sent when a bid comes from a browser that holds no credential for this address.
 * Whoever bid may not own the address, so the e-mail says nothing they typed (no name, no amount):
 * the greeting is neutral, the texts are the site's own. The bid waits until the link is confirmed
 * in the browser that placed it.
 *
 * @param validationLink - absolute `{SITE_URL}/enchere/{lien_prive}/valider?token=…` (24 h, single use).
 */
export function AuctionValidationEmail({
  siteTitle,
  auctionName,
  artwork,
  validationLink,
}: AuctionEmailProps & { validationLink: string }) {
  return (
    <VisitorEmail
      siteTitle={siteTitle}
      preview="Validez votre adresse email pour enchérir"
      message={`Une mise a été proposée avec cette adresse à l'enchère privée « ${auctionName} ». Pour qu'elle soit prise en compte, ouvrez ce lien sur l'appareil qui a enchéri et confirmez votre adresse email :`}
      artwork={artwork}
      button={{ href: validationLink, label: 'Valider mon adresse email' }}
    >
      <Text style={emailNoteStyle}>
        Ce lien est valable 24 heures et ne sert qu'une fois. La mise sera comparée au prix actuel au moment
        de la validation. Si vous n'avez pas enchéri, ignorez simplement cet e-mail : aucune mise n'est faite
        en votre nom sans cette confirmation.
      </Text>
    </VisitorEmail>
  )
}
