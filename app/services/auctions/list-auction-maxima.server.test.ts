import { describe, expect, it } from 'vitest'
import { BID_MESSAGES } from '#app/lib/auction-rules'
import { auctions, setUpAuctionTests } from '#tests/support/auctions'
import { endAuction } from './close-auctions.server'
import { listAuctionMaxima } from './list-auction-maxima.server'
import { placeBid } from './place-bid.server'

setUpAuctionTests()

const bid = (email: string, maximum: string) =>
  placeBid(auctions.bidInput(auctions.link, email, maximum, email.split('@')[0]))

const summary = async (enchereId: string) =>
  (await listAuctionMaxima(enchereId)).map((row) => [row.participant_email, row.montant_max, row.state])

describe('listAuctionMaxima (issue #10 §4)', () => {
  it('is empty for an auction without bids, and lists each bid’s maximum (issue #36 §1: every bid is one)', async () => {
    const auction = await auctions.create()
    expect(await listAuctionMaxima(auction.id)).toEqual([])
    await auctions.validate(auction.id, 'a@example.fr')
    await bid('a@example.fr', '100')
    expect(await summary(auction.id)).toEqual([['a@example.fr', '100.00', 'active']])
  })

  it("marks the leader's maximum active, an equal later one exhausted, and all ended with the auction", async () => {
    const auction = await auctions.create({ prix_depart: '100.00' })
    const other = await auctions.create({ lien_prive: 'autre-lien-prive', statut: 'programme' })
    for (const email of ['a@example.fr', 'b@example.fr']) await auctions.validate(auction.id, email)
    await bid('a@example.fr', '300')
    // b's equal maximum loses to a's earlier one: the price reaches it, a still leads.
    expect(await bid('b@example.fr', '300')).toMatchObject({
      status: 'outbid',
      message: BID_MESSAGES.outbidTie,
      prixActuel: '300.00',
    })

    const rows = await listAuctionMaxima(auction.id)

    expect(rows.map((row) => [row.participant_prenom, row.participant_nom, row.montant_max])).toEqual([
      ['a', 'Curie', '300.00'],
      ['b', 'Curie', '300.00'],
    ])
    expect(rows[0]?.modifie_le.getTime()).toBeLessThanOrEqual(rows[1]?.modifie_le.getTime() ?? 0)
    expect(await summary(auction.id)).toEqual([
      ['a@example.fr', '300.00', 'active'],
      ['b@example.fr', '300.00', 'exhausted'],
    ])
    expect(await listAuctionMaxima(other.id)).toEqual([])

    // Past the leader's maximum, it is exhausted too.
    await auctions.validate(auction.id, 'c@example.fr')
    expect(await bid('c@example.fr', '310')).toMatchObject({ status: 'accepted', isLeading: true })
    expect(await summary(auction.id)).toEqual([
      ['c@example.fr', '310.00', 'active'],
      ['a@example.fr', '300.00', 'exhausted'],
      ['b@example.fr', '300.00', 'exhausted'],
    ])

    await endAuction(auction.id)
    expect((await summary(auction.id)).map(([, , state]) => state)).toEqual(['ended', 'ended', 'ended'])
  })

  it('keeps a leader’s maximum and its date when they later try a lower one (refused)', async () => {
    const auction = await auctions.create({ prix_depart: '100.00' })
    await auctions.validate(auction.id, 'd@example.fr')
    await bid('d@example.fr', '500')
    const [before] = await listAuctionMaxima(auction.id)
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(await bid('d@example.fr', '200')).toMatchObject({
      status: 'refused',
      message: BID_MESSAGES.maximumNotRaised,
    })

    const [after] = await listAuctionMaxima(auction.id)
    expect(after).toMatchObject({ montant_max: '500.00', modifie_le: before?.modifie_le })
  })
})
