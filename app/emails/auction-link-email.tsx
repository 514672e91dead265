import { Button, Link, Text } from '@react-email/components'
import { EmailLayout } from './email-layout'

/**
 * E-mail sent to a visitor who asked for the private auction link on the home page
 * (public spec §2 "Private-auction access card", §7 send-auction-link).
 *
 * @param link - absolute private address `{SITE_URL}/enchere/{lien_prive}`.
 * @param endsAt - the auction's end, already formatted in French in the site's time zone.
 */
export function AuctionLinkEmail({
  siteTitle,
  auctionName,
  link,
  endsAt,
}: {
  siteTitle: string
  auctionName: string
  link: string
  endsAt: string
}) {
  return (
    <EmailLayout siteTitle={siteTitle} preview={`Votre lien vers l'enchère privée « ${auctionName} »`}>
      <Text style={{ fontSize: 16, margin: '0 0 12px' }}>Bonjour,</Text>
      <Text style={{ fontSize: 16, margin: '0 0 12px' }}>
        {`Voici le lien vers l'enchère privée « ${auctionName} ». Elle se termine le ${endsAt}.`}
      </Text>
      <Button
        href={link}
        style={{
          backgroundColor: '#111827',
          color: '#ffffff',
          padding: '12px 20px',
          borderRadius: 6,
          fontSize: 15,
          textDecoration: 'none',
        }}
      >
        Accéder à l'enchère
      </Button>
      <Text style={{ fontSize: 14, color: '#4b5563', margin: '16px 0 0' }}>
        Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :{' '}
        <Link href={link}>{link}</Link>
      </Text>
      <Text style={{ fontSize: 14, color: '#4b5563', margin: '12px 0 0' }}>
        Ce lien est personnel : gardez-le pour vous. Si vous n'avez rien demandé, ignorez simplement cet
        e-mail.
      </Text>
    </EmailLayout>
  )
}
