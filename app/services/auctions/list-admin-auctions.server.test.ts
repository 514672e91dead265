import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { oeuvres } from '#app/db/schema'
import { auctions } from '#tests/support/auctions'
import { insertArtwork } from '#tests/support/catalogue-fixtures'
import { listAdminAuctions } from './list-admin-auctions.server'

const hour = 3_600_000

/** An auction ended without reaching its reserve unless told, its link made from its name. */
const insertAuction = (values: Parameters<typeof auctions.create>[0] & { nom: string; cree_le: Date }) =>
  auctions.create({
    statut: 'termine_prix_non_atteint',
    lien_prive: `lien-${values.nom.toLowerCase().replace(/\W/g, '-')}-0123`,
    ...values,
  })

describe('listAdminAuctions', () => {
  it('is empty without auctions', async () => {
    await getDb()
      .insert(oeuvres)
      .values([{ nom: 'Souffle' }, { nom: 'Aube' }])

    const result = await listAdminAuctions()

    expect(result.current).toBeNull()
    expect(result.chartBids).toEqual([])
    expect(result.history).toEqual([])
  })

  it('shows the active auction in the card with its validated bids highest first, and every auction newest first', async () => {
    const artwork = await insertArtwork({
      nom: 'Souffle',
      prix: '800.00',
      image1_url: '/uploads/souffle.webp',
    })
    const old = await insertAuction({
      nom: 'Ancienne',
      cree_le: new Date(Date.now() - 3 * hour),
      prix_actuel: '140.00',
      statut: 'termine_prix_atteint',
    })
    const active = await insertAuction({
      nom: 'En cours',
      cree_le: new Date(Date.now() - 2 * hour),
      statut: 'active',
      oeuvre_id: artwork.id,
      prix_actuel: '180.00',
      prix_reserve: '150.00',
      description: '<p>Pièce unique</p>',
    })
    const scheduled = await insertAuction({
      nom: 'Programmée',
      cree_le: new Date(Date.now() - hour),
      statut: 'programme',
      date_debut: new Date(Date.now() + 24 * hour),
      date_fin: new Date(Date.now() + 48 * hour),
    })
    await auctions.insertBids(
      auctions.bidRow(active.id, 'Anne', '120.00', { cree_le: new Date(Date.now() - hour) }),
      auctions.bidRow(active.id, 'Carl', '180.00', { cree_le: new Date(Date.now() - hour + 2_000) }),
      auctions.bidRow(active.id, 'Dora', '180.00', { cree_le: new Date(Date.now() - hour + 1_000) }),
      auctions.bidRow(active.id, 'Eve', '999.00', {
        email_valide: false,
        cree_le: new Date(Date.now() - hour),
      }),
      auctions.bidRow(old.id, 'Old', '140.00', { cree_le: new Date(Date.now() - hour) }),
    )

    const result = await listAdminAuctions()

    expect(result.history.map((row) => [row.nom, row.statut, row.prix_actuel])).toEqual([
      ['Programmée', 'programme', '100.00'],
      ['En cours', 'active', '180.00'],
      ['Ancienne', 'termine_prix_atteint', '140.00'],
    ])
    expect(result.current).toMatchObject({
      id: active.id,
      nom: 'En cours',
      statut: 'active',
      description: '<p>Pièce unique</p>',
      prix_depart: '100.00',
      prix_reserve: '150.00',
      prix_actuel: '180.00',
      lien_prive: active.lien_prive,
      nombre_mises: 3,
      oeuvre: { id: artwork.id, nom: 'Souffle', prix: '800.00', image1_url: '/uploads/souffle.webp' },
    })
    expect(result.chartBids.map((row) => [row.participant_prenom, row.montant, row.automatique])).toEqual([
      ['Dora', '180.00', false],
      ['Carl', '180.00', false],
      ['Anne', '120.00', false],
    ])
    expect(scheduled.id).not.toBe(result.current?.id)
  })

  it('shows the newest auction in the card when none is active, without artwork when none is linked', async () => {
    await insertAuction({ nom: 'Première', cree_le: new Date(Date.now() - 2 * hour) })
    const last = await insertAuction({
      nom: 'Dernière',
      cree_le: new Date(Date.now() - hour),
      statut: 'termine_prix_atteint',
    })

    const result = await listAdminAuctions()

    expect(result.current).toMatchObject({
      id: last.id,
      statut: 'termine_prix_atteint',
      oeuvre: null,
      nombre_mises: 0,
    })
    expect(result.chartBids).toEqual([])
  })
})
