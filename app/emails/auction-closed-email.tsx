import { Button, Text } from '@react-email/components'
import { AuctionArtworkBlock, type AuctionEmailProps } from './auction-artwork'
import { EmailLayout, emailButtonStyle, emailTextStyle } from './email-layout'

/**
 * Why an auction ended as it did (issue #36 §1): sold; unsold because the best bid did not reach
 * the reserve; unsold without any validated bid; or unsold because the artist ended it early
 * (« Terminer », back-office spec §4: an auction ended before its end is unsold, whatever its bids).
 */
export type ClosingCause = 'sold' | 'reserve-not-met' | 'no-bid' | 'ended-early'

type ClosedProps = AuctionEmailProps & {
  cause: ClosingCause
  /** The final price, formatted in euros. */
  finalPrice: string
}

/** The artist's headline of each cause. */
function artistHeadline({ cause, auctionName, finalPrice }: ClosedProps): string {
  switch (cause) {
    case 'sold':
      return `L'enchère « ${auctionName} » est terminée : l'œuvre est vendue ${finalPrice}.`
    case 'ended-early':
      return `Vous avez terminé l'enchère « ${auctionName} » avant sa fin prévue : elle se clôt sans vente (dernier prix : ${finalPrice}).`
    case 'reserve-not-met':
      return `L'enchère « ${auctionName} » est terminée sans vente : la meilleure mise (${finalPrice}) n'a pas atteint le prix de réserve.`
    case 'no-bid':
      return `L'enchère « ${auctionName} » est terminée sans vente : aucune mise validée n'a été placée.`
  }
}

/**
 * E-mail telling the artist how an auction ended and why (issue #4 §5 and §7, issue #36 §1): sold
 * at the final price, ended early by them, reserve not reached, or no bid; and the best bidder.
 *
 * @param winner - the best bidder (null without any validated bid).
 * @param adminUrl - absolute URL of /admin/encheres.
 */
export function AuctionClosedArtistEmail(
  props: ClosedProps & { winner: { prenom: string; nom: string; email: string } | null; adminUrl: string },
) {
  const headline = artistHeadline(props)
  return (
    <EmailLayout siteTitle={props.siteTitle} preview={headline}>
      <Text style={emailTextStyle}>{headline}</Text>
      <AuctionArtworkBlock artwork={props.artwork} />
      {props.winner ? (
        <Text style={emailTextStyle}>
          {`${props.cause === 'sold' ? 'Acheteur' : 'Meilleure mise'} : ${props.winner.prenom} ${props.winner.nom} <${props.winner.email}>`}
        </Text>
      ) : null}
      <Button href={props.adminUrl} style={emailButtonStyle}>
        Voir les enchères
      </Button>
    </EmailLayout>
  )
}

/** The best bidder's text of each cause (never 'no-bid': without a bid there is no such e-mail). */
function bidderText({ cause, auctionName, finalPrice }: ClosedProps): string {
  switch (cause) {
    case 'sold':
      return `Félicitations : vous avez remporté l'enchère « ${auctionName} » pour ${finalPrice}. L'artiste vous contactera très prochainement pour la suite.`
    case 'ended-early':
      return `L'artiste a mis fin à l'enchère « ${auctionName} » avant sa fin prévue : elle se termine sans vente. Votre mise de ${finalPrice} était la plus élevée ; l'œuvre ne vous est donc pas attribuée.`
    default:
      return `L'enchère « ${auctionName} » est terminée. Votre mise de ${finalPrice} était la plus élevée, mais le prix de réserve n'a pas été atteint : l'œuvre n'est pas vendue.`
  }
}

/**
 * E-mail telling the best bidder how the auction ended and why (issue #4 §5 and §7, issue #36 §1):
 * they won at the final price; the artist ended it early, unsold; or the reserve was not reached.
 */
export function AuctionClosedBidderEmail(props: ClosedProps & { prenom: string }) {
  return (
    <EmailLayout
      siteTitle={props.siteTitle}
      preview={
        props.cause === 'sold'
          ? `Vous avez remporté l'enchère « ${props.auctionName} »`
          : `L'enchère « ${props.auctionName} » est terminée`
      }
    >
      <Text style={emailTextStyle}>{`Bonjour ${props.prenom},`}</Text>
      <Text style={emailTextStyle}>{bidderText(props)}</Text>
      <AuctionArtworkBlock artwork={props.artwork} />
      <Text style={emailTextStyle}>Merci pour votre participation.</Text>
    </EmailLayout>
  )
}
