import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { abonnesProchaineEnchere, encheres, mises, oeuvres } from '#app/db/schema'
import { formatZonedDateTimeInput } from '#app/lib/time-zone'
import { CHART_BIDS_LIMIT } from '#app/services/auctions/list-admin-auctions.server'
import { auctions } from '#tests/support/auctions'
import { adminRoute, expectHtmlToContain, expectRefused, renderRoute, runLoader } from '#tests/support/routes'
import AdminAuctions, { action, loader } from './encheres'
import { loader as subscribersCsv } from './encheres-abonnes-csv'

const { post, load, cookie } = adminRoute('/admin/encheres', { action, loader })

const paris = (offsetMs: number) => formatZonedDateTimeInput(new Date(Date.now() + offsetMs), 'Europe/Paris')
const day = 86_400_000

const createFields = (values: Record<string, string> = {}) => ({
  intent: 'create',
  nom: 'Vente de printemps',
  prix_depart: '150',
  prix_reserve: '',
  date_debut: paris(-60_000),
  date_fin: paris(day),
  oeuvre_id: '',
  description: '<p>Pièce unique</p>',
  ...values,
})

describe('/admin/encheres loader', () => {
  it(`charts the latest ${CHART_BIDS_LIMIT} bids of a longer auction and says so, the count covering them all`, async () => {
    const now = Date.now()
    const auction = await auctions.create({ date_debut: new Date(now - 3_600_000) })
    await getDb()
      .insert(mises)
      .values(
        Array.from({ length: CHART_BIDS_LIMIT + 1 }, (_, n) => ({
          enchere_id: auction.id,
          participant_email: 'marie@exemple.fr',
          participant_nom: 'Curie',
          participant_prenom: 'Marie',
          montant: `${110 + n}.00`,
          email_valide: true,
          cree_le: new Date(now - 3_000_000 + n * 1_000),
        })),
      )

    const data = await load()

    expect(data.chart?.points).toHaveLength(CHART_BIDS_LIMIT)
    expect(data.chart?.points[0]?.cents).toBe(11_100)
    expect(data.current?.nombre_mises).toBe(CHART_BIDS_LIMIT + 1)
    const html = renderRoute(AdminAuctions as never, data, '/admin/encheres')
    expectHtmlToContain(html, [
      `De 100,00 € à ${CHART_BIDS_LIMIT + 110},00 € en ${CHART_BIDS_LIMIT + 1} mises, les ${CHART_BIDS_LIMIT} dernières tracées.`,
    ])
    // Drawn from the first bid shown, not from the start price, which would flatten them.
    expect(html).not.toContain('>Prix de départ</td>')
  })

  it('counts the confirmed next-auction subscribers and charts the price with its reserve, automatic bids and extensions (issue #10 §4, #36 §3)', async () => {
    const now = Date.now()
    await getDb()
      .insert(abonnesProchaineEnchere)
      .values([
        { email: 'a@exemple.fr', jeton_desinscription: 'jeton-a', confirme_le: new Date(now - 1_000) },
        { email: 'b@exemple.fr', jeton_desinscription: 'jeton-b', confirme_le: new Date(now) },
        { email: 'c@exemple.fr', jeton_desinscription: 'jeton-c' },
      ])
    const auction = await auctions.create({
      prix_actuel: '130.00',
      prix_reserve: '500.00',
      date_debut: new Date(now - 3_600_000),
      date_fin_initiale: new Date(now + 30_000),
      date_fin: new Date(now + 120_000),
    })
    await getDb()
      .insert(mises)
      .values(
        [
          ['110.00', now - 600_000, false],
          ['130.00', now, true],
        ].map(([montant, at, automatique]) => ({
          enchere_id: auction.id,
          participant_email: 'marie@exemple.fr',
          participant_nom: 'Curie',
          participant_prenom: 'Marie',
          montant: String(montant),
          email_valide: true,
          automatique: Boolean(automatique),
          cree_le: new Date(Number(at)),
        })),
      )

    const data = await load()

    expect(data.subscribers.info.total).toBe(2)
    expect(data.subscribers.rows.map((row) => row.email)).toEqual(['a@exemple.fr', 'b@exemple.fr'])
    expect(data.chart?.start.cents).toBe(10_000)
    expect(data.chart?.points.map((point) => [point.cents, point.automatique])).toEqual([
      [11_000, false],
      [13_000, true],
    ])
    expect(data.chart?.reserveCents).toBe(50_000)
    expect(data.chart?.extensions).toHaveLength(1)
    const html = renderRoute(AdminAuctions as never, data, '/admin/encheres')
    expectHtmlToContain(html, [
      'Inscrits à la prochaine enchère',
      '2 adresses confirmées',
      'a@exemple.fr',
      'href="/admin/encheres/abonnes.csv"',
      'Évolution du prix',
      'De 100,00 € à 130,00 € en 2 mises, dont 1 automatique, 1 prolongation.',
      'Prix de réserve (500,00 €)',
      'Prolongation de fin d&#x27;enchère',
      'Voir les données du graphique',
      '>Prix de départ</td>',
      'Mise de Marie',
      'Enchère automatique de Marie',
      'Fin repoussée à',
      'Mises de l&#x27;enchère en cours',
    ])
  })

  it('gives the empty screen with default Paris date-times', async () => {
    const data = await load()
    expect(data.current).toBeNull()
    expect(data.link).toBeNull()
    expect(data.history).toEqual([])
    expect(data.defaults.date_debut).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
    // Each date field says the zone it is read in (issue #36 §6).
    const html = renderRoute(AdminAuctions as never, data, '/admin/encheres')
    expect(html.match(/type="datetime-local"/g)).toHaveLength(2)
    expect(html.match(/>Heure de Paris</g)).toHaveLength(2)
  })

  it('gives the active auction with its absolute private link and its bids in full for the artist', async () => {
    const auction = await auctions.create({ prix_actuel: '180.00' })
    await getDb().insert(mises).values({
      enchere_id: auction.id,
      participant_email: 'marie@exemple.fr',
      participant_nom: 'Curie',
      participant_prenom: 'Marie',
      montant: '180.00',
      email_valide: true,
    })

    const data = await load()

    expect(data.current).toMatchObject({
      id: auction.id,
      statut: 'active',
      prix_actuel: '180.00',
      nombre_mises: 1,
    })
    expect(data.link).toMatch(/^https?:\/\/[^/]+\/enchere\/lien-prive-test$/)
    expect(data.bidList.bids).toMatchObject([
      { participant_prenom: 'Marie', participant_nom: 'Curie', participant_email: 'marie@exemple.fr' },
    ])
    expect(data.history.map((row) => row.nom)).toEqual(['Vente privée'])
  })
})

describe('/admin/encheres action', () => {
  it("creates an active auction ('Enchère créée et activée'), then refuses a second active one", async () => {
    const created = await post(createFields())
    expect(created).toMatchObject({
      status: 200,
      body: { ok: true, toast: { description: 'Enchère créée et activée' } },
    })
    const [row] = await getDb().select().from(encheres)
    expect(row).toMatchObject({ statut: 'active', prix_actuel: '150.00', description: '<p>Pièce unique</p>' })

    const second = await post(createFields({ nom: 'Autre' }))

    expect(second).toMatchObject({
      status: 409,
      body: { ok: false, toast: { title: 'Erreur', description: 'Une enchère est déjà active' } },
    })
    expect(await getDb().select().from(encheres)).toHaveLength(1)
  })

  it('writes a refusal on the page a form posted without JavaScript answers (issue #36 §5)', async () => {
    await post(createFields())
    const conflict = await post(createFields({ nom: 'Autre' }))
    const invalid = await post(createFields({ nom: 'Autre', prix_depart: '0.50' }))
    const data = await load()

    const conflictPage = renderRoute(AdminAuctions as never, data, '/admin/encheres', conflict.body)
    expect(conflictPage).toMatch(
      /<noscript><div role="alert"[^>]*>.*Une enchère est déjà active.*<\/noscript>/s,
    )

    const invalidPage = renderRoute(AdminAuctions as never, data, '/admin/encheres', invalid.body)
    expectHtmlToContain(invalidPage, [
      'Impossible de créer l&#x27;enchère',
      'Le prix de départ doit être d&#x27;au moins 1,00\u00a0€',
    ])
    expect(invalidPage).toMatch(/<noscript><div role="alert"/)
    // No answer, no box.
    expect(renderRoute(AdminAuctions as never, data, '/admin/encheres')).not.toContain('<noscript>')
  })

  it("schedules an auction starting later ('Enchère programmée avec succès')", async () => {
    const result = await post(createFields({ date_debut: paris(day), date_fin: paris(2 * day) }))
    expect(result.body.toast.description).toBe('Enchère programmée avec succès')
    const [row] = await getDb().select().from(encheres)
    expect(row?.statut).toBe('programme')
  })

  it("refuses an invalid form with 'Impossible de créer l'enchère' and the field messages", async () => {
    const result = await post(createFields({ nom: '', prix_depart: '0' }))
    expectRefused(result, "Impossible de créer l'enchère")
    expect(Object.keys(result.body.fieldErrors ?? {}).sort()).toEqual(['nom', 'prix_depart'])
    expect(await getDb().select().from(encheres)).toEqual([])
  })

  it("ends the active auction ('Enchère terminée') and refuses to end it twice", async () => {
    const auction = await auctions.create()

    const ended = await post({ intent: 'end', id: auction.id })

    expect(ended).toMatchObject({
      status: 200,
      body: { ok: true, toast: { description: 'Enchère terminée' } },
    })
    expect((await auctions.row(auction.id)).statut).toBe('termine_prix_non_atteint')
    const again = await post({ intent: 'end', id: auction.id })
    expect(again).toMatchObject({
      status: 409,
      body: { toast: { description: "Impossible de terminer l'enchère" } },
    })
    expect((await post({ intent: 'end', id: 'pas-un-id' })).status).toBe(400)
  })
})

describe('/admin/encheres artwork picker and bids in pages (issue #35 §2)', () => {
  it('lists no work without a search, and at most 20 works matching it, accents ignored', async () => {
    await getDb()
      .insert(oeuvres)
      .values([
        ...Array.from({ length: 30 }, (_, n) => ({ nom: `Étude ${String(n).padStart(2, '0')}` })),
        { nom: 'Paysage' },
        { nom: 'Masquée', affichee: false },
      ])
    expect((await load()).artworks).toEqual([])
    const etudes = await load('?oeuvre_q=etude')
    expect(etudes.artworkQuery).toBe('etude')
    expect(etudes.artworks).toHaveLength(20)
    expect(etudes.artworks[0]?.nom).toBe('Étude 00')
    expect((await load('?oeuvre_q=PAYS')).artworks.map((a) => a.nom)).toEqual(['Paysage'])
    expect((await load('?oeuvre_q=masquee')).artworks.map((a) => a.nom)).toEqual(['Masquée'])
    expect((await load('?oeuvre_q=%25%25')).artworks).toEqual([])
    const html = renderRoute(AdminAuctions as never, await load('?oeuvre_q=paysage'), '/admin/encheres')
    expectHtmlToContain(html, ['name="oeuvre_q"', 'value="paysage"', 'Paysage', 'Aucune œuvre'])
    expect(html).not.toContain('Étude 00')
  })

  it('still refuses an unknown work on creation (the server checks it)', async () => {
    const answer = await post(createFields({ oeuvre_id: '00000000-0000-4000-8000-000000000000' }))
    expect(answer.status).toBe(400)
    expect(await getDb().select().from(encheres)).toEqual([])
  })

  it('pages the validated bids by 50, searches them by e-mail or name and sorts them', async () => {
    const auction = await auctions.create({ prix_actuel: '300.00' })
    await getDb()
      .insert(mises)
      .values([
        ...Array.from({ length: 60 }, (_, n) => ({
          enchere_id: auction.id,
          participant_email: `p${n}@exemple.fr`,
          participant_nom: 'Martin',
          participant_prenom: `P${n}`,
          montant: String(100 + n),
          email_valide: true,
          cree_le: new Date(Date.now() - (60 - n) * 60_000),
        })),
        {
          enchere_id: auction.id,
          participant_email: 'helene@exemple.fr',
          participant_nom: 'Dupré',
          participant_prenom: 'Hélène',
          montant: '50',
          email_valide: true,
        },
        {
          enchere_id: auction.id,
          participant_email: 'nonvalide@exemple.fr',
          participant_nom: 'Dupré',
          participant_prenom: 'Non',
          montant: '400',
          email_valide: false,
        },
      ])
    const first = await load()
    expect(first.bidList.info).toEqual({ page: 1, pageSize: 50, total: 61, pageCount: 2 })
    expect(first.bidList.bids[0]?.montant).toBe('159.00')
    const second = await load('?page=2')
    expect(second.bidList.bids).toHaveLength(11)
    expect(second.bidList.bids.at(-1)?.participant_email).toBe('helene@exemple.fr')
    expect((await load('?page=7')).bidList.info.page).toBe(2)
    expect((await load('?q=DUPRE')).bidList.bids.map((bid) => bid.participant_email)).toEqual([
      'helene@exemple.fr',
    ])
    expect((await load('?q=p12%40')).bidList.bids.map((bid) => bid.participant_email)).toEqual([
      'p12@exemple.fr',
    ])
    expect((await load('?tri=date')).bidList.bids[0]?.participant_email).toBe('helene@exemple.fr')
    expect((await load('?tri=nom')).bidList.bids[0]?.participant_nom).toBe('Dupré')
    expect((await load()).current?.nombre_mises).toBe(61)
  })
})

describe('/admin/encheres next-auction subscribers (issue #36 §6)', () => {
  const subscriber = (index: number) => ({
    email: `abonne${String(index).padStart(2, '0')}@exemple.fr`,
    jeton_desinscription: `jeton-${index}`,
    confirme_le: new Date(Date.UTC(2026, 0, 1, 0, index)),
  })

  it('lists them in pages of 25 apart from the bids, unsubscribes one, and exports them all as CSV', async () => {
    await getDb()
      .insert(abonnesProchaineEnchere)
      .values([
        ...Array.from({ length: 30 }, (_, index) => subscriber(index)),
        {
          email: '=cmd@exemple.fr',
          jeton_desinscription: 'jeton-formule',
          confirme_le: new Date(Date.UTC(2026, 1, 1)),
        },
        { email: 'pas-confirmee@exemple.fr', jeton_desinscription: 'jeton-non' },
      ])

    const first = await load()
    expect(first.subscribers.info).toMatchObject({ page: 1, total: 31, pageCount: 2 })
    expect(first.subscribers.rows).toHaveLength(25)
    expect(first.subscribers.rows[0]?.email).toBe('abonne00@exemple.fr')
    const second = await load('?abonnes_page=2&page=1')
    expect(second.subscribers.rows.map((row) => row.email)).toEqual([
      'abonne25@exemple.fr',
      'abonne26@exemple.fr',
      'abonne27@exemple.fr',
      'abonne28@exemple.fr',
      'abonne29@exemple.fr',
      '=cmd@exemple.fr',
    ])
    const html = renderRoute(AdminAuctions as never, second, '/admin/encheres?abonnes_page=2')
    expectHtmlToContain(html, ['Pages des inscrits', 'abonnes_page', 'Désinscrire'])
    expect(html).not.toContain('pas-confirmee@exemple.fr')

    const removed = first.subscribers.rows[3]
    expect(await post({ intent: 'unsubscribe', id: removed?.id ?? '' })).toMatchObject({
      status: 200,
      body: { ok: true, toast: { description: 'abonne03@exemple.fr est désinscrite' } },
    })
    expect((await load()).subscribers.info.total).toBe(30)
    expect(await post({ intent: 'unsubscribe', id: removed?.id ?? '' })).toMatchObject({ status: 404 })
    expect((await post({ intent: 'unsubscribe', id: 'pas-un-id' })).status).toBe(400)

    const response = (await runLoader(
      subscribersCsv as never,
      '/admin/encheres/abonnes.csv',
      cookie(),
    )) as Response
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toContain('attachment')
    // Read as bytes: a spreadsheet needs the byte-order mark, which text() would drop.
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer())
    const lines = csv.split('\r\n')
    expect(lines[0]).toBe('\uFEFFemail,confirme_le')
    expect(lines).toHaveLength(1 + 30 + 1)
    expect(lines[1]).toBe('abonne00@exemple.fr,2026-01-01T00:00:00.000Z')
    expect(csv).not.toContain('abonne03@exemple.fr')
    expect(csv).not.toContain('pas-confirmee')
    // A formula is written as text.
    expect(lines[30]).toBe("'=cmd@exemple.fr,2026-02-01T00:00:00.000Z")
  })
})
