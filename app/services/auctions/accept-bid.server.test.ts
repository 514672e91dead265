import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { encheres } from '#app/db/schema'
import { auctions, setUpAuctionTests } from '#tests/support/auctions'
import { lockAuction } from './accept-bid.server'
import { deskCounts, submitBid } from './bid-desk.server'
import { leadingMaximum, readBiddingState } from './bidding-state.server'
import { placeBid } from './place-bid.server'

setUpAuctionTests()

const locked = (enchereId: string) => getDb().transaction((tx) => lockAuction(tx, enchereId))

/**
 * An auction at 100 € where Anne (a@) bid 100 €, then Basile (b@) 110 €, through this process's
 * bid desk; `second` is Basile's answer.
 */
async function twoBidsOfThisProcess() {
  const auction = await auctions.create({ prix_depart: '100.00' })
  for (const email of ['a@example.fr', 'b@example.fr']) await auctions.validate(auction.id, email)
  await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '100', 'Anne'))
  const second = await placeBid(auctions.bidInput(auctions.link, 'b@example.fr', '110', 'Basile'))
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
    expect(before).toMatchObject({ prix_actuel: '110.00', nombreMises: 2, leader: { email: 'b@example.fr' } })
    await anotherInstanceAccepts(auction.id, '600.00')
    const after = await locked(auction.id)
    expect(after).toMatchObject({ prix_actuel: '600.00', nombreMises: 3, leader: { prenom: 'Claire' } })
    expect(after?.version).toBeGreaterThan(before?.version ?? 0)
  })

  it("shows the leader's automatic-bid maximum on their own page only, as stored after each bid", async () => {
    await auctions.create({ prix_depart: '100.00' })
    const auction = await readBiddingState(auctions.link)
    const bidders = ['a@example.fr', 'b@example.fr', 'c@example.fr']
    for (const email of bidders) await auctions.validate(auction?.id ?? '', email)
    // [bidder, amount, maximum, the leader's maximum shown to them after it]: a leads with a
    // maximum, b is answered by it, b leads with a higher one, a bids again with a spent maximum,
    // c leads without one, then raises with one.
    const steps: Array<[string, string, string | null, string, string | null]> = [
      ['a@example.fr', '100', '200', 'a@example.fr', '200.00'],
      ['b@example.fr', '150', null, 'a@example.fr', '200.00'],
      ['b@example.fr', '250', '400', 'b@example.fr', '400.00'],
      ['a@example.fr', '300', null, 'b@example.fr', '400.00'],
      ['c@example.fr', '500', null, 'c@example.fr', null],
      ['c@example.fr', '600', '900', 'c@example.fr', '900.00'],
    ]
    for (const [email, amount, maximum, leader, shown] of steps) {
      await placeBid({ ...auctions.bidInput(auctions.link, email, amount), ...(maximum ? { maximum } : {}) })
      const state = await readBiddingState(auctions.link)
      for (const bidder of bidders) {
        expect(leadingMaximum(state, bidder), `${email} ${amount} → ${bidder}`).toBe(
          bidder === leader ? shown : null,
        )
      }
    }
  })
})

describe('the bid desk deciding a batch from memory (issue #10 §2)', () => {
  it('settles a batch again under the lock when another instance wrote since: nothing of its decision is stored', async () => {
    const { auction, second } = await twoBidsOfThisProcess()
    const retried = deskCounts.retriedUnderLock
    // Decided from what this process wrote, with the lock taken by the write.
    expect(second).toMatchObject({ status: 'accepted', prixActuel: '110.00', nombreMises: 2 })

    await anotherInstanceAccepts(auction.id, '600.00')

    // This process's desk still remembers 110 €: decided on it, 300 € would be accepted; the
    // write finds another version, writes nothing, and the batch is decided again under the lock.
    // (Bid as the desk gets it: placeBid's own first check reads the row and would refuse it.)
    const answer = await submitBid(auction.id, {
      email: 'a@example.fr',
      nom: 'Curie',
      prenom: 'Anne',
      amountCents: 30_000,
    })
    expect(answer).toMatchObject({
      status: 'settled',
      outcome: { accepted: false, reason: 'too-low', prixActuel: '600.00' },
    })
    expect(deskCounts.retriedUnderLock).toBe(retried + 1)
    expect((await auctions.row(auction.id)).prix_actuel).toBe('600.00')
    expect((await auctions.bids(auction.id)).map((bid) => bid.montant).sort()).toEqual([
      '100.00',
      '110.00',
      '600.00',
    ])
    // And the next batch is decided on what the lock showed.
    expect(await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '650', 'Anne'))).toMatchObject({
      status: 'accepted',
      prixActuel: '650.00',
      nombreMises: 4,
    })
  })
})
