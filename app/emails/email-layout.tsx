import { Body, Container, Head, Hr, Html, Preview, Section, Text } from '@react-email/components'

/**
 * Shared layout of every e-mail (CONVENTIONS.md: e-mails are components): French, a preview line,
 * the site's name as header and a short footer.
 */
export function EmailLayout({
  siteTitle,
  preview,
  children,
}: {
  siteTitle: string
  preview: string
  children: React.ReactNode
}) {
  return (
    <Html lang="fr">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#faf8f4', fontFamily: 'Georgia, serif', color: '#111827' }}>
        <Container style={{ maxWidth: 560, margin: '0 auto', padding: '24px' }}>
          <Text style={{ fontSize: 22, fontWeight: 700, margin: '0 0 16px' }}>{siteTitle}</Text>
          <Section style={{ backgroundColor: '#ffffff', borderRadius: 8, padding: '24px' }}>
            {children}
          </Section>
          <Hr style={{ borderColor: '#e5e7eb', margin: '24px 0 12px' }} />
          <Text style={{ fontSize: 12, color: '#6b7280' }}>
            Cet e-mail a été envoyé automatiquement par le site {siteTitle}.
          </Text>
        </Container>
      </Body>
    </Html>
  )
}

/** Style of a paragraph of the e-mails. */
export const emailTextStyle = { fontSize: 16, margin: '0 0 12px' } as const

/** Style of the small print under a button. */
export const emailNoteStyle = { fontSize: 14, color: '#4b5563', margin: '16px 0 0' } as const

/** Style of a second note, closer to the first. */
export const emailNextNoteStyle = { ...emailNoteStyle, margin: '12px 0 0' } as const

/** Style of the main call-to-action button (auction e-mails, password reset). */
export const emailButtonStyle = {
  backgroundColor: '#111827',
  color: '#ffffff',
  padding: '12px 20px',
  borderRadius: 6,
  fontSize: 15,
  textDecoration: 'none',
} as const

/** Style of a field's label in a notification to the artist (contact message, new bid). */
export const emailLabelStyle = {
  fontSize: 12,
  color: '#6b7280',
  margin: '0',
  textTransform: 'uppercase' as const,
}

/** Style of a field's value under its label. */
export const emailValueStyle = { fontSize: 15, margin: '2px 0 12px' }
