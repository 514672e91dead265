import { Link, Text } from '@react-email/components'
import type { AuctionEmailProps } from './auction-artwork'
import { emailNoteStyle } from './email-layout'
import { VisitorEmail } from './visitor-email'

/**
 * E-mail to a validated bidder when the auction ends soon (issue #10 §4): one hour before the end,
 * and ten minutes before for those who asked through the link of the first one.
 *
 * @param timeLeft - e.g. '1 heure', '10 minutes' (from the real end, extensions included).
 * @param endsAt - the end, formatted in French in the site's time zone.
 * @param link - absolute private address of the auction page.
 * @param tenMinutesLink - the link asking for the 10-minute reminder (absent in that reminder).
 */
export function AuctionEndingSoonEmail({
  siteTitle,
  auctionName,
  artwork,
  timeLeft,
  endsAt,
  link,
  tenMinutesLink,
}: AuctionEmailProps & { timeLeft: string; endsAt: string; link: string; tenMinutesLink?: string }) {
  return (
    <VisitorEmail
      siteTitle={siteTitle}
      preview={`L'enchère « ${auctionName} » se termine dans ${timeLeft}`}
      message={`L'enchère « ${auctionName} » se termine dans ${timeLeft}, le ${endsAt}. Une mise dans les dernières minutes peut encore prolonger l'enchère.`}
      artwork={artwork}
      button={{ href: link, label: "Revenir à l'enchère" }}
    >
      {tenMinutesLink ? (
        <Text style={emailNoteStyle}>
          {'Vous souhaitez un dernier rappel\u00a0? '}
          <Link href={tenMinutesLink}>Me prévenir aussi 10 minutes avant la fin</Link>
        </Text>
      ) : null}
    </VisitorEmail>
  )
}
