import { Img, Section, Text } from '@react-email/components'

/** The artwork an auction e-mail is about: absolute image URL (may be null) and name. */
export type AuctionArtwork = { nom: string; imageUrl: string | null } | null

/** What every auction e-mail is given: the site's title, the auction's name and its artwork. */
export type AuctionEmailProps = { siteTitle: string; auctionName: string; artwork: AuctionArtwork }

/**
 * The artwork block of the auction e-mails (issue #4 §5: "French templates with the artwork's
 * image and the link"): the image at most 512 px wide, then its name. Renders nothing without an
 * artwork.
 */
export function AuctionArtworkBlock({ artwork }: { artwork: AuctionArtwork }) {
  if (!artwork) return null
  return (
    <Section style={{ margin: '0 0 16px' }}>
      {artwork.imageUrl ? (
        <Img
          src={artwork.imageUrl}
          alt={artwork.nom}
          width={512}
          style={{ width: '100%', maxWidth: 512, height: 'auto', borderRadius: 6 }}
        />
      ) : null}
      <Text style={{ fontSize: 14, color: '#4b5563', margin: '8px 0 0', fontStyle: 'italic' }}>
        {artwork.nom}
      </Text>
    </Section>
  )
}
