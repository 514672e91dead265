import { eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { encheres } from '#app/db/schema'
import { setSiteDataCacheEnabled } from '#app/services/site-data-cache.server'
import { auctions, setUpAuctionTests } from '#tests/support/auctions'
import { lockAuction } from './accept-bid.server'
import { leadingMaximum, readBiddingState } from './bid-desk.server'
import { placeBid } from './place-bid.server'

setUpAuctionTests()

afterEach(() => setSiteDataCacheEnabled(false))

const locked = (enchereId: string) => getDb().transaction((tx) => lockAuction(tx, enchereId))

/**
 * With the site data cache on, an auction at 100 € where Anne (a@) bid 100 €, then Basile (b@)
 * 110 €, through this process's bid desk; `second` is Basile's answer.
 */
async function twoBidsOfThisProcess() {
  setSiteDataCacheEnabled(true)
  const auction = await auctions.create({ prix_depart: '100.00' })
  for (const email of ['a@example.fr', 'b@example.fr']) await auctions.validate(auction.id, email)
  await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '100', 'Anne'))
  const second = await placeBid(auctions.bidInput(auctions.link, 'b@example.fr', '110', 'Basile'))
  return { auction, second }
}

/** Another instance accepts Claire's bid: her row, and the auction's price and modifie_le. */
async function anotherInstanceAccepts(enchereId: string, montant: string) {
  await auctions.insertBids(auctions.bidRow(enchereId, 'Claire', montant))
  await getDb()
    .update(encheres)
    .set({ prix_actuel: montant, modifie_le: sql`now()` })
    .where(eq(encheres.id, enchereId))
}

describe('lockAuction with the site data cache on (issue #10 §2)', () => {
  it('reuses the count and leader it left while the row is unchanged, and reads them again once another instance wrote', async () => {
    const { auction } = await twoBidsOfThisProcess()

    expect(await locked(auction.id)).toMatchObject({
      prix_actuel: '110.00',
      nombreMises: 2,
      leader: { email: 'b@example.fr', prenom: 'Basile' },
    })
    // A bid written without touching the auction row is no bid of ours (every bid path rewrites
    // the row): the state this process left is still used, without reading the bids.
    await auctions.insertBids(auctions.bidRow(auction.id, 'Intruse', '500.00'))
    expect(await locked(auction.id)).toMatchObject({ nombreMises: 2, leader: { email: 'b@example.fr' } })

    // Another instance accepts a bid: the row's price and modifie_le change, the bids are read again.
    await anotherInstanceAccepts(auction.id, '600.00')
    expect(await locked(auction.id)).toMatchObject({
      prix_actuel: '600.00',
      nombreMises: 4,
      leader: { email: 'claire@exemple.fr', prenom: 'Claire' },
    })
  })

  it('reads the bids at every lock when the cache is off', async () => {
    const auction = await auctions.create({ prix_depart: '100.00' })
    await auctions.validate(auction.id, 'a@example.fr')
    await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '100', 'Anne'))
    await auctions.insertBids(auctions.bidRow(auction.id, 'Intruse', '500.00'))
    expect(await locked(auction.id)).toMatchObject({ nombreMises: 2, leader: { prenom: 'Intruse' } })
  })

  it("knows the leader's automatic-bid maximum after each batch as the database has it, without a query", async () => {
    setSiteDataCacheEnabled(true)
    await auctions.create({ prix_depart: '100.00' })
    const auction = await readBiddingState(auctions.link)
    const bidders = ['a@example.fr', 'b@example.fr', 'c@example.fr']
    for (const email of bidders) await auctions.validate(auction?.id ?? '', email)
    // [bidder, amount, maximum]: a leads with a maximum, b is answered by it, b leads with a higher
    // one, a bids again with a spent maximum, c leads without one, then raises with one.
    const steps: Array<[string, string, string | null]> = [
      ['a@example.fr', '100', '200'],
      ['b@example.fr', '150', null],
      ['b@example.fr', '250', '400'],
      ['a@example.fr', '300', null],
      ['c@example.fr', '500', null],
      ['c@example.fr', '600', '900'],
    ]
    for (const [email, amount, maximum] of steps) {
      await placeBid({ ...auctions.bidInput(auctions.link, email, amount), ...(maximum ? { maximum } : {}) })
      const remembered = await readBiddingState(auctions.link)
      setSiteDataCacheEnabled(false)
      const stored = await readBiddingState(auctions.link)
      setSiteDataCacheEnabled(true)
      for (const bidder of bidders) {
        expect(leadingMaximum(remembered, bidder), `${email} ${amount} → ${bidder}`).toBe(
          leadingMaximum(stored, bidder),
        )
      }
    }
    expect(leadingMaximum(await readBiddingState(auctions.link), 'c@example.fr')).toBe('900.00')
    expect(leadingMaximum(await readBiddingState(auctions.link), 'b@example.fr')).toBeNull()
  })
})

describe('the bid desk deciding a batch from memory (issue #10 §2)', () => {
  it('settles a batch again under the lock when another instance wrote since: nothing of its decision is stored', async () => {
    const { auction, second } = await twoBidsOfThisProcess()
    // Decided from what this process wrote, with the lock taken by the write.
    expect(second).toMatchObject({ status: 'accepted', prixActuel: '110.00', nombreMises: 2 })

    await anotherInstanceAccepts(auction.id, '600.00')

    // This process still remembers 110 €: 300 € passes its early check, but not the lock.
    expect(await placeBid(auctions.bidInput(auctions.link, 'a@example.fr', '300', 'Anne'))).toMatchObject({
      status: 'refused',
      message: 'Votre mise doit être supérieure à 600€',
    })
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
