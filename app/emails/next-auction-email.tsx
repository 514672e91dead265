import { Link, Text } from '@react-email/components'
import type { AuctionEmailProps } from './auction-artwork'
import { emailNextNoteStyle, emailNoteStyle } from './email-layout'
import { VisitorEmail } from './visitor-email'

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
    <VisitorEmail
      siteTitle={siteTitle}
      preview="Confirmez votre inscription aux prochaines enchères"
      message="Vous avez demandé à être prévenu de la prochaine enchère privée. Confirmez votre adresse pour recevoir son lien dès qu'elle commencera :"
      button={{ href: confirmLink, label: 'Confirmer mon inscription' }}
    >
      <Text style={emailNoteStyle}>
        Ce lien est valable 24 heures. Si vous n'avez rien demandé, ignorez simplement cet e-mail : vous ne
        recevrez rien d'autre.
      </Text>
    </VisitorEmail>
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
}: AuctionEmailProps & { link: string; endsAt: string; unsubscribeLink: string }) {
  return (
    <VisitorEmail
      siteTitle={siteTitle}
      preview={`Une nouvelle enchère privée commence : « ${auctionName} »`}
      message={`Comme vous l'avez demandé, voici le lien vers la nouvelle enchère privée « ${auctionName} ». Elle se termine le ${endsAt}.`}
      artwork={artwork}
      button={{ href: link, label: "Accéder à l'enchère" }}
    >
      <Text style={emailNoteStyle}>
        Ce lien est personnel : gardez-le pour vous. Pour enchérir, vous confirmerez votre adresse depuis la
        page de l'enchère.
      </Text>
      <Text style={emailNextNoteStyle}>
        {'Vous ne souhaitez plus être prévenu des prochaines enchères\u00a0? '}
        <Link href={unsubscribeLink}>Se désinscrire</Link>
      </Text>
    </VisitorEmail>
  )
}
