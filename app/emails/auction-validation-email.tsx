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
 * E-mail asking a bidder to prove their address (public spec §7 send-validation-email: email, nom,
 * prenom, token, enchereId; issue #4 §2): sent when a bid comes from an address not yet validated
 * for the auction. The bid waits until the link is opened.
 *
 * @param validationLink - absolute `{SITE_URL}/enchere/{lien_prive}/valider?token=…` (24 h, single use).
 * @param amount - the waiting bid, formatted in euros ("1 250,00 €").
 */
export function AuctionValidationEmail({
  siteTitle,
  prenom,
  auctionName,
  artwork,
  amount,
  validationLink,
}: {
  siteTitle: string
  prenom: string
  auctionName: string
  artwork: AuctionArtwork
  amount: string
  validationLink: string
}) {
  return (
    <EmailLayout siteTitle={siteTitle} preview="Validez votre adresse email pour enchérir">
      <Text style={auctionTextStyle}>{`Bonjour ${prenom},`}</Text>
      <Text style={auctionTextStyle}>
        {`Vous avez proposé ${amount} à l'enchère privée « ${auctionName} ». Pour que votre mise soit prise en compte, validez votre adresse email :`}
      </Text>
      <AuctionArtworkBlock artwork={artwork} />
      <Button href={validationLink} style={auctionButtonStyle}>
        Valider mon adresse email
      </Button>
      <Text style={auctionNoteStyle}>
        Ce lien est valable 24 heures et ne sert qu'une fois. Votre mise sera comparée au prix actuel au
        moment de la validation. Si vous n'avez pas enchéri, ignorez simplement cet e-mail.
      </Text>
    </EmailLayout>
  )
}
