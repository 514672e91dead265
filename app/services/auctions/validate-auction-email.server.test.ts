import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { validationsEmail } from '#app/db/schema'
import { auctions, setUpAuctionTests } from '#tests/support/auctions'
import { type AuctionEvent, subscribeAuctionEvents } from './auction-events.server'
import { placeBid } from './place-bid.server'
import { requestAuctionLink } from './request-auction-link.server'
import { validateAuctionEmail } from './validate-auction-email.server'

setUpAuctionTests()

describe('validateAuctionEmail', () => {
  it('validates the address once: the link of the e-mail works, then answers "used"', async () => {
    const auction = await auctions.create()
    await requestAuctionLink({ email: 'Marie@example.fr', clientIp: '192.0.2.1' })
    const token = await auctions.lastMailedToken()

    const marie = auctions.browser()
    const first = await marie.confirm(token, { lienPrive: auctions.link })
    const second = await validateAuctionEmail(token, { lienPrive: auctions.link })

    expect(first).toMatchObject({
      status: 'validated',
      email: 'marie@example.fr',
      enchereId: auction.id,
      lienPrive: auctions.link,
      accepted: 0,
      refused: 0,
    })
    expect(second).toEqual({ status: 'used', lienPrive: auctions.link })
    const [row] = await getDb().select().from(validationsEmail)
    expect(row?.valide).toBe(true)
    expect(row?.utilise_le).toBeInstanceOf(Date)
    expect((await marie.bid(auctions.bidInput(auctions.link, 'marie@example.fr', '150'))).status).toBe(
      'accepted',
    )
  })

  it('refuses an expired token, an unknown or malformed one, and one of another auction', async () => {
    const now = new Date()
    await auctions.create({}, now)
    await auctions.create({ lien_prive: 'autre-lien-prive', statut: 'programme' }, now)
    await requestAuctionLink({ email: 'marie@example.fr', clientIp: '192.0.2.1' }, undefined, { now })
    const token = await auctions.lastMailedToken()

    const tomorrow = new Date(now.getTime() + 24 * 3_600_000)
    expect(await validateAuctionEmail(token, { now: tomorrow })).toEqual({
      status: 'expired',
      lienPrive: auctions.link,
    })
    expect(await validateAuctionEmail(token, { lienPrive: 'autre-lien-prive' })).toEqual({
      status: 'invalid',
    })
    expect(await validateAuctionEmail('x'.repeat(43))).toEqual({ status: 'invalid' })
    expect(await validateAuctionEmail("' or 1=1 --")).toEqual({ status: 'invalid' })
    expect(await validateAuctionEmail(null)).toEqual({ status: 'invalid' })
    const [stored] = await getDb().select().from(validationsEmail)
    expect(await validateAuctionEmail(stored?.token)).toEqual({ status: 'invalid' })
    expect(stored?.valide).toBe(false)
    // still usable within 24 h
    expect((await validateAuctionEmail(token, { now: new Date(tomorrow.getTime() - 1000) })).status).toBe(
      'validated',
    )
  })

  it('accepts the pending bids in the order they were placed, each against the price of that moment', async () => {
    const auction = await auctions.create()
    await auctions.validate(auction.id, 'other@example.fr')
    const t = (seconds: number) => ({ now: new Date(Date.now() + seconds * 1000) })
    const paul = auctions.browser()

    expect(
      (await paul.bid(auctions.bidInput(auctions.link, 'new@example.fr', '150', 'Paul'), t(1))).status,
    ).toBe('pending-validation')
    expect((await placeBid(auctions.bidInput(auctions.link, 'other@example.fr', '160'), t(2))).status).toBe(
      'accepted',
    )
    expect(
      (await paul.bid(auctions.bidInput(auctions.link, 'new@example.fr', '170', 'Paul'), t(3))).status,
    ).toBe('pending-validation')
    expect(
      (await paul.bid(auctions.bidInput(auctions.link, 'new@example.fr', '180', 'Paul'), t(4))).status,
    ).toBe('pending-validation')
    const token = await auctions.lastMailedToken()
    const events: AuctionEvent[] = []
    const stop = subscribeAuctionEvents(auction.id, (event) => events.push(event))

    const result = await paul.confirm(token, t(5))
    stop()

    // Each pending amount is a maximum (issue #36 §1): 150 € is answered by other's 160 € (155 €);
    // 170 € leads at 165 €; 180 €, from the leader, only raises Paul's maximum (its row stays pending).
    expect(result).toMatchObject({ status: 'validated', accepted: 2, refused: 1 })
    expect((await auctions.row(auction.id)).prix_actuel).toBe('165.00')
    const bids = await auctions.bids(auction.id)
    expect(
      bids
        .map((bid) => [bid.participant_email, bid.montant, bid.email_valide, bid.automatique])
        .sort((a, b) => Number(a[1]) - Number(b[1])),
    ).toEqual([
      ['other@example.fr', '100.00', true, false],
      ['new@example.fr', '150.00', true, false],
      ['other@example.fr', '155.00', true, true],
      ['other@example.fr', '160.00', true, true],
      ['new@example.fr', '165.00', true, false],
      ['new@example.fr', '180.00', false, false],
    ])
    const outbox = await auctions.outbox()
    expect(outbox.filter((row) => row.modele === 'auction-validation')).toHaveLength(1)
    expect(outbox.filter((row) => row.modele === 'auction-bid-notification')).toHaveLength(5)
    expect(outbox.filter((row) => row.modele === 'auction-outbid').map((row) => row.destinataire)).toEqual([
      'new@example.fr',
      'other@example.fr',
    ])
    expect(events.map((event) => event.type === 'bid' && [event.prixActuel, event.nombreMises])).toEqual([
      ['150.00', 2],
      ['155.00', 3],
      ['160.00', 4],
      ['165.00', 5],
    ])
  })

  it('consumes a token once when the link is opened twice at the same time', async () => {
    const auction = await auctions.create()
    const browser = auctions.browser()
    await browser.bid(auctions.bidInput(auctions.link, 'new@example.fr', '150'))
    const token = await auctions.lastMailedToken()

    const pendingClaim = browser.jar.pendingClaim
    const results = await Promise.all([
      validateAuctionEmail(token, { pendingClaim }),
      validateAuctionEmail(token, { pendingClaim }),
    ])

    expect(results.map((result) => result.status).sort()).toEqual(['used', 'validated'])
    expect((await auctions.bids(auction.id)).filter((bid) => bid.email_valide)).toHaveLength(1)
    expect((await auctions.outbox()).filter((row) => row.modele === 'auction-bid-notification')).toHaveLength(
      1,
    )
  })

  it('validates the address even after the end, without counting the late pending bid', async () => {
    const now = new Date()
    const auction = await auctions.create({ date_fin: new Date(now.getTime() + 60_000) }, now)
    const browser = auctions.browser()
    await browser.bid(auctions.bidInput(auctions.link, 'new@example.fr', '150'), { now })
    const token = await auctions.lastMailedToken()

    const result = await browser.confirm(token, { now: new Date(now.getTime() + 120_000) })

    expect(result).toMatchObject({ status: 'validated', accepted: 0, refused: 1 })
    expect((await auctions.row(auction.id)).prix_actuel).toBe('100.00')
    const [row] = await getDb()
      .select()
      .from(validationsEmail)
      .where(eq(validationsEmail.email, 'new@example.fr'))
    expect(row?.valide).toBe(true)
  })
})
