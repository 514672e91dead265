import { Text } from '@react-email/components'
import { emailNextNoteStyle, emailNoteStyle } from './email-layout'
import { VisitorEmail } from './visitor-email'

/**
 * E-mail sent to an account's address when it signs in from a device it never used (issue #37 §3).
 *
 * @param device - the device's label, e.g. « Firefox sur Linux ».
 * @param place - the network's label, e.g. « Réseau 203.0.113.0/24 ».
 * @param when - the sign-in's date and time, formatted in the site's time zone.
 * @param profileLink - absolute address of /admin/profil, where the sessions are ended.
 */
export function NewDeviceEmail({
  siteTitle,
  device,
  place,
  when,
  profileLink,
}: {
  siteTitle: string
  device: string
  place: string
  when: string
  profileLink: string
}) {
  return (
    <VisitorEmail
      siteTitle={siteTitle}
      preview="Nouvelle connexion à votre compte"
      message={`Votre compte sur ${siteTitle} vient d'être utilisé pour se connecter depuis un nouvel appareil : ${device}, ${place}, le ${when}.`}
      button={{ href: profileLink, label: 'Voir les appareils connectés' }}
    >
      <Text style={emailNoteStyle}>Si c'était vous, il n'y a rien à faire.</Text>
      <Text style={emailNextNoteStyle}>
        Sinon, déconnectez cet appareil depuis votre compte et changez votre mot de passe.
      </Text>
    </VisitorEmail>
  )
}
