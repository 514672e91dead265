import { Link, Text } from '@react-email/components'
import { emailNextNoteStyle, emailNoteStyle } from './email-layout'
import { VisitorEmail } from './visitor-email'

/**
 * E-mail sent when someone asks for a password reset on /auth (public spec §2 "/auth", §7
 * "Authentication"; DESIGN.md §7).
 *
 * @param link - absolute address `{SITE_URL}/auth/callback?token=…` of the page choosing a new password.
 * @param validForMinutes - lifetime of the link, in minutes.
 */
export function PasswordResetEmail({
  siteTitle,
  link,
  validForMinutes,
}: {
  siteTitle: string
  link: string
  validForMinutes: number
}) {
  return (
    <VisitorEmail
      siteTitle={siteTitle}
      preview="Réinitialisation de votre mot de passe"
      message={`Une réinitialisation du mot de passe de votre compte sur ${siteTitle} a été demandée. Cliquez sur le bouton ci-dessous pour choisir un nouveau mot de passe. Ce lien est valable ${validForMinutes} minutes et ne peut servir qu'une fois.`}
      button={{ href: link, label: 'Choisir un nouveau mot de passe' }}
    >
      <Text style={emailNoteStyle}>
        Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :{' '}
        <Link href={link}>{link}</Link>
      </Text>
      <Text style={emailNextNoteStyle}>
        Si vous n'avez rien demandé, ignorez simplement cet e-mail : votre mot de passe reste inchangé.
      </Text>
    </VisitorEmail>
  )
}
