import { Button, Text } from '@react-email/components'
import {
  type AuctionArtwork,
  AuctionArtworkBlock,
  auctionButtonStyle,
  auctionTextStyle,
} from './auction-artwork'
import { EmailLayout } from './email-layout'

const label = { fontSize: 12, color: '#6b7280', margin: '0', textTransform: 'uppercase' as const }
const value = { fontSize: 15, margin: '2px 0 12px' }

/**
 * E-mail telling the artist that a bid was accepted (public spec §7 send-bid-notification:
 * enchereId, participant_email, participant_nom, participant_prenom, montant; issue #4 §5).
 *
 * @param amount - the accepted bid, formatted in euros; @param placedAt - formatted date-time.
 * @param adminUrl - absolute URL of /admin/encheres.
 */
export function AuctionBidNotificationEmail(props: {
  siteTitle: string
  auctionName: string
  artwork: AuctionArtwork
  prenom: string
  nom: string
  email: string
  amount: string
  placedAt: string
  adminUrl: string
}) {
  return (
    <EmailLayout
      siteTitle={props.siteTitle}
      preview={`Nouvelle mise de ${props.amount} sur « ${props.auctionName} »`}
    >
      <Text
        style={auctionTextStyle}
      >{`Une nouvelle mise a été acceptée sur l'enchère « ${props.auctionName} ».`}</Text>
      <AuctionArtworkBlock artwork={props.artwork} />
      <Text style={label}>Montant</Text>
      <Text style={value}>{props.amount}</Text>
      <Text style={label}>Participant</Text>
      <Text style={value}>{`${props.prenom} ${props.nom} <${props.email}>`}</Text>
      <Text style={label}>Date</Text>
      <Text style={value}>{props.placedAt}</Text>
      <Button href={props.adminUrl} style={auctionButtonStyle}>
        Voir les enchères
      </Button>
    </EmailLayout>
  )
}
