import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { encheres } from '#app/db/schema'
import { withOutbox } from '#app/services/mail/outbox.server'
import { auctions, setUpAuctionTests } from '#tests/support/auctions'
import { acceptBidsLocked, lockAuction } from './accept-bid.server'
import { deskCounts, submitBid } from './bid-desk.server'
import { loadBidSetup } from './bid-setup.server'
import { bidderStandingOf, readBiddingState } from './bidding-state.server'
import { placeBid } from './place-bid.server'

setUpAuctionTests()

const locked = (enchereId: string) => getDb().transaction((tx) => lockAuction(tx, enchereId))

/**
 * An auction at 100 € where Anne (a@) left 100 €, then Basile (b@) 105 €, through this process's
 * bid desk; `second` is Basile's answer.
 */
async function twoBidsOfThisProcess() {
  const auction = await auctions.create({ prix_depart: '100.00' })
  for (const email of ['a@example.fr', 'b@example.fr']) await auctions.validate(auction.id, email)
  await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '100', 'Anne'))
  const second = await placeBid(auctions.bidInput(auctions.link, 'b@example.fr', '105', 'Basile'))
  return { auction, second }
}

/** Another instance accepts Claire's bid: her row, and the auction's price (the update raises its version). */
async function anotherInstanceAccepts(enchereId: string, montant: string) {
  await auctions.insertBids(auctions.bidRow(enchereId, 'Claire', montant))
  await getDb().update(encheres).set({ prix_actuel: montant }).where(eq(encheres.id, enchereId))
}

describe('lockAuction and the auction row version (issue #34 §1)', () => {
  it('reads the count and the leader under the lock, and every update of the row raises its version', async () => {
    const { auction } = await twoBidsOfThisProcess()
    const before = await locked(auction.id)
    expect(before).toMatchObject({ prix_actuel: '105.00', nombreMises: 2, leader: { email: 'b@example.fr' } })
    await anotherInstanceAccepts(auction.id, '600.00')
    const after = await locked(auction.id)
    expect(after).toMatchObject({ prix_actuel: '600.00', nombreMises: 3, leader: { prenom: 'Claire' } })
    expect(after?.version).toBeGreaterThan(before?.version ?? 0)
  })

  it('tells each bidder where they stand, on their own page only, after each maximum (issue #36 §1)', async () => {
    await auctions.create({ prix_depart: '100.00' })
    const auction = await readBiddingState(auctions.link)
    const bidders = ['a@example.fr', 'b@example.fr', 'c@example.fr']
    for (const email of bidders) await auctions.validate(auction?.id ?? '', email)
    // [bidder, maximum, price after it, each bidder's standing and maximum after it].
    const steps: Array<[string, string, string, Array<string | null>]> = [
      ['a@example.fr', '200', '100.00', ['ahead 200.00', null, null]],
      ['b@example.fr', '150', '155.00', ['ahead 200.00', 'outbid 150.00', null]],
      ['b@example.fr', '400', '205.00', ['outbid 200.00', 'ahead 400.00', null]],
      ['a@example.fr', '300', '305.00', ['outbid 300.00', 'ahead 400.00', null]],
      ['c@example.fr', '500', '405.00', ['outbid 300.00', 'outbid 400.00', 'ahead 500.00']],
      // c raises their maximum while leading: the price does not move.
      ['c@example.fr', '900', '405.00', ['outbid 300.00', 'outbid 400.00', 'ahead 900.00']],
      ['a@example.fr', '900', '900.00', ['outbid 900.00', 'outbid 400.00', 'leading 900.00']],
    ]
    for (const [email, maximum, price, standings] of steps) {
      await placeBid(auctions.bidInput(auctions.link, email, maximum))
      expect((await auctions.row(auction?.id ?? '')).prix_actuel, `${email} ${maximum}`).toBe(price)
      for (const [index, bidder] of bidders.entries()) {
        const position = bidderStandingOf(await readBiddingState(auctions.link, bidder), bidder)
        expect(
          position ? `${position.standing} ${position.max}` : null,
          `${email} ${maximum} → ${bidder}`,
        ).toBe(standings[index])
      }
    }
  })

  it('leaves the price where it is when the leader raises their maximum, decided under the lock too (issue #36 §1)', async () => {
    const { auction } = await twoBidsOfThisProcess()
    const setup = await loadBidSetup(auction.id)
    if (!setup) throw new Error('no setup')
    const settled = await withOutbox(async (tx) => {
      const row = await lockAuction(tx, auction.id)
      if (!row) throw new Error('no auction')
      const candidate = {
        email: 'b@example.fr',
        nom: 'Curie',
        prenom: 'Basile',
        maxCents: 60_000,
        now: new Date(),
      }
      return acceptBidsLocked(tx, row, [candidate], setup)
    })
    expect(settled.outcomes).toEqual([
      {
        accepted: false,
        reason: 'raised',
        prixActuel: '105.00',
        nombreMises: 2,
        dateFin: (await auctions.row(auction.id)).date_fin,
        leader: { email: 'b@example.fr', maxCents: 60_000 },
        stored: [],
      },
    ])
    expect(settled.events).toEqual([])
    expect((await auctions.row(auction.id)).prix_actuel).toBe('105.00')
    expect(await auctions.bids(auction.id)).toHaveLength(2)
    const state = await readBiddingState(auctions.link, 'b@example.fr')
    expect(bidderStandingOf(state, 'b@example.fr')).toEqual({ standing: 'ahead', max: '600.00' })
    // Anne's 400 € is then answered by Basile's raised maximum: 400 € + 5 €.
    expect(await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '400', 'Anne'))).toMatchObject({
      status: 'accepted',
      isLeading: false,
      prixActuel: '405.00',
    })
  })
})

describe('the bid desk deciding a batch from memory (issue #10 §2)', () => {
  it('settles a batch again under the lock when another instance wrote since: nothing of its decision is stored', async () => {
    const { auction, second } = await twoBidsOfThisProcess()
    const retried = deskCounts.retriedUnderLock
    // Decided from what this process wrote, with the lock taken by the write.
    expect(second).toMatchObject({ status: 'accepted', prixActuel: '105.00', nombreMises: 2 })

    await anotherInstanceAccepts(auction.id, '600.00')

    // This process's desk still remembers 105 €: decided on it, 300 € would be accepted; the
    // write finds another version, writes nothing, and the batch is decided again under the lock.
    // (Bid as the desk gets it: placeBid's own first check reads the row and would refuse it.)
    const answer = await submitBid(auction.id, {
      email: 'a@example.fr',
      nom: 'Curie',
      prenom: 'Anne',
      maxCents: 30_000,
    })
    expect(answer).toMatchObject({
      status: 'settled',
      outcome: { accepted: false, reason: 'too-low', prixActuel: '600.00' },
    })
    expect(deskCounts.retriedUnderLock).toBe(retried + 1)
    expect((await auctions.row(auction.id)).prix_actuel).toBe('600.00')
    expect((await auctions.bids(auction.id)).map((bid) => bid.montant).sort()).toEqual([
      '100.00',
      '105.00',
      '600.00',
    ])
    // And the next batch is decided on what the lock showed.
    expect(await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '650', 'Anne'))).toMatchObject({
      status: 'accepted',
      prixActuel: '610.00',
      nombreMises: 4,
    })
  })
})
