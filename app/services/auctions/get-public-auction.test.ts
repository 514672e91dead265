import { describe, expect, it } from 'vitest'
import { HISTORY_LIMIT } from '#app/lib/auction-live-state'
import { auctions } from '#tests/support/auctions'
import { insertArtwork } from '#tests/support/catalogue-fixtures'
import {
  findActiveAuctionId,
  getAuctionLiveState,
  getPublicAuction,
  isAuctionLink,
} from './get-public-auction.server'

const now = new Date()

/** An auction at 150 € (start price 100 €), active unless told, ending an hour after `now`. */
const insertAuction = (values: Parameters<typeof auctions.create>[0] & { lien_prive: string }) =>
  auctions.create({ prix_actuel: '150.00', ...values }, now)

describe('getPublicAuction', () => {
  it('finds only an active auction by its private link, with validated bids highest first', async () => {
    const artwork = await insertArtwork({
      nom: 'Souffle',
      prix: '800.00',
      description: '<p>Encre sur papier</p>',
    })
    const active = await insertAuction({ lien_prive: 'lien-actif-123', oeuvre_id: artwork.id })
    await insertAuction({ statut: 'programme', lien_prive: 'lien-programme-123' })
    await auctions.insertBids(
      auctions.bidRow(active.id, 'Anne', '120.00'),
      auctions.bidRow(active.id, 'Carl', '150.00'),
      auctions.bidRow(active.id, 'Eve', '900.00', { email_valide: false }),
    )

    const found = await getPublicAuction('lien-actif-123')
    expect(found?.nom).toBe('Vente privée')
    expect(found?.oeuvre).toMatchObject({
      nom: 'Souffle',
      prix: '800.00',
      description: '<p>Encre sur papier</p>',
    })
    expect(found?.live).toMatchObject({
      enchereId: active.id,
      statut: 'active',
      prixDepart: '100.00',
      prixActuel: '150.00',
      nombreMises: 2,
      dateFin: new Date(now.getTime() + 3_600_000).toISOString(),
    })
    expect(found?.live.bids.map((item) => [item.prenom, item.montant])).toEqual([
      ['Carl', '150.00'],
      ['Anne', '120.00'],
    ])
    expect(await getPublicAuction('lien-programme-123')).toBeNull()
    expect(await getPublicAuction('inconnu-inconnu')).toBeNull()
    expect(await getPublicAuction("' or 1=1--")).toBeNull()
  })

  it('never exposes e-mail addresses or last names, and has no artwork when none is linked', async () => {
    const active = await insertAuction({ lien_prive: 'lien-prive-456' })
    await auctions.insertBids(auctions.bidRow(active.id, 'Anne', '120.00'))

    const found = await getPublicAuction('lien-prive-456')
    expect(found?.oeuvre).toBeNull()
    const text = JSON.stringify(found)
    expect(text).not.toContain('anne@exemple.fr')
    expect(text).not.toContain('Nom-Anne')
    expect(found?.live.bids[0]).toEqual({
      id: expect.any(String),
      prenom: 'Anne',
      montant: '120.00',
      creeLe: expect.any(String),
    })
  })

  it('lists at most the highest bids but counts them all; equal amounts show the earlier first', async () => {
    const active = await insertAuction({ lien_prive: 'lien-nombreux-789', prix_actuel: '500.00' })
    const start = Date.now() - 60_000
    await auctions.insertBids(
      ...Array.from({ length: HISTORY_LIMIT + 5 }, (_, index) =>
        auctions.bidRow(active.id, `P${index}`, `${101 + index}.00`, { cree_le: new Date(start + index) }),
      ),
    )
    await auctions.insertBids(
      auctions.bidRow(active.id, 'Tard', '500.00', { cree_le: new Date(start + 5_000) }),
      auctions.bidRow(active.id, 'Tot', '500.00', { cree_le: new Date(start + 1_000) }),
    )

    const live = await getAuctionLiveState(active.id)
    expect(live?.nombreMises).toBe(HISTORY_LIMIT + 7)
    expect(live?.bids).toHaveLength(HISTORY_LIMIT)
    expect(live?.bids.slice(0, 2).map((item) => item.prenom)).toEqual(['Tot', 'Tard'])
  })
})

describe('findActiveAuctionId and getAuctionLiveState', () => {
  it('finds the id of an active auction by link only; the live state follows any statut', async () => {
    const active = await insertAuction({ lien_prive: 'lien-actif-abc' })
    const closed = await insertAuction({ statut: 'termine_prix_atteint', lien_prive: 'lien-ferme-abc' })

    expect(await findActiveAuctionId('lien-actif-abc')).toBe(active.id)
    expect(await findActiveAuctionId('lien-ferme-abc')).toBeNull()
    expect(await findActiveAuctionId('x')).toBeNull()
    expect((await getAuctionLiveState(closed.id))?.statut).toBe('termine_prix_atteint')
    expect(await getAuctionLiveState('00000000-0000-4000-8000-000000000000')).toBeNull()
  })

  it('accepts only URL-safe tokens as links', () => {
    expect(isAuctionLink('AbC_-123xyz')).toBe(true)
    expect(isAuctionLink("' or 1=1--")).toBe(false)
    expect(isAuctionLink('x'.repeat(10_000))).toBe(false)
  })
})
