import { Button, Text } from '@react-email/components'
import { AuctionArtworkBlock, type AuctionEmailProps } from './auction-artwork'
import { EmailLayout, emailButtonStyle, emailTextStyle } from './email-layout'

type ClosedProps = AuctionEmailProps & {
  /** Whether the auction ended 'termine_prix_atteint' (sold). */
  sold: boolean
  /** The final price, formatted in euros. */
  finalPrice: string
}

/**
 * E-mail telling the artist how an auction ended (issue #4 §5 and §7): sold or unsold, the final
 * price and, when sold, the winner.
 *
 * @param winner - the best bidder (null without any validated bid).
 * @param adminUrl - absolute URL of /admin/encheres.
 */
export function AuctionClosedArtistEmail(
  props: ClosedProps & { winner: { prenom: string; nom: string; email: string } | null; adminUrl: string },
) {
  const headline = props.sold
    ? `L'enchère « ${props.auctionName} » est terminée : l'œuvre est vendue ${props.finalPrice}.`
    : `L'enchère « ${props.auctionName} » est terminée sans vente (dernier prix : ${props.finalPrice}).`
  return (
    <EmailLayout siteTitle={props.siteTitle} preview={headline}>
      <Text style={emailTextStyle}>{headline}</Text>
      <AuctionArtworkBlock artwork={props.artwork} />
      {props.winner ? (
        <Text style={emailTextStyle}>
          {`${props.sold ? 'Acheteur' : 'Meilleure mise'} : ${props.winner.prenom} ${props.winner.nom} <${props.winner.email}>`}
        </Text>
      ) : (
        <Text style={emailTextStyle}>Aucune mise validée n'a été placée.</Text>
      )}
      <Button href={props.adminUrl} style={emailButtonStyle}>
        Voir les enchères
      </Button>
    </EmailLayout>
  )
}

/**
 * E-mail telling the best bidder how the auction ended (issue #4 §5 and §7): they won at the final
 * price, or the reserve was not reached and the artwork is not sold.
 */
export function AuctionClosedBidderEmail(props: ClosedProps & { prenom: string }) {
  return (
    <EmailLayout
      siteTitle={props.siteTitle}
      preview={
        props.sold
          ? `Vous avez remporté l'enchère « ${props.auctionName} »`
          : `L'enchère « ${props.auctionName} » est terminée`
      }
    >
      <Text style={emailTextStyle}>{`Bonjour ${props.prenom},`}</Text>
      <Text style={emailTextStyle}>
        {props.sold
          ? `Félicitations : vous avez remporté l'enchère « ${props.auctionName} » pour ${props.finalPrice}. L'artiste vous contactera très prochainement pour la suite.`
          : `L'enchère « ${props.auctionName} » est terminée. Votre mise de ${props.finalPrice} était la plus élevée, mais le prix de réserve n'a pas été atteint : l'œuvre n'est pas vendue.`}
      </Text>
      <AuctionArtworkBlock artwork={props.artwork} />
      <Text style={emailTextStyle}>Merci pour votre participation.</Text>
    </EmailLayout>
  )
}
