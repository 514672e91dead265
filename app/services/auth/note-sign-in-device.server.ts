import { and, eq, ne, sql } from 'drizzle-orm'
import { createElement } from 'react'
import { type Executor, getDb } from '#app/db/client.server'
import { appareilsConnus, user } from '#app/db/schema'
import { NewDeviceEmail } from '#app/emails/new-device-email'
import { renderEmail } from '#app/emails/render-email.server'
import { getEnv } from '#app/env.server'
import { resolveAppearance } from '#app/lib/appearance'
import { formatDateTime } from '#app/lib/format'
import { enqueueEmail } from '#app/services/mail/enqueue-email.server'
import { withOutbox } from '#app/services/mail/outbox.server'
import { getSiteSettings } from '#app/services/settings/get-site-settings.server'
import { deviceLabel, networkPlace } from './sign-in-device.server'

/** Subject of the new-device e-mail. */
export const NEW_DEVICE_SUBJECT = 'Nouvelle connexion à votre compte'

/**
 * Notes the device of a new session (issue #37 §3) and, when the account has signed in before
 * from other devices but never from this one, writes the « Nouvelle connexion à votre compte »
 * e-mail to the outbox in the same transaction. A device is its label (browser and system, see
 * `deviceLabel`): a browser update is no new device. An account's very first device sends
 * nothing (nobody to warn but the one who just set it up).
 *
 * @param signIn.userId - the account.
 * @param signIn.userAgent - the session's `User-Agent`, or null.
 * @param signIn.ipAddress - the session's client address, or null.
 * @param signIn.at - when the session started.
 * @returns whether the e-mail was queued.
 * @throws the database's or the rendering's error.
 */
export async function noteSignInDevice(
  signIn: {
    userId: string
    userAgent: string | null | undefined
    ipAddress: string | null | undefined
    at: Date
  },
  executor: Executor = getDb(),
): Promise<boolean> {
  const device = deviceLabel(signIn.userAgent)
  const { SITE_TIMEZONE, SITE_URL_RESOLVED } = getEnv()
  const { siteTitle } = resolveAppearance(await getSiteSettings())
  return withOutbox(async (tx) => {
    const [noted] = await tx
      .insert(appareilsConnus)
      .values({
        user_id: signIn.userId,
        appareil: device,
        premiere_connexion: signIn.at,
        derniere_connexion: signIn.at,
      })
      .onConflictDoUpdate({
        target: [appareilsConnus.user_id, appareilsConnus.appareil],
        set: { derniere_connexion: signIn.at },
      })
      // xmax is 0 on a row this statement inserted, not on one it updated.
      .returning({ isNew: sql<boolean>`(xmax = 0)` })
    if (!noted?.isNew) return false
    const others = await tx.$count(
      appareilsConnus,
      and(eq(appareilsConnus.user_id, signIn.userId), ne(appareilsConnus.appareil, device)),
    )
    if (others === 0) return false
    const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, signIn.userId))
    if (!account) return false
    const rendered = await renderEmail(
      createElement(NewDeviceEmail, {
        siteTitle,
        device,
        place: networkPlace(signIn.ipAddress),
        when: formatDateTime(signIn.at, SITE_TIMEZONE),
        profileLink: `${SITE_URL_RESOLVED}/admin/profil`,
      }),
    )
    await enqueueEmail(tx, {
      modele: 'new-device',
      destinataire: account.email,
      sujet: NEW_DEVICE_SUBJECT,
      ...rendered,
      donnees: { appareil: device },
    })
    return true
  }, executor)
}
