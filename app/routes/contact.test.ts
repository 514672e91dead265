import { beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { contactMessages, emailsSortants, user } from '#app/db/schema'
import { CONTACT_EMAIL_MESSAGE, CONTACT_REQUIRED_MESSAGE } from '#app/lib/contact-schema'
import { listContactMessages } from '#app/services/contact/list-contact-messages.server'
import { insertArtwork, insertCategory } from '#tests/support/catalogue-fixtures'
import { configurePage } from '#tests/support/content-fixtures'
import { setEnv } from '#tests/support/env'
import { expectHtmlToContain, renderRoute } from '#tests/support/routes'
import Contact, { action, loader } from './contact'

const valid = {
  nom: 'Dupont',
  prenom: 'Camille',
  email: 'camille@exemple.fr',
  telephone: '06 12 34 56 78',
  sujet: 'Commande d’une calligraphie',
  message: 'Bonjour,\nje voudrais offrir une calligraphie à ma sœur.',
}

type ActionResult = {
  data: {
    outcome: 'sent' | 'invalid' | 'error'
    message: string
    result: { error?: Record<string, string[]> }
  }
  init: { status?: number; headers?: Record<string, string> } | null
}

function load(search = '') {
  return loader({
    request: new Request(`http://localhost/contact${search}`),
    params: {},
    context: {},
  } as never)
}

async function post(fields: Record<string, string>, clientIp = '203.0.113.7'): Promise<ActionResult> {
  const body = new URLSearchParams(fields)
  const request = new Request('http://localhost/contact', { method: 'POST', body })
  return (await action({ request, params: {}, context: { cspNonce: 'n', clientIp } } as never)) as never
}

async function stored() {
  const db = getDb()
  return {
    messages: await db.select().from(contactMessages),
    emails: await db.select().from(emailsSortants),
  }
}

beforeEach(async () => {
  setEnv({ CONTACT_EMAIL: 'artiste@exemple.fr' })
})

describe('/contact loader', () => {
  it('gives the default title and description when the page is not configured', async () => {
    const result = await load()

    expect(result.page.titre).toBe('Contact')
    expect(result.page.description).toBe("Contactez-moi pour vos projets ou demandes d'information")
    expect(result.page.imageHeight).toBe('250px')
    expect(result.page.imageWidth).toBe('100%')
  })

  it('uses the configured title', async () => {
    await configurePage('contact', { titre: 'Écrivez-moi' })

    expect((await load()).page.titre).toBe('Écrivez-moi')
  })
})

describe('/contact action', () => {
  it('stores the message and one notification e-mail to CONTACT_EMAIL, replying to the visitor', async () => {
    const result = await post(valid)

    expect(result.init?.status ?? 200).toBe(200)
    expect(result.data.outcome).toBe('sent')
    expect(result.data.message).toBe(
      'Votre message a été envoyé avec succès. Je vous répondrai dans les plus brefs délais.',
    )
    const { messages, emails } = await stored()
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatchObject({ ...valid, lu: false, archive: false })
    expect(emails).toHaveLength(1)
    expect(emails[0]).toMatchObject({
      modele: 'contact-notification',
      destinataire: 'artiste@exemple.fr',
      sujet: 'Nouveau message : Commande d’une calligraphie',
      reponse_a: 'camille@exemple.fr',
      statut: 'en_attente',
      tentatives: 0,
    })
    expect(emails[0]?.texte).toContain('je voudrais offrir une calligraphie à ma sœur.')
    expect(emails[0]?.texte).toContain('Camille Dupont')
    expect(emails[0]?.html).toContain('Nouveau message de contact')
  })

  it('stores empty optional fields as null', async () => {
    await post({ ...valid, prenom: '', telephone: '  ' })

    const { messages } = await stored()
    expect(messages[0]?.prenom).toBeNull()
    expect(messages[0]?.telephone).toBeNull()
  })

  it('refuses missing required fields with 400, the French messages and nothing stored', async () => {
    const result = await post({ prenom: 'Camille', nom: '', email: '', sujet: '', message: '' })

    expect(result.init?.status).toBe(400)
    expect(result.data.outcome).toBe('invalid')
    expect(result.data.message).toBe(CONTACT_REQUIRED_MESSAGE)
    expect(result.data.result.error?.['']).toEqual([CONTACT_REQUIRED_MESSAGE])
    expect(result.data.result.error?.nom).toEqual(['Veuillez indiquer votre nom'])
    expect(await stored()).toEqual({ messages: [], emails: [] })
  })

  it('keeps the typed values in the reply so the page shows them again', async () => {
    const result = await post({ ...valid, email: 'pas-une-adresse' })

    expect((result.data.result as { initialValue?: Record<string, string> }).initialValue).toMatchObject({
      nom: 'Dupont',
      email: 'pas-une-adresse',
      message: valid.message,
    })
  })

  it('refuses an invalid e-mail address with 400 and nothing stored', async () => {
    const result = await post({ ...valid, email: 'camille@exemple' })

    expect(result.init?.status).toBe(400)
    expect(result.data.message).toBe(CONTACT_EMAIL_MESSAGE)
    expect(result.data.result.error?.email).toEqual([CONTACT_EMAIL_MESSAGE])
    expect(await stored()).toEqual({ messages: [], emails: [] })
  })

  it('refuses a message that is too long with 400 and nothing stored', async () => {
    const result = await post({ ...valid, message: 'x'.repeat(5001) })

    expect(result.init?.status).toBe(400)
    expect(result.data.message).toMatch(/^Le message ne doit pas dépasser 5\s000 caractères$/)
    expect(await stored()).toEqual({ messages: [], emails: [] })
  })

  it('answers 429 after 5 messages of one address from one client address in 10 minutes, storing nothing more', async () => {
    for (let i = 0; i < 5; i++)
      expect((await post({ ...valid, sujet: `Sujet ${i}` })).data.outcome).toBe('sent')

    const refused = await post({ ...valid, sujet: 'Sujet de trop' })

    expect(refused.init?.status).toBe(429)
    expect(refused.data.message).toBe('Trop de messages envoyés. Veuillez réessayer dans quelques minutes.')
    expect(Number(refused.init?.headers?.['Retry-After'])).toBeGreaterThan(0)
    const { messages, emails } = await stored()
    expect(messages).toHaveLength(5)
    expect(emails).toHaveLength(5)
    expect((await post({ ...valid, email: 'autre@exemple.fr' }, '198.51.100.4')).data.outcome).toBe('sent')
  })

  it('answers 429 after 5 messages signed with one e-mail address in an hour, whatever the IP', async () => {
    for (let i = 0; i < 5; i++)
      expect((await post({ ...valid, sujet: `Sujet ${i}` }, `198.51.100.${i + 1}`)).data.outcome).toBe('sent')

    const refused = await post({ ...valid, email: ' Camille@Exemple.fr ' }, '198.51.100.9')

    expect(refused.init?.status).toBe(429)
    expect(refused.data.message).toBe('Trop de messages envoyés. Veuillez réessayer dans quelques minutes.')
    expect(Number(refused.init?.headers?.['Retry-After'])).toBeGreaterThan(0)
    expect((await stored()).messages).toHaveLength(5)
    expect((await post({ ...valid, email: 'autre@exemple.fr' }, '198.51.100.9')).data.outcome).toBe('sent')
  })

  it('tells apart the people behind one client address, up to a ceiling of 20 (issue #36 §6)', async () => {
    for (let i = 0; i < 20; i++) {
      const answer = await post({ ...valid, email: `collegue-${i}@exemple.fr` }, '198.51.100.7')
      expect(answer.data.outcome, `message ${i + 1}`).toBe('sent')
    }

    const refused = await post({ ...valid, email: 'collegue-20@exemple.fr' }, '198.51.100.7')

    expect(refused.init?.status).toBe(429)
    expect((await stored()).messages).toHaveLength(20)
  })

  it('does not count refused forms against the limit', async () => {
    for (let i = 0; i < 6; i++) await post({ ...valid, email: 'faux' })

    expect((await post(valid)).data.outcome).toBe('sent')
  })

  it('pretends success and stores nothing when the honeypot is filled', async () => {
    const result = await post({ ...valid, site_web: 'https://spam.example' })

    expect(result.data.outcome).toBe('sent')
    expect(await stored()).toEqual({ messages: [], emails: [] })
  })

  it('notifies the first administrator when CONTACT_EMAIL is unset', async () => {
    setEnv({ CONTACT_EMAIL: undefined })
    await getDb()
      .insert(user)
      .values([
        {
          id: 'u1',
          name: 'Visiteur',
          email: 'simple@exemple.fr',
          role: 'user',
          createdAt: new Date('2024-01-01'),
        },
        {
          id: 'u2',
          name: 'Seconde',
          email: 'admin2@exemple.fr',
          role: 'admin',
          createdAt: new Date('2024-03-01'),
        },
        {
          id: 'u3',
          name: 'Première',
          email: 'admin1@exemple.fr',
          role: 'admin',
          createdAt: new Date('2024-02-01'),
        },
      ])

    await post(valid)

    const { emails } = await stored()
    expect(emails.map((email) => email.destinataire)).toEqual(['admin1@exemple.fr'])
  })

  it('stores the message without e-mail when no recipient is configured', async () => {
    setEnv({ CONTACT_EMAIL: undefined })

    const result = await post(valid)

    expect(result.data.outcome).toBe('sent')
    const { messages, emails } = await stored()
    expect(messages).toHaveLength(1)
    expect(emails).toHaveLength(0)
  })
  it('stores a message typed with NUL and other control characters without them (never a 500)', async () => {
    const result = await post({
      ...valid,
      nom: 'Du\u0000pont',
      prenom: 'Ca\u0007mille',
      sujet: 'Commande\u001b d’une calligraphie',
      message: 'Bonjour,\u0000\nje voudrais\u007f offrir une calligraphie.',
    })

    expect(result.data.outcome).toBe('sent')
    const { messages, emails } = await stored()
    expect(messages.map(({ nom, prenom, sujet, message }) => ({ nom, prenom, sujet, message }))).toEqual([
      {
        nom: 'Dupont',
        prenom: 'Camille',
        sujet: 'Commande d’une calligraphie',
        message: 'Bonjour,\nje voudrais offrir une calligraphie.',
      },
    ])
    expect(emails).toHaveLength(1)
  })

  it('answers 400 with the French message to a body that is no form (never a 500)', async () => {
    const request = new Request('http://localhost/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
      body: 'pas un formulaire',
    })
    const result = (await action({
      request,
      params: {},
      context: { cspNonce: 'n', clientIp: '203.0.113.8' },
    } as never)) as ActionResult

    expect(result.init?.status).toBe(400)
    expect(result.data.message).toBe(CONTACT_REQUIRED_MESSAGE)
    expect((await stored()).messages).toEqual([])
  })
})

describe('enquiry about a work (issue #11 §4)', () => {
  it('prefills the subject with the work asked about, for a displayed work available or on request only', async () => {
    const available = await insertArtwork({ nom: 'Souffle', statut: 'disponible' })
    const onRequest = await insertArtwork({ nom: 'Vague', statut: 'me contacter' })
    const sold = await insertArtwork({ nom: 'Vendue', statut: 'vendu' })
    const hidden = await insertArtwork({ nom: 'Cachée', statut: 'disponible', affichee: false })
    const category = await insertCategory({ nom: 'Masquée', affichee: false })
    const inHidden = await insertArtwork({ nom: 'Rangée', statut: 'disponible', categorie_id: category.id })

    const page = await load(`?oeuvre=${available.id}`)
    expect(page.artwork).toEqual({ id: available.id, nom: 'Souffle' })
    expect((await load(`?oeuvre=${onRequest.id}`)).artwork?.nom).toBe('Vague')
    for (const id of [sold.id, hidden.id, inHidden.id, 'pas-un-id'])
      expect((await load(`?oeuvre=${id}`)).artwork).toBeNull()

    const html = renderRoute(Contact as never, page, `/contact?oeuvre=${available.id}`)
    expectHtmlToContain(html, [
      'value="À propos de « Souffle »"',
      `name="oeuvre_id" value="${available.id}"`,
      `action="/contact?oeuvre=${available.id}"`,
      `href="/portfolio/oeuvre/${available.id}"`,
    ])
  })

  it('stores the work with the message and names it, linked, in the notification e-mail', async () => {
    setEnv({ CONTACT_EMAIL: 'artiste@exemple.fr', SITE_URL: 'https://encre.exemple.fr' })
    const artwork = await insertArtwork({ nom: 'Souffle', statut: 'me contacter' })

    const result = await post({ ...valid, sujet: 'À propos de « Souffle »', oeuvre_id: artwork.id })

    expect(result.data.outcome).toBe('sent')
    const { messages, emails } = await stored()
    expect(messages[0]).toMatchObject({ sujet: 'À propos de « Souffle »', oeuvre_id: artwork.id })
    expect(emails[0]?.sujet).toBe('Nouveau message : À propos de « Souffle »')
    expect(emails[0]?.texte).toContain('Œuvre concernée')
    expect(emails[0]?.texte).toContain(`https://encre.exemple.fr/portfolio/oeuvre/${artwork.id}`)
    expect(emails[0]?.html).toContain(`href="https://encre.exemple.fr/portfolio/oeuvre/${artwork.id}"`)
    // The back-office's message card links to the work.
    const { messages: listed } = await listContactMessages('tous')
    expect(listed[0]?.oeuvre).toEqual({ id: artwork.id, nom: 'Souffle' })
  })

  it('keeps a message about a work sold meanwhile, without the link; refuses a malformed work id', async () => {
    const sold = await insertArtwork({ nom: 'Vendue', statut: 'vendu' })

    await post({ ...valid, oeuvre_id: sold.id })
    const malformed = await post({ ...valid, oeuvre_id: 'x' }, '203.0.113.8')

    const { messages, emails } = await stored()
    expect(messages).toHaveLength(1)
    expect(messages[0]?.oeuvre_id).toBeNull()
    expect(emails[0]?.texte).not.toContain('Œuvre concernée')
    expect(malformed.init?.status).toBe(400)
    expect(malformed.data.message).toBe("L'œuvre concernée est introuvable")
  })
})
