import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { abonnesProchaineEnchere, emailsSortants, siteSettings } from '#app/db/schema'
import { auctions } from '#tests/support/auctions'
import { configurePage, insertArticle } from '#tests/support/content-fixtures'
import { expectHtmlToContain, renderRoute } from '#tests/support/routes'
import Home, { action, loader } from './home'

const runLoader = () => loader()

async function postEmail(
  email: string | null,
  { clientIp = '10.0.0.1', intent = 'demander-lien-enchere' } = {},
) {
  const form = new FormData()
  form.set('intent', intent)
  if (email !== null) form.set('email', email)
  const result = await action({
    request: new Request('http://localhost/?index', { method: 'POST', body: form }),
    params: {},
    context: { cspNonce: 'n', clientIp },
  } as never)
  return { body: result.data, status: result.init?.status ?? 200, headers: new Headers(result.init?.headers) }
}

const outbox = () => getDb().select().from(emailsSortants)

describe('home loader', () => {
  it('features the public articles tagged "A la une" and the 3 latest public articles', async () => {
    await insertArticle({
      titre: 'Un',
      tags: ['A la une'],
      date_publication: new Date('2026-01-01T10:00:00Z'),
    })
    await insertArticle({ titre: 'Deux', date_publication: new Date('2026-01-02T10:00:00Z') })
    await insertArticle({
      titre: 'Trois',
      tags: ['Atelier', 'A la une'],
      date_publication: new Date('2026-01-03T10:00:00Z'),
    })
    await insertArticle({ titre: 'Quatre', date_publication: new Date('2026-01-04T10:00:00Z') })
    await insertArticle({
      titre: 'Brouillon',
      tags: ['A la une'],
      statut: 'brouillon',
      date_publication: new Date('2026-02-01T10:00:00Z'),
    })
    await insertArticle({
      titre: 'Masqué',
      tags: ['A la une'],
      affiche: false,
      date_publication: new Date('2026-02-02T10:00:00Z'),
    })
    await insertArticle({
      titre: 'Presque',
      tags: ['a la une'],
      date_publication: new Date('2025-01-01T10:00:00Z'),
    })

    const data = await runLoader()

    expect(data.featured.map((article) => article.titre)).toEqual(['Trois', 'Un'])
    expect(data.latest.map((article) => article.titre)).toEqual(['Quatre', 'Trois', 'Deux'])
  })

  it('reads the "À la une" heading from the settings, with the spec defaults', async () => {
    expect((await runLoader()).featuredHeading).toEqual({
      titre: 'À la une',
      description: 'Découvrez mes dernières créations et actualités',
    })

    await getDb()
      .insert(siteSettings)
      .values([
        { setting_key: 'alaunne_titre', setting_value: 'En vitrine' },
        { setting_key: 'alaunne_description', setting_value: 'Mes pièces préférées' },
      ])

    expect((await runLoader()).featuredHeading).toEqual({
      titre: 'En vitrine',
      description: 'Mes pièces préférées',
    })
  })

  it('uses the "accueil" page configuration (banner 400px high by default)', async () => {
    await configurePage('accueil', { titre: 'Calligraphies', image_url: '/uploads/pages/accueil.jpg' })

    expect((await runLoader()).page).toMatchObject({
      titre: 'Calligraphies',
      imageHeight: '400px',
      imageWidth: '100%',
      image: { src: '/uploads/pages/accueil.jpg' },
    })
  })
})

describe('home page', () => {
  it('shows the portfolio button, the auction card and both sections with their links', async () => {
    await insertArticle({ titre: 'Le trait', slug: 'le-trait', extrait: 'Un extrait', tags: ['A la une'] })
    const data = await runLoader()

    const html = renderRoute(Home as never, data, '/')

    expectHtmlToContain(html, [
      'href="/portfolio"',
      'Enchères privées',
      'À la une</h2>',
      'Découvrez mes dernières créations et actualités',
      'Actualités</h2>',
      '15 janvier 2026',
      'Un extrait',
    ])
    expect(html).toMatch(/href="\/blog\/le-trait"[^>]*>Lire la suite/)
    expect(html).toMatch(/href="\/blog"[^>]*>Voir tous les articles/)
    expect(html).toMatch(
      /<form[^>]*method="post"[^>]*action="\/\?index"|<form[^>]*action="\/\?index"[^>]*method="post"/,
    )
  })

  it('hides "À la une" when no article is featured', async () => {
    await insertArticle({ titre: 'Ordinaire' })

    const html = renderRoute(Home as never, await runLoader(), '/')

    expect(html).not.toContain('À la une</h2>')
    expect(html).toContain('Ordinaire')
  })

  it('shows the answer of a form posted without JavaScript', async () => {
    const html = renderRoute(Home as never, await runLoader(), '/', {
      ok: false,
      message: 'Veuillez saisir une adresse email valide',
      email: 'pas-une-adresse',
    })

    expect(html).toContain('Veuillez saisir une adresse email valide')
    expect(html).toContain('value="pas-une-adresse"')
    // No auction runs: the answer is the next-auction card's (issue #10 §4).
    expect(html).toContain('id="prochaine-enchere-formulaire"')
  })
})

describe('home action: private auction link', () => {
  it('refuses an empty or malformed address and writes nothing', async () => {
    await auctions.create({ nom: 'Printemps', lien_prive: 'lien-secret' })

    for (const email of ['', '   ', 'sans-arobase', null, 'a@b@c', 'a b@c.fr']) {
      const { body, status } = await postEmail(email, { clientIp: `10.1.0.${String(email).length}` })
      expect(status, String(email)).toBe(400)
      expect(body).toMatchObject({ ok: false, message: 'Veuillez saisir une adresse email valide' })
    }
    expect(await outbox()).toEqual([])
  })

  it('answers "Aucune enchère active" when no auction is running, and writes nothing', async () => {
    await auctions.create({
      nom: 'Programmée',
      lien_prive: 'p',
      statut: 'programme',
      date_debut: new Date(Date.now() + 3_600_000),
      date_fin: new Date(Date.now() + 7_200_000),
    })
    await auctions.create({
      nom: 'Finie',
      lien_prive: 'f',
      statut: 'termine_prix_atteint',
      date_debut: new Date(Date.now() - 7_200_000),
      date_fin: new Date(Date.now() - 3_600_000),
    })
    await auctions.create({
      nom: 'Expirée',
      lien_prive: 'e',
      date_debut: new Date(Date.now() - 7_200_000),
      date_fin: new Date(Date.now() - 1000),
    })

    const { body, status } = await postEmail('marie@example.fr')

    expect(status).toBe(409)
    expect(body).toMatchObject({ ok: false, message: 'Aucune enchère active' })
    expect(await outbox()).toEqual([])
  })

  it('writes exactly one outbox e-mail holding the absolute private link, and thanks the visitor', async () => {
    const auction = await auctions.create({ nom: 'Printemps', lien_prive: 'lien-secret-42' })

    const { body, status } = await postEmail('  marie@example.fr ')

    expect(status).toBe(200)
    expect(body).toEqual({
      ok: true,
      message: "Merci ! Vous recevrez le lien vers l'enchère privée dans quelques instants.",
    })
    const rows = await outbox()
    expect(rows).toHaveLength(1)
    const link = 'http://localhost:3000/enchere/lien-secret-42'
    expect(rows[0]).toMatchObject({
      modele: 'auction-link',
      destinataire: 'marie@example.fr',
      statut: 'en_attente',
      donnees: { enchere_id: auction.id, lien: link },
    })
    expect(rows[0]?.sujet).toContain('Printemps')
    expect(rows[0]?.html).toContain(`href="${link}"`)
    expect(rows[0]?.texte).toContain(link)
  })

  it('asks a challenge, not a refusal, past 5 requests from one address (issue #37 §1); the no-JS text says what to do', async () => {
    await auctions.create({ nom: 'Printemps', lien_prive: 'lien' })
    for (let index = 0; index < 5; index++) {
      expect((await postEmail(`voisin${index}@example.fr`, { clientIp: '10.9.9.9' })).status).toBe(200)
    }

    const asked = await postEmail('marie@example.fr', { clientIp: '10.9.9.9' })

    expect(asked.status).toBe(429)
    expect(asked.body).toMatchObject({
      ok: false,
      message: 'Beaucoup de demandes arrivent en ce moment\u00a0: une courte vérification est demandée.',
      email: 'marie@example.fr',
    })
    const challenge = JSON.parse(String((asked.body as { challenge?: string }).challenge))
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256' })
    expect(typeof challenge.signature).toBe('string')
    expect(await outbox()).toHaveLength(5)
    expect((await postEmail('marie@example.fr', { clientIp: '10.9.10.1' })).status).toBe(200)
  })

  it('shows the challenge in the dialog only, with no script of its own in the page, and the message in both forms', async () => {
    await auctions.create({ nom: 'Printemps', lien_prive: 'lien' })
    const challenge = '{"parameters":{"nonce":"n"},"signature":"s"}'
    const html = renderRoute(Home as never, await runLoader(), '/', {
      ok: false,
      message: 'Beaucoup de demandes',
      email: 'marie@example.fr',
      challenge,
    })

    expect(html.match(/<altcha-widget /g)).toHaveLength(1)
    expect(html).toContain('name="altcha"')
    // The no-JS panel's form and the dialog's form, as a note (not the address's error), no toast.
    expect(html.match(/Beaucoup de demandes/g)).toHaveLength(2)
    expect(html.match(/<p role="status"[^>]*>Beaucoup de demandes/g)).toHaveLength(2)
    expect(html).not.toContain('aria-invalid')
    expect(html).not.toMatch(/<script[^>]*proof-of-work/)
  })

  it('refuses an address asked too often, from anywhere (5 per hour)', async () => {
    await auctions.create({ nom: 'Printemps', lien_prive: 'lien' })
    for (let index = 0; index < 5; index++) {
      expect((await postEmail('cible@example.fr', { clientIp: `10.2.${index}.1` })).status).toBe(200)
    }

    const refused = await postEmail('Cible@example.fr', { clientIp: '10.2.9.1' })

    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({
      message: 'Trop de demandes. Veuillez réessayer dans quelques minutes.',
    })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await outbox()).toHaveLength(5)
  })

  it('answers the French failure message when the outbox cannot be written, and keeps nothing', async () => {
    await auctions.create({ nom: 'Printemps', lien_prive: 'lien' })
    await getDb().execute(sql`alter table emails_sortants rename to emails_sortants_hors_service`)
    try {
      const { body, status } = await postEmail('marie@example.fr')

      expect(status).toBe(500)
      expect(body).toMatchObject({ ok: false, message: 'Une erreur est survenue. Veuillez réessayer.' })
    } finally {
      await getDb().execute(sql`alter table emails_sortants_hors_service rename to emails_sortants`)
    }
    expect(await outbox()).toEqual([])
  })

  it('refuses an unknown intent', async () => {
    const { status } = await postEmail('marie@example.fr', { intent: 'autre' })

    expect(status).toBe(400)
    expect(await outbox()).toEqual([])
  })
})

describe('"Prévenez-moi de la prochaine enchère" (issue #10 §4)', () => {
  it('is what the card offers when no auction runs; with one running, the link request', async () => {
    const idle = renderRoute(Home as never, await runLoader(), '/')
    expect(idle).toContain('Aucune enchère n&#x27;est en cours')
    expect(idle).toContain('value="prochaine-enchere"')
    expect(idle).toContain('Prévenez-moi de la prochaine enchère')
    expect(idle).not.toContain('value="demander-lien-enchere"')

    await auctions.create({ nom: 'Printemps', lien_prive: 'lien' })
    const running = renderRoute(Home as never, await runLoader(), '/')
    expect(running).toContain('value="demander-lien-enchere"')
    expect(running).not.toContain('value="prochaine-enchere"')
  })

  it('sends the confirmation e-mail, refuses a malformed address, and has limits of its own (issue #36 §6)', async () => {
    const intent = 'prochaine-enchere'
    expect(await postEmail('marie@example.fr', { intent })).toMatchObject({
      status: 200,
      body: {
        ok: true,
        message:
          'Merci ! Confirmez votre inscription grâce au lien que nous venons de vous envoyer par email.',
      },
    })
    expect((await outbox()).map((row) => [row.modele, row.destinataire])).toEqual([
      ['next-auction-confirm', 'marie@example.fr'],
    ])

    expect(await postEmail('pas-une-adresse', { intent, clientIp: '10.3.0.1' })).toMatchObject({
      status: 400,
      body: { ok: false, message: 'Veuillez saisir une adresse email valide', email: 'pas-une-adresse' },
    })
    // A family behind one address: everyone subscribes; the same address three times at most.
    for (let index = 0; index < 6; index++) {
      expect((await postEmail(`famille${index}@example.fr`, { intent, clientIp: '10.3.0.2' })).status).toBe(
        200,
      )
    }
    for (let index = 0; index < 3; index++)
      await postEmail('encore@example.fr', { intent, clientIp: '10.3.0.3' })
    const refused = await postEmail('encore@example.fr', { intent, clientIp: '10.3.0.3' })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/)
    // The link request's limits are apart: the same address may still ask for an auction's link.
    await auctions.create({ nom: 'Printemps', lien_prive: 'lien' })
    expect((await postEmail('encore@example.fr', { clientIp: '10.3.0.3' })).status).toBe(200)
  })
  it('tells an address already confirmed that it is subscribed, and asks nothing more of it (issue #36 §6)', async () => {
    const intent = 'prochaine-enchere'
    await postEmail('lea@example.fr', { intent, clientIp: '10.5.0.1' })
    await getDb()
      .update(abonnesProchaineEnchere)
      .set({ confirme_le: new Date(), jeton_confirmation: null })
      .where(eq(abonnesProchaineEnchere.email, 'lea@example.fr'))
    const before = (await outbox()).length

    expect(await postEmail('Lea@Example.fr', { intent, clientIp: '10.5.0.2' })).toMatchObject({
      status: 200,
      body: {
        ok: true,
        message:
          'Cette adresse est déjà inscrite : vous recevrez le lien de la prochaine enchère dès son ouverture. Rien d’autre à faire.',
      },
    })
    expect(await outbox()).toHaveLength(before)
    const [row] = await getDb()
      .select()
      .from(abonnesProchaineEnchere)
      .where(eq(abonnesProchaineEnchere.email, 'lea@example.fr'))
    expect(row?.confirme_le).not.toBeNull()
    expect(row?.jeton_confirmation).toBeNull()
  })

  it('subscribes an address typed with a NUL byte as the address without it (never a 500)', async () => {
    const answer = await postEmail('ma\u0000rie@example.fr', {
      intent: 'prochaine-enchere',
      clientIp: '10.4.0.1',
    })

    expect(answer.status).toBe(200)
    expect((await outbox()).map((row) => row.destinataire)).toEqual(['marie@example.fr'])
  })
})
