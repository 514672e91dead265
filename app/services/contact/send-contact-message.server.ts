import { asc, eq } from 'drizzle-orm'
import { createElement } from 'react'
import { getDb } from '#app/db/client.server'
import { contactMessages, user } from '#app/db/schema'
import { ContactNotificationEmail, contactNotificationSubject } from '#app/emails/contact-notification-email'
import { renderEmail } from '#app/emails/render-email.server'
import { getEnv } from '#app/env.server'
import { resolveAppearance } from '#app/lib/appearance'
import { artworkPath } from '#app/lib/artwork-display'
import type { ContactMessageFields } from '#app/lib/contact-schema'
import { logger } from '#app/logger.server'
import { type EnquiryArtwork, getEnquiryArtwork } from '#app/services/catalogue/get-enquiry-artwork.server'
import { enqueueEmail } from '#app/services/mail/enqueue-email.server'
import { withOutbox } from '#app/services/mail/outbox.server'
import { getSiteSettings } from '#app/services/settings/get-site-settings.server'

/** What {@link sendContactMessage} stored. */
export type SentContactMessage = {
  /** contact_messages row id. */
  id: string
  /** Outbox row of the notification e-mail, or null when none was queued (no recipient, render failure). */
  emailId: string | null
}

/**
 * Who receives contact notifications: `CONTACT_EMAIL`, else the oldest administrator's address
 * (`user` where role = 'admin', by creation date), else null.
 */
export async function findContactRecipient(): Promise<string | null> {
  const configured = getEnv().CONTACT_EMAIL
  if (configured) return configured
  const [admin] = await getDb()
    .select({ email: user.email })
    .from(user)
    .where(eq(user.role, 'admin'))
    .orderBy(asc(user.createdAt))
    .limit(1)
  return admin?.email ?? null
}

/**
 * Stores a contact message and queues its notification e-mail (public spec §7 "Insert
 * contact_messages" and "send-contact-notification"; DESIGN.md §7). In one transaction: inserts
 * contact_messages (nom, prenom, email, telephone, sujet, message) and the e-mail into the outbox,
 * addressed to {@link findContactRecipient} with Reply-To = the visitor. A notification problem
 * never loses the message (public spec §8: "a notification failure is silent"): with no recipient,
 * or when rendering or queueing the e-mail fails, the message is stored alone and a warning logged.
 * The transaction runs through `withOutbox`, so the running worker sends the e-mail right after
 * the commit. A message about an artwork (issue #11 §4: `oeuvre_id`) stores the link and names the
 * work, with its address, in the e-mail when the artwork is one to ask about (getEnquiryArtwork);
 * otherwise (hidden or sold meanwhile, unknown) the message is stored without the link.
 *
 * @returns the stored message id and the outbox row id (or null).
 * @throws the database error when the message itself cannot be stored.
 */
export async function sendContactMessage(input: ContactMessageFields): Promise<SentContactMessage> {
  const values = {
    nom: input.nom,
    prenom: input.prenom || null,
    email: input.email,
    telephone: input.telephone || null,
    sujet: input.sujet,
    message: input.message,
  }
  const artwork = await getEnquiryArtwork(input.oeuvre_id)
  const notification = await prepareNotification(values, artwork).catch((error: unknown) => {
    logger.warn(
      { err: error },
      'Notification de contact non préparée : le message est enregistré sans e-mail',
    )
    return null
  })

  return withOutbox(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...values, oeuvre_id: artwork?.id ?? null })
      .returning({ id: contactMessages.id })
    if (!row) throw new Error("Le message n'a pas pu être enregistré.")
    if (!notification) return { id: row.id, emailId: null }
    try {
      // A savepoint: if queueing fails, the message is still committed.
      const email = await tx.transaction((savepoint) =>
        enqueueEmail(savepoint, { ...notification, donnees: { contactMessageId: row.id } }),
      )
      return { id: row.id, emailId: email.id }
    } catch (error) {
      logger.warn({ err: error, contactMessageId: row.id }, 'Notification de contact non mise en file')
      return { id: row.id, emailId: null }
    }
  })
}

async function prepareNotification(
  values: {
    nom: string
    prenom: string | null
    email: string
    telephone: string | null
    sujet: string
    message: string
  },
  artwork: EnquiryArtwork | null,
) {
  const recipient = await findContactRecipient()
  if (!recipient) {
    logger.warn(
      'Aucun destinataire pour les messages de contact (CONTACT_EMAIL ou un administrateur) : e-mail non envoyé',
    )
    return null
  }
  const env = getEnv()
  const siteTitle = resolveAppearance(await getSiteSettings()).siteTitle
  const { html, texte } = await renderEmail(
    createElement(ContactNotificationEmail, {
      siteTitle,
      adminUrl: `${env.SITE_URL_RESOLVED}/admin/messages`,
      ...values,
      oeuvre: artwork && { nom: artwork.nom, url: `${env.SITE_URL_RESOLVED}${artworkPath(artwork.id)}` },
    }),
  )
  return {
    modele: 'contact-notification',
    destinataire: recipient,
    sujet: contactNotificationSubject(values.sujet),
    html,
    texte,
    reponse_a: values.email,
  }
}
