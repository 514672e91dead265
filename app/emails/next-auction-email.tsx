import { Button, Link, Text } from '@react-email/components'
import { type AuctionArtwork, AuctionArtworkBlock } from './auction-artwork'
import { EmailLayout, emailButtonStyle, emailNoteStyle, emailTextStyle } from './email-layout'

/**
 * E-mail confirming a "Prévenez-moi de la prochaine enchère" subscription (issue #10 §4, double
 * opt-in): its button opens the confirmation page, whose own button confirms.
 *
 * @param confirmLink - absolute `{SITE_URL}/prochaine-enchere/confirmer?jeton=…` (24 h, single use).
 */
export function NextAuctionConfirmEmail({
  siteTitle,
  confirmLink,
}: {
  siteTitle: string
  confirmLink: string
}) {
  return (
    <EmailLayout siteTitle={siteTitle} preview="Confirmez votre inscription aux prochaines enchères">
      <Text style={emailTextStyle}>Bonjour,</Text>
      <Text style={emailTextStyle}>
        Vous avez demandé à être prévenu de la prochaine enchère privée. Confirmez votre adresse pour recevoir
        son lien dès qu'elle commencera :
      </Text>
      <Button href={confirmLink} style={emailButtonStyle}>
        Confirmer mon inscription
      </Button>
      <Text style={emailNoteStyle}>
        Ce lien est valable 24 heures. Si vous n'avez rien demandé, ignorez simplement cet e-mail : vous ne
        recevrez rien d'autre.
      </Text>
    </EmailLayout>
  )
}

/**
 * E-mail announcing a new auction to a confirmed subscriber (issue #10 §4): its private link and a
 * one-click unsubscribe link (also in the List-Unsubscribe header).
 *
 * @param link - absolute private address `{SITE_URL}/enchere/{lien_prive}`.
 * @param endsAt - the auction's end, formatted in French in the site's time zone.
 * @param unsubscribeLink - absolute `{SITE_URL}/prochaine-enchere/desinscription?jeton=…`.
 */
export function NextAuctionAnnouncementEmail({
  siteTitle,
  auctionName,
  artwork,
  link,
  endsAt,
  unsubscribeLink,
}: {
  siteTitle: string
  auctionName: string
  artwork: AuctionArtwork
  link: string
  endsAt: string
  unsubscribeLink: string
}) {
  return (
    <EmailLayout siteTitle={siteTitle} preview={`Une nouvelle enchère privée commence : « ${auctionName} »`}>
      <Text style={emailTextStyle}>Bonjour,</Text>
      <Text style={emailTextStyle}>
        {`Comme vous l'avez demandé, voici le lien vers la nouvelle enchère privée « ${auctionName} ». Elle se termine le ${endsAt}.`}
      </Text>
      <AuctionArtworkBlock artwork={artwork} />
      <Button href={link} style={emailButtonStyle}>
        Accéder à l'enchère
      </Button>
      <Text style={emailNoteStyle}>
        Ce lien est personnel : gardez-le pour vous. Pour enchérir, vous confirmerez votre adresse depuis la
        page de l'enchère.
      </Text>
      <Text style={{ ...emailNoteStyle, margin: '12px 0 0' }}>
        {'Vous ne souhaitez plus être prévenu des prochaines enchères\u00a0? '}
        <Link href={unsubscribeLink}>Se désinscrire</Link>
      </Text>
    </EmailLayout>
  )
}
