import { Link, Text } from '@react-email/components'
import type { AuctionEmailProps } from './auction-artwork'
import { emailNextNoteStyle, emailNoteStyle } from './email-layout'
import { VisitorEmail } from './visitor-email'

/**
 * E-mail sent to a visitor who asked for the private auction link on the home page
 * (public spec §2 "Private-auction access card", §7 send-auction-link; issue #4 §1). Its button
 * opens the validation link, which proves the address and then leads to the auction; the plain
 * private link follows, for coming back later.
 *
 * @param validationLink - absolute `{SITE_URL}/enchere/{lien_prive}/valider?token=…` (24 h, single use).
 * @param link - absolute private address `{SITE_URL}/enchere/{lien_prive}`.
 * @param endsAt - the auction's end, already formatted in French in the site's time zone.
 */
export function AuctionLinkEmail({
  siteTitle,
  auctionName,
  artwork,
  validationLink,
  link,
  endsAt,
}: AuctionEmailProps & { validationLink: string; link: string; endsAt: string }) {
  return (
    <VisitorEmail
      siteTitle={siteTitle}
      preview={`Votre lien vers l'enchère privée « ${auctionName} »`}
      message={`Voici le lien vers l'enchère privée « ${auctionName} ». Elle se termine le ${endsAt}.`}
      artwork={artwork}
      buttonIntro={
        'Ce bouton valide aussi votre adresse email, pour que vos mises soient prises en compte\u00a0:'
      }
      button={{ href: validationLink, label: "Valider mon adresse et accéder à l'enchère" }}
    >
      <Text style={emailNoteStyle}>
        {
          "Le bouton de validation est valable 24 heures et ne sert qu'une fois. Pour revenir ensuite à l'enchère\u00a0: "
        }
        <Link href={link}>{link}</Link>
      </Text>
      <Text style={emailNextNoteStyle}>
        Ce lien est personnel : gardez-le pour vous. Si vous n'avez rien demandé, ignorez simplement cet
        e-mail.
      </Text>
    </VisitorEmail>
  )
}
