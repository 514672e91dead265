import { Button, Heading, Hr, Link, Section, Text } from '@react-email/components'
import type { ContactMessageFields } from '#app/lib/contact-schema'
import { EmailLayout, emailLabelStyle, emailValueStyle } from './email-layout'

export type ContactNotificationEmailProps = Omit<ContactMessageFields, 'oeuvre_id'> & {
  siteTitle: string
  /** The artwork the visitor asks about (issue #11 §4): its name and absolute page URL. */
  oeuvre?: { nom: string; url: string } | null
  /** Absolute URL of the back-office messages screen, e.g. https://exemple.fr/admin/messages. */
  adminUrl: string
}

/** Subject line of the notification: "Nouveau message : {sujet}". */
export function contactNotificationSubject(sujet: string): string {
  return `Nouveau message : ${sujet}`
}

/**
 * E-mail telling the artist that a visitor wrote through /contact (public spec §7
 * "send-contact-notification": nom, prénom, email, sujet, message; issue #11 §4: the artwork asked
 * about, linked). Sent with Reply-To set to the visitor, so answering the e-mail answers the visitor.
 */
export function ContactNotificationEmail(props: ContactNotificationEmailProps) {
  const fullName = [props.prenom, props.nom].filter(Boolean).join(' ')
  return (
    <EmailLayout siteTitle={props.siteTitle} preview={`${fullName} vous a écrit : ${props.sujet}`}>
      <Heading as="h1" style={{ fontSize: 20, margin: '0 0 16px' }}>
        Nouveau message de contact
      </Heading>
      <Section>
        <Text style={emailLabelStyle}>De</Text>
        <Text style={emailValueStyle}>
          {fullName} &lt;{props.email}&gt;
        </Text>
        {props.telephone ? (
          <>
            <Text style={emailLabelStyle}>Téléphone</Text>
            <Text style={emailValueStyle}>{props.telephone}</Text>
          </>
        ) : null}
        <Text style={emailLabelStyle}>Sujet</Text>
        <Text style={emailValueStyle}>{props.sujet}</Text>
        {props.oeuvre ? (
          <>
            <Text style={emailLabelStyle}>Œuvre concernée</Text>
            <Text style={emailValueStyle}>
              <Link href={props.oeuvre.url}>{props.oeuvre.nom}</Link> ({props.oeuvre.url})
            </Text>
          </>
        ) : null}
      </Section>
      <Hr style={{ borderColor: '#e5e7eb', margin: '8px 0 16px' }} />
      <Text style={{ fontSize: 15, lineHeight: '24px', margin: 0 }}>
        {props.message.split(/\r?\n/).flatMap((line, index) =>
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed text, never reordered
          index === 0 ? [line] : [<br key={index} />, line],
        )}
      </Text>
      <Hr style={{ borderColor: '#e5e7eb', margin: '16px 0' }} />
      <Text style={{ fontSize: 14, color: '#374151' }}>
        Répondez simplement à cet e-mail pour écrire à {fullName}.
      </Text>
      <Button
        href={props.adminUrl}
        style={{
          backgroundColor: '#111827',
          color: '#ffffff',
          borderRadius: 6,
          padding: '10px 16px',
          fontSize: 14,
          textDecoration: 'none',
        }}
      >
        Voir les messages
      </Button>
    </EmailLayout>
  )
}
