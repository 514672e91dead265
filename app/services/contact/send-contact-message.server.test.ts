import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { contactMessages, emailsSortants, siteSettings } from '#app/db/schema'
import { setEnv } from '#tests/support/env'
import { sendContactMessage } from './send-contact-message.server'

const input = {
  nom: 'Martin',
  prenom: 'Léa',
  email: 'lea@exemple.org',
  telephone: null,
  sujet: 'Atelier',
  message: 'Proposez-vous des cours ?\nMerci !',
}

beforeEach(() => setEnv({ CONTACT_EMAIL: 'artiste@exemple.fr', SITE_URL: 'https://encre.exemple.fr' }))

afterEach(async () => {
  await getDb().execute(sql`drop trigger if exists refuse_emails on emails_sortants`)
})

describe('sendContactMessage', () => {
  it('stores the message and an e-mail naming the site, the visitor and a link to the messages', async () => {
    await getDb().insert(siteSettings).values({ setting_key: 'site_title', setting_value: 'Atelier Plume' })

    const sent = await sendContactMessage(input)

    const [message] = await getDb().select().from(contactMessages)
    expect(message).toMatchObject({ id: sent.id, nom: 'Martin', prenom: 'Léa', telephone: null })
    const [email] = await getDb().select().from(emailsSortants)
    expect(email?.id).toBe(sent.emailId)
    expect(email?.donnees).toEqual({ contactMessageId: sent.id })
    expect(email?.texte).toContain('Atelier Plume')
    expect(email?.texte).toContain('Léa Martin')
    expect(email?.texte).toContain('lea@exemple.org')
    expect(email?.texte).toMatch(/Proposez-vous des cours \?\s*\n\s*Merci !/)
    expect(email?.html).toContain('https://encre.exemple.fr/admin/messages')
  })

  it('escapes the visitor text in the HTML part', async () => {
    await sendContactMessage({ ...input, message: '<script>alert(1)</script>' })

    const [email] = await getDb().select().from(emailsSortants)
    expect(email?.html).not.toContain('<script>')
    expect(email?.html).toContain('&lt;script&gt;')
  })

  it('still stores the message when the outbox refuses the e-mail', async () => {
    await getDb().execute(sql`
      create or replace function refuse_email() returns trigger language plpgsql as $$
      begin raise exception 'outbox indisponible'; end $$`)
    await getDb().execute(
      sql`create trigger refuse_emails before insert on emails_sortants for each row execute function refuse_email()`,
    )

    const sent = await sendContactMessage(input)

    expect(sent.emailId).toBeNull()
    expect(await getDb().select().from(contactMessages)).toHaveLength(1)
    expect(await getDb().select().from(emailsSortants)).toHaveLength(0)
  })
})
