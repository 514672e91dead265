import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { encheres, mises } from '#app/db/schema'
import { getPublicAuction, isAuctionLink } from './get-public-auction.server'

const base = {
  nom: 'Vente privée',
  prix_depart: '100.00',
  prix_actuel: '150.00',
  date_debut: new Date(Date.now() - 3_600_000),
  date_fin: new Date(Date.now() + 3_600_000),
}

describe('getPublicAuction', () => {
  it('finds only an active auction by its private link, with validated bids highest first', async () => {
    const [active] = await getDb()
      .insert(encheres)
      .values({ ...base, statut: 'active', lien_prive: 'lien-actif-123' })
      .returning()
    await getDb()
      .insert(encheres)
      .values({ ...base, statut: 'programme', lien_prive: 'lien-programme-123' })
    await getDb()
      .insert(mises)
      .values([
        {
          enchere_id: active?.id ?? '',
          participant_email: 'a@b.fr',
          participant_nom: 'A',
          participant_prenom: 'Anne',
          montant: '120.00',
          email_valide: true,
        },
        {
          enchere_id: active?.id ?? '',
          participant_email: 'c@d.fr',
          participant_nom: 'C',
          participant_prenom: 'Carl',
          montant: '150.00',
          email_valide: true,
        },
        {
          enchere_id: active?.id ?? '',
          participant_email: 'e@f.fr',
          participant_nom: 'E',
          participant_prenom: 'Eve',
          montant: '900.00',
          email_valide: false,
        },
      ])

    const found = await getPublicAuction('lien-actif-123')
    expect(found?.nom).toBe('Vente privée')
    expect(found?.bids.map((bid) => bid.montant)).toEqual(['150.00', '120.00'])
    expect(await getPublicAuction('lien-programme-123')).toBeNull()
    expect(await getPublicAuction('inconnu-inconnu')).toBeNull()
  })

  it('accepts only URL-safe tokens as links', () => {
    expect(isAuctionLink('AbC_-123xyz')).toBe(true)
    expect(isAuctionLink("' or 1=1--")).toBe(false)
    expect(isAuctionLink('x'.repeat(10_000))).toBe(false)
  })
})
