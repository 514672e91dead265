import { Button, Text } from '@react-email/components'
import { AuctionArtworkBlock, type AuctionEmailProps } from './auction-artwork'
import {
  EmailLayout,
  emailButtonStyle,
  emailLabelStyle,
  emailTextStyle,
  emailValueStyle,
} from './email-layout'

/**
 * E-mail telling the artist that a bid was accepted (public spec §7 send-bid-notification:
 * enchereId, participant_email, participant_nom, participant_prenom, montant; issue #4 §5).
 *
 * @param amount - the accepted bid, formatted in euros; @param placedAt - formatted date-time.
 * @param adminUrl - absolute URL of /admin/encheres.
 */
export function AuctionBidNotificationEmail(
  props: AuctionEmailProps & {
    prenom: string
    nom: string
    email: string
    amount: string
    placedAt: string
    adminUrl: string
  },
) {
  return (
    <EmailLayout
      siteTitle={props.siteTitle}
      preview={`Nouvelle mise de ${props.amount} sur « ${props.auctionName} »`}
    >
      <Text
        style={emailTextStyle}
      >{`Une nouvelle mise a été acceptée sur l'enchère « ${props.auctionName} ».`}</Text>
      <AuctionArtworkBlock artwork={props.artwork} />
      <Text style={emailLabelStyle}>Montant</Text>
      <Text style={emailValueStyle}>{props.amount}</Text>
      <Text style={emailLabelStyle}>Participant</Text>
      <Text style={emailValueStyle}>{`${props.prenom} ${props.nom} <${props.email}>`}</Text>
      <Text style={emailLabelStyle}>Date</Text>
      <Text style={emailValueStyle}>{props.placedAt}</Text>
      <Button href={props.adminUrl} style={emailButtonStyle}>
        Voir les enchères
      </Button>
    </EmailLayout>
  )
}
