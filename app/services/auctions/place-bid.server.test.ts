import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { emailsSortants } from '#app/db/schema'
import { BID_MESSAGES, centsToAmount, minimumBidCents } from '#app/lib/auction-rules'
import { sendPendingEmails } from '#app/services/mail/send-pending-emails.server'
import { auctions, setUpAuctionTests } from '#tests/support/auctions'
import { useSmtpPeer } from '#tests/support/smtp-peer'
import { renderBidEmailBody } from './auction-emails.server'
import { type AuctionEvent, subscribeAuctionEvents } from './auction-events.server'
import { prepareActiveAuctionBids } from './bid-desk.server'
import { loadBidIncrements } from './bid-setup.server'
import { type BiddingState, bidderStandingOf, readBiddingState } from './bidding-state.server'
import { placeBid } from './place-bid.server'

setUpAuctionTests()

describe('placeBid: one maximum, bid for by the site (issue #10 §3, issue #36 §1)', () => {
  it("answers from the leader's maximum with real bids: stored, marked automatic, counted, broadcast, e-mailed", async () => {
    const auction = await auctions.create({ prix_depart: '100.00' })
    for (const email of ['a@example.fr', 'b@example.fr', 'c@example.fr'])
      await auctions.validate(auction.id, email)
    const events: AuctionEvent[] = []
    const stop = subscribeAuctionEvents(auction.id, (event) => events.push(event))

    // a leaves 200 €: the first bid goes in at the start price.
    expect(await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '200', 'Anne'))).toMatchObject({
      status: 'accepted',
      isLeading: true,
      prixActuel: '100.00',
    })
    // b's 120 € is stored, then a's automatic bid answers at 125 €.
    expect(await placeBid(auctions.bidInput(auctions.link, 'b@example.fr', '120', 'Basile'))).toMatchObject({
      status: 'accepted',
      montant: '120.00',
      isLeading: false,
      prixActuel: '125.00',
      nombreMises: 3,
    })
    // b leaves 300 €: a's maximum bids 200 €, b leads at 205 €.
    expect(await placeBid(auctions.bidInput(auctions.link, 'b@example.fr', '300', 'Basile'))).toMatchObject({
      status: 'accepted',
      montant: '205.00',
      isLeading: true,
      prixActuel: '205.00',
    })
    // c's equal maximum loses to b's earlier one: c stores nothing, the price reaches 300 €.
    expect(await placeBid(auctions.bidInput(auctions.link, 'c@example.fr', '300', 'Chloé'))).toMatchObject({
      status: 'outbid',
      message: BID_MESSAGES.outbidTie,
      prixActuel: '300.00',
      stored: [expect.objectContaining({ email: 'b@example.fr', montant: '300.00' })],
    })
    stop()

    const rows = await auctions.bids(auction.id)
    expect(
      rows.map((row) => [row.participant_prenom, row.montant, row.email_valide, row.automatique]),
    ).toEqual([
      ['Anne', '100.00', true, false],
      ['Basile', '120.00', true, false],
      ['Anne', '125.00', true, true],
      ['Anne', '200.00', true, true],
      ['Basile', '205.00', true, false],
      ['Basile', '300.00', true, true],
    ])
    expect((await auctions.row(auction.id)).prix_actuel).toBe('300.00')
    expect(
      events.map((event) =>
        event.type === 'bid' ? [event.mise.prenom, event.prixActuel, event.nombreMises] : null,
      ),
    ).toEqual([
      ['Anne', '100.00', 1],
      ['Basile', '120.00', 2],
      ['Anne', '125.00', 3],
      ['Anne', '200.00', 4],
      ['Basile', '205.00', 5],
      ['Basile', '300.00', 6],
    ])
    const outbox = await auctions.outbox()
    expect(outbox.filter((row) => row.modele === 'auction-bid-notification')).toHaveLength(6)
    // Outbid: b (120 € beaten at once), a (beaten by b's maximum); nobody for c's tie nor b's lead kept.
    expect(outbox.filter((row) => row.modele === 'auction-outbid').map((row) => row.destinataire)).toEqual([
      'b@example.fr',
      'a@example.fr',
    ])
    // The standing is each bidder's to see: b leads at their maximum, a and c are outbid.
    for (const [email, standing] of [
      ['b@example.fr', { standing: 'leading', max: '300.00' }],
      ['a@example.fr', { standing: 'outbid', max: '200.00' }],
      ['c@example.fr', { standing: 'outbid', max: '300.00' }],
    ] as const) {
      expect(bidderStandingOf(await readBiddingState(auctions.link, email), email)).toEqual(standing)
    }
    expect(JSON.stringify(events)).not.toContain('@example.fr')
  })

  it('leaves the price where it is when the leader raises their maximum (eBay’s rule)', async () => {
    const auction = await auctions.create({ prix_depart: '100.00' })
    for (const email of ['a@example.fr', 'b@example.fr']) await auctions.validate(auction.id, email)
    await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '100', 'Anne'))
    // b leads at 400 € (their maximum)…
    await placeBid(auctions.bidInput(auctions.link, 'b@example.fr', '400', 'Basile'))
    expect((await auctions.row(auction.id)).prix_actuel).toBe('105.00')
    // …raises it to 600 €: nothing stored but the maximum, the price stays at 105 €, no e-mail, no event.
    const outboxBefore = (await auctions.outbox()).length
    const events: AuctionEvent[] = []
    const stop = subscribeAuctionEvents(auction.id, (event) => events.push(event))
    expect(await placeBid(auctions.bidInput(auctions.link, 'b@example.fr', '600', 'Basile'))).toMatchObject({
      status: 'raised',
      prixActuel: '105.00',
      maxCents: 60_000,
    })
    stop()
    expect((await auctions.row(auction.id)).prix_actuel).toBe('105.00')
    expect(await auctions.bids(auction.id)).toHaveLength(2)
    expect(events).toEqual([])
    expect(await auctions.outbox()).toHaveLength(outboxBefore)
    expect(bidderStandingOf(await readBiddingState(auctions.link, 'b@example.fr'), 'b@example.fr')).toEqual({
      standing: 'ahead',
      max: '600.00',
    })
    // Not above the maximum already left: refused, nothing changes.
    expect(await placeBid(auctions.bidInput(auctions.link, 'b@example.fr', '500', 'Basile'))).toMatchObject({
      status: 'refused',
      message: BID_MESSAGES.maximumNotRaised,
      fieldErrors: { montant: [BID_MESSAGES.maximumNotRaised] },
    })
    // Under the minimum, the spec's refusal as for anyone.
    expect(await placeBid(auctions.bidInput(auctions.link, 'b@example.fr', '105', 'Basile'))).toMatchObject({
      status: 'refused',
      message: 'Votre mise doit être supérieure à 105€',
    })
    // a's 550 € is answered by the raised maximum.
    expect(await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '550', 'Anne'))).toMatchObject({
      status: 'accepted',
      isLeading: false,
      prixActuel: '560.00',
    })
  })

  it('answers every bid the desk decides with the auction as a read after it gives it, without reading it', async () => {
    const auction = await auctions.create({ prix_depart: '100.00', date_fin: new Date(Date.now() + 60_000) })
    for (const email of ['a@example.fr', 'b@example.fr', 'c@example.fr'])
      await auctions.validate(auction.id, email)
    const expectRead = async (result: Awaited<ReturnType<typeof placeBid>>, email: string) => {
      const state = 'state' in result ? result.state : undefined
      const read = await readBiddingState(auctions.link, email)
      expect(state).toEqual(read)
      expect(bidderStandingOf(state ?? null, email)).toEqual(bidderStandingOf(read, email))
    }
    // The first bid, a's automatic answer to b, b taking the lead (soft close), b raising it, b not
    // raising it (refused by the desk), c's equal maximum answered by b's earlier one (409).
    const steps: Array<[string, string, string]> = [
      ['a@example.fr', '200', 'accepted'],
      ['b@example.fr', '120', 'accepted'],
      ['b@example.fr', '300', 'accepted'],
      ['b@example.fr', '400', 'raised'],
      ['b@example.fr', '350', 'refused'],
      ['c@example.fr', '400', 'outbid'],
    ]
    for (const [email, montant, status] of steps) {
      const result = await placeBid(auctions.bidInput(auctions.link, email, montant))
      expect(result.status).toBe(status)
      await expectRead(result, email)
    }
    // Two bids at the same minimum together: both pass the read, the desk takes one and refuses the other.
    const minimum = centsToAmount(
      minimumBidCents((await readBiddingState(auctions.link)) as BiddingState, await loadBidIncrements()),
    )
    const together = ['a@example.fr', 'c@example.fr']
    const results = await Promise.all(
      together.map((email) => placeBid(auctions.bidInput(auctions.link, email, minimum))),
    )
    expect(results.map((result) => result.status).sort()).toEqual(['accepted', 'refused'])
    for (const [index, result] of results.entries()) await expectRead(result, together[index] as string)
  })

  it('refuses an unreadable amount, changing nothing', async () => {
    const auction = await auctions.create()
    await auctions.validate(auction.id, 'a@example.fr')
    expect(await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', 'beaucoup'))).toMatchObject({
      status: 'refused',
      fieldErrors: { montant: [BID_MESSAGES.invalidAmount] },
    })
    expect(await auctions.bids(auction.id)).toEqual([])
  })

  it('applies the soft close to automatic bids', async () => {
    const now = Date.now()
    const auction = await auctions.create({ date_fin: new Date(now + 60_000) })
    await auctions.validate(auction.id, 'a@example.fr')
    await auctions.validate(auction.id, 'b@example.fr')
    await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '500'), { now: new Date(now - 60_000) })
    const end = (await auctions.row(auction.id)).date_fin
    await placeBid(auctions.bidInput(auctions.link, 'b@example.fr', '110'), { now: new Date(now + 30_000) })
    const stored = await auctions.row(auction.id)
    expect(stored.prix_actuel).toBe('115.00')
    expect(stored.date_fin.getTime()).toBe(now + 30_000 + 2 * 60_000)
    expect(stored.date_fin.getTime()).toBeGreaterThan(end.getTime())
  })
})

describe("a bid's e-mails", () => {
  const smtp = useSmtpPeer()

  it('are queued without their bodies, which the sender fills from the auction as it sends them (decision 014)', async () => {
    const auction = await auctions.create()
    for (const email of ['a@example.fr', 'b@example.fr']) await auctions.validate(auction.id, email)
    await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '110', 'Anne'))
    await placeBid(auctions.bidInput(auctions.link, 'b@example.fr', '130', 'Basile'))

    const stored = await getDb()
      .select({ modele: emailsSortants.modele, html: emailsSortants.html, texte: emailsSortants.texte })
      .from(emailsSortants)
    expect(stored.map((row) => [row.modele, row.html, row.texte]).sort()).toEqual([
      ['auction-bid-notification', '', ''],
      ['auction-bid-notification', '', ''],
      ['auction-bid-notification', '', ''],
      ['auction-outbid', '', ''],
    ])

    expect(await sendPendingEmails({ renderBody: renderBidEmailBody })).toEqual({
      claimed: 4,
      sent: 4,
      retried: 0,
      failed: 0,
    })
    const mails = await smtp().waitFor(4)
    const to = (mail: (typeof mails)[number] | undefined) =>
      (Array.isArray(mail?.to) ? mail.to[0] : mail?.to)?.value[0]?.address
    const outbid = mails.find((mail) => to(mail) === 'a@example.fr')
    expect(outbid?.text).toContain('115,00')
    expect(outbid?.html).toContain('href="http://localhost:3000/enchere/lien-prive-test"')
    const basile = mails.find((mail) => mail.subject?.includes('115,00'))
    expect(to(basile)).toBe('artiste@example.fr')
    expect(basile?.text).toContain('Basile')
  })
})

describe('placeBid with a validated address', () => {
  it('stores the bid, raises the price, tells the artist and the open pages', async () => {
    const auction = await auctions.create({ prix_depart: '125.50' })
    await auctions.validate(auction.id, 'marie@example.fr')
    const events: AuctionEvent[] = []
    const stop = subscribeAuctionEvents(auction.id, (event) => events.push(event))

    const result = await placeBid(auctions.bidInput(auctions.link, ' Marie@Example.fr ', '125,50'))
    stop()

    expect(result).toMatchObject({
      status: 'accepted',
      montant: '125.50',
      prixActuel: '125.50',
      nombreMises: 1,
    })
    expect((await auctions.row(auction.id)).prix_actuel).toBe('125.50')
    const [bid] = await auctions.bids(auction.id)
    expect(bid).toMatchObject({
      participant_email: 'marie@example.fr',
      participant_prenom: 'Marie',
      participant_nom: 'Curie',
      montant: '125.50',
      email_valide: true,
    })
    expect(bid).not.toHaveProperty('telephone')
    const outbox = await auctions.outbox()
    expect(outbox.map((row) => [row.modele, row.destinataire])).toEqual([
      ['auction-bid-notification', 'artiste@example.fr'],
    ])
    expect(outbox[0]?.sujet).toBe('Nouvelle mise de 125,50\u00a0€ sur « Vente privée »')
    expect(outbox[0]?.texte).toContain('Marie Curie')
    expect(events).toEqual([
      expect.objectContaining({
        type: 'bid',
        enchereId: auction.id,
        prixActuel: '125.50',
        nombreMises: 1,
        mise: expect.objectContaining({ prenom: 'Marie', montant: '125.50' }),
      }),
    ])
    expect(JSON.stringify(events)).not.toContain('marie@example.fr')
    expect(JSON.stringify(events)).not.toContain('Curie')
  })

  it('refuses an amount not above the current price with the spec message', async () => {
    const auction = await auctions.create({ prix_depart: '150.00' })
    await auctions.validate(auction.id, 'a@example.fr')
    await auctions.validate(auction.id, 'b@example.fr')

    expect((await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '150'))).status).toBe('accepted')
    // Refused on the row as read, which the answer carries (the form is drawn from it).
    expect(await placeBid(auctions.bidInput(auctions.link, 'b@example.fr', '150'))).toMatchObject({
      status: 'refused',
      message: 'Votre mise doit être supérieure à 150€',
      fieldErrors: { montant: ['Votre mise doit être supérieure à 150€'] },
      state: { prixCents: 15000, leaderEmail: 'a@example.fr', bidderMaxCents: null },
    })
    expect(await placeBid(auctions.bidInput(auctions.link, 'b@example.fr', '120'))).toMatchObject({
      status: 'refused',
      message: 'Votre mise doit être supérieure à 150€',
    })
    expect((await auctions.bids(auction.id)).map((bid) => [bid.participant_email, bid.montant])).toEqual([
      ['a@example.fr', '150.00'],
    ])
  })

  it('wants the start price for the first bid, then the price + its increment (issue #10 §3)', async () => {
    const auction = await auctions.create({ prix_depart: '45.00' })
    await auctions.validate(auction.id, 'a@example.fr')
    await auctions.validate(auction.id, 'b@example.fr')

    expect(await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '44.99'))).toMatchObject({
      status: 'refused',
      message: "Votre mise doit être d'au moins 45,00\u00a0€",
      fieldErrors: { montant: ["Votre mise doit être d'au moins 45,00\u00a0€"] },
      state: { prixCents: 4500, hasBids: false },
    })
    expect((await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '45'))).status).toBe('accepted')
    expect(await placeBid(auctions.bidInput(auctions.link, 'b@example.fr', '45.99'))).toMatchObject({
      status: 'refused',
      message: "Votre mise doit être d'au moins 46,00\u00a0€",
    })
    expect((await placeBid(auctions.bidInput(auctions.link, 'b@example.fr', '46'))).status).toBe('accepted')
    // a leaves 50 €: in at 47 €; b's equal 50 € loses to it, which bids 50 €.
    expect((await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '50'))).status).toBe('accepted')
    expect((await placeBid(auctions.bidInput(auctions.link, 'b@example.fr', '50'))).status).toBe('outbid')
    // From 50 € the default table steps by 5 €.
    expect(await placeBid(auctions.bidInput(auctions.link, 'b@example.fr', '54.50'))).toMatchObject({
      status: 'refused',
      message: "Votre mise doit être d'au moins 55,00\u00a0€",
    })
    await auctions.setSetting('enchere_paliers', '100:0,5;2')
    expect((await placeBid(auctions.bidInput(auctions.link, 'b@example.fr', '50.50'))).status).toBe(
      'accepted',
    )
    expect((await auctions.bids(auction.id)).map((bid) => bid.montant)).toEqual([
      '45.00',
      '46.00',
      '47.00',
      '50.00',
      '50.50',
    ])
    expect((await auctions.row(auction.id)).prix_actuel).toBe('50.50')
  })

  it('sends the outbid notice to the previous leader, not to a bidder raising their own bid', async () => {
    const auction = await auctions.create()
    await auctions.validate(auction.id, 'a@example.fr')
    await auctions.validate(auction.id, 'b@example.fr')

    await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '110'))
    await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '120'))
    await placeBid(auctions.bidInput(auctions.link, 'b@example.fr', '130'))

    // a's raised 120 € answers first, then b leads at 125 €: a is told once.
    const outbid = (await auctions.outbox()).filter((row) => row.modele === 'auction-outbid')
    expect(outbid.map((row) => row.destinataire)).toEqual(['a@example.fr'])
    expect(outbid[0]?.texte).toContain('125,00')
    expect(outbid[0]?.html).toContain('href="http://localhost:3000/enchere/lien-prive-test"')
  })

  it('readies the active auction for its bids: the e-mails rendered in advance are filled with each bid (issue #10 §2)', async () => {
    expect(await prepareActiveAuctionBids()).toBeNull()
    const auction = await auctions.create()
    await auctions.create({ lien_prive: 'lien-programme', statut: 'programme' })
    for (const email of ['a@example.fr', 'b@example.fr']) await auctions.validate(auction.id, email)
    expect(await prepareActiveAuctionBids()).toBe(auction.id)

    await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '110', 'Anne'))
    await placeBid(auctions.bidInput(auctions.link, 'b@example.fr', '130', 'Basile'))

    const outbox = await auctions.outbox()
    const outbid = outbox.filter((row) => row.modele === 'auction-outbid')
    expect(outbid.map((row) => row.destinataire)).toEqual(['a@example.fr'])
    expect(outbid[0]?.texte).toContain('115,00')
    // Anne in at 100 €, her automatic bid to 110 €, Basile at 115 €.
    const notices = outbox.filter((row) => row.modele === 'auction-bid-notification')
    expect(notices.map((row) => row.reponse_a)).toEqual(['a@example.fr', 'a@example.fr', 'b@example.fr'])
    expect(notices[2]?.texte).toContain('Basile')
    expect(notices[2]?.html).toContain('115,00')
  })

  it('refuses bids outside the window and answers not-found for unknown or programmed auctions', async () => {
    const now = new Date('2026-05-01T12:00:00Z')
    const auction = await auctions.create({}, now)
    await auctions.validate(auction.id, 'a@example.fr')
    await auctions.create({ lien_prive: 'lien-programme', statut: 'programme' }, now)
    await auctions.create(
      {
        lien_prive: 'lien-termine',
        statut: 'termine_prix_atteint',
        date_fin: new Date(now.getTime() - 1000),
      },
      new Date(now.getTime() - 7_200_000),
    )

    const late = new Date(now.getTime() + 3_600_000)
    expect(
      await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '500'), { now: late }),
    ).toMatchObject({
      status: 'refused',
      message: "L'enchère est terminée : votre mise n'a pas pu être prise en compte.",
    })
    const early = new Date(now.getTime() - 3_600_001)
    expect(
      await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '500'), { now: early }),
    ).toMatchObject({
      status: 'refused',
      message: "L'enchère n'a pas encore commencé.",
    })
    expect((await placeBid(auctions.bidInput('lien-termine', 'a@example.fr', '500'), { now })).status).toBe(
      'refused',
    )
    expect(await placeBid(auctions.bidInput('lien-programme', 'a@example.fr', '500'), { now })).toEqual({
      status: 'not-found',
    })
    expect(await placeBid(auctions.bidInput('lien-inconnu', 'a@example.fr', '500'), { now })).toEqual({
      status: 'not-found',
    })
    expect(await placeBid(auctions.bidInput("' or 1=1--", 'a@example.fr', '500'), { now })).toEqual({
      status: 'not-found',
    })
    expect(await auctions.bids(auction.id)).toEqual([])
    expect(await auctions.outbox()).toEqual([])
  })

  it('answers the field errors of an incomplete form and stores nothing', async () => {
    const auction = await auctions.create()
    const result = await placeBid({
      lienPrive: auctions.link,
      prenom: '',
      nom: 'Curie',
      email: 'pas-une-adresse',
      telephone: '',
      montant: '12,345',
    })
    expect(result).toEqual({
      status: 'refused',
      message: 'Veuillez indiquer votre prénom',
      fieldErrors: {
        prenom: ['Veuillez indiquer votre prénom'],
        email: ['Veuillez saisir une adresse email valide'],
        telephone: ['Veuillez indiquer votre numéro de téléphone'],
        montant: ['Le montant ne peut pas avoir plus de deux décimales'],
      },
    })
    expect(await auctions.bids(auction.id)).toEqual([])
  })
})

describe('soft close', () => {
  const end = new Date('2026-05-01T12:00:00Z')

  it('extends the end by 2 minutes by default for a bid in the last 2 minutes, up to 30 minutes past the original end', async () => {
    const auction = await auctions.create({ date_fin: end }, new Date(end.getTime() - 3_600_000))
    await auctions.validate(auction.id, 'a@example.fr')
    await auctions.validate(auction.id, 'b@example.fr')

    const early = await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '110'), {
      now: new Date('2026-05-01T11:50:00Z'),
    })
    expect(early).toMatchObject({ status: 'accepted', dateFin: end })

    const late = await placeBid(auctions.bidInput(auctions.link, 'b@example.fr', '120'), {
      now: new Date('2026-05-01T11:59:30Z'),
    })
    expect(late).toMatchObject({ status: 'accepted', dateFin: new Date('2026-05-01T12:01:30Z') })
    expect(await auctions.row(auction.id)).toMatchObject({
      date_fin: new Date('2026-05-01T12:01:30Z'),
      date_fin_initiale: end,
    })

    const nearCap = await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '130'), {
      now: new Date('2026-05-01T12:01:00Z'),
    })
    expect(nearCap).toMatchObject({ dateFin: new Date('2026-05-01T12:03:00Z') })
    await placeBid(auctions.bidInput(auctions.link, 'b@example.fr', '140'), {
      now: new Date('2026-05-01T12:02:59Z'),
    })
    // …and so on until the cap
    const row = await auctions.row(auction.id)
    expect(row.date_fin_initiale).toEqual(end)
    expect(row.date_fin).toEqual(new Date('2026-05-01T12:04:59Z'))
  })

  it('stops at the cap and never extends for a refused bid', async () => {
    const auction = await auctions.create(
      { date_fin: new Date('2026-05-01T12:29:30Z'), date_fin_initiale: end },
      new Date(end.getTime() - 3_600_000),
    )
    await auctions.validate(auction.id, 'a@example.fr')

    const capped = await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '110'), {
      now: new Date('2026-05-01T12:29:00Z'),
    })
    expect(capped).toMatchObject({ status: 'accepted', dateFin: new Date('2026-05-01T12:30:00Z') })
    const low = await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '105'), {
      now: new Date('2026-05-01T12:29:50Z'),
    })
    expect(low.status).toBe('refused')
    const after = await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '500'), {
      now: new Date('2026-05-01T12:30:00Z'),
    })
    expect(after.status).toBe('refused')
    expect((await auctions.row(auction.id)).date_fin).toEqual(new Date('2026-05-01T12:30:00Z'))
  })

  it('follows the enchere_prolongation_minutes setting; 0 disables it', async () => {
    await auctions.setSetting('enchere_prolongation_minutes', '0')
    const auction = await auctions.create({ date_fin: end }, new Date(end.getTime() - 3_600_000))
    await auctions.validate(auction.id, 'a@example.fr')

    const result = await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '110'), {
      now: new Date('2026-05-01T11:59:59Z'),
    })

    expect(result).toMatchObject({ status: 'accepted', dateFin: end })
    expect((await auctions.row(auction.id)).date_fin_initiale).toBeNull()
  })
})

describe('placeBid with an address not yet validated', () => {
  it('stores the bid pending, sends one validation e-mail, and leaves the price alone', async () => {
    const auction = await auctions.create()

    const first = await placeBid(auctions.bidInput(auctions.link, 'new@example.fr', '150', 'Paul'))
    const second = await placeBid(auctions.bidInput(auctions.link, 'new@example.fr', '160', 'Paul'))

    const pending = { status: 'pending-validation', message: BID_MESSAGES.pending }
    expect(first).toMatchObject(pending)
    expect(second).toMatchObject(pending)
    expect((await auctions.bids(auction.id)).map((bid) => [bid.montant, bid.email_valide])).toEqual([
      ['150.00', false],
      ['160.00', false],
    ])
    expect((await auctions.row(auction.id)).prix_actuel).toBe('100.00')
    const outbox = await auctions.outbox()
    expect(outbox.map((row) => [row.modele, row.destinataire])).toEqual([
      ['auction-validation', 'new@example.fr'],
    ])
    expect(outbox[0]?.texte).toContain('Bonjour,')
    expect(outbox[0]?.texte).not.toContain('Paul')
    expect(outbox[0]?.html).toMatch(
      /href="http:\/\/localhost:3000\/enchere\/lien-prive-test\/valider\?token=[\w-]{43}"/,
    )
  })

  it('refuses a pending bid that is already too low', async () => {
    await auctions.create({ prix_depart: '300.00' })
    expect(await placeBid(auctions.bidInput(auctions.link, 'new@example.fr', '200'))).toMatchObject({
      status: 'refused',
      message: "Votre mise doit être d'au moins 300,00\u00a0€",
    })
    expect(await auctions.outbox()).toEqual([])
  })
})
