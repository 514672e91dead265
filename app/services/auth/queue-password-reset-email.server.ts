import { createElement } from 'react'
import { type Executor, getDb } from '#app/db/client.server'
import { PasswordResetEmail } from '#app/emails/password-reset-email'
import { renderEmail } from '#app/emails/render-email.server'
import { getEnv } from '#app/env.server'
import { resolveAppearance } from '#app/lib/appearance'
import { enqueueEmail } from '#app/services/mail/enqueue-email.server'
import { withOutbox } from '#app/services/mail/outbox.server'
import { getSiteSettings } from '#app/services/settings/get-site-settings.server'

/** Subject of the password-reset e-mail. */
export const PASSWORD_RESET_SUBJECT = 'Réinitialisation de votre mot de passe'

/** Lifetime of the link announced in the e-mail, in minutes (RESET_TOKEN_TTL_SECONDS in auth.server.ts). */
const LINK_VALID_MINUTES = 60

/**
 * The address of the page that chooses a new password (public spec §7 "Authentication": the
 * reset link comes back to /auth/callback on the site's origin).
 *
 * @param token - the reset token issued by better-auth (24 characters).
 * @returns `{SITE_URL_RESOLVED}/auth/callback?token=…`.
 */
export function passwordResetLink(token: string): string {
  return `${getEnv().SITE_URL_RESOLVED}/auth/callback?token=${encodeURIComponent(token)}`
}

/**
 * Writes the French password-reset e-mail to the outbox (DESIGN.md §7). Called by better-auth's
 * `emailAndPassword.sendResetPassword` once the token is stored, only for an existing account.
 *
 * @param input.email - recipient (the account's address).
 * @param input.token - the reset token to put in the link.
 * @param executor - transaction or database to write the outbox row with (default: the database).
 * @returns the outbox row id.
 * @throws the database or rendering error when the row cannot be written.
 */
export async function queuePasswordResetEmail(
  input: { email: string; token: string },
  executor: Executor = getDb(),
): Promise<{ id: string }> {
  const { siteTitle } = resolveAppearance(await getSiteSettings())
  const link = passwordResetLink(input.token)
  const rendered = await renderEmail(
    createElement(PasswordResetEmail, { siteTitle, link, validForMinutes: LINK_VALID_MINUTES }),
  )
  return withOutbox(
    (tx) =>
      enqueueEmail(tx, {
        modele: 'password-reset',
        destinataire: input.email,
        sujet: PASSWORD_RESET_SUBJECT,
        ...rendered,
        // The link itself is not kept in `donnees`: the token is a credential for one hour.
      }),
    executor,
  )
}
