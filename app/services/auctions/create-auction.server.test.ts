import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { encheres } from '#app/db/schema'
import { insertArtwork } from '#tests/support/catalogue-fixtures'
import { createAuction } from './create-auction.server'

/** 3 March 2026, 12:00 in Paris (UTC+1 in winter). */
const NOW = new Date('2026-03-03T11:00:00Z')
const options = { now: NOW, timeZone: 'Europe/Paris' }

const valid = {
  nom: '  Vente de printemps  ',
  prix_depart: '150',
  prix_reserve: '',
  date_debut: '2026-03-03T12:00',
  date_fin: '2026-03-04T18:30',
  oeuvre_id: '',
  description: '',
}

async function allAuctions() {
  return getDb().select().from(encheres).orderBy(encheres.cree_le)
}

describe('createAuction', () => {
  it('creates an active auction when its start has come, with Paris times, a long private link and the start price as current price', async () => {
    const result = await createAuction(valid, options)

    expect(result).toMatchObject({ statut: 'active' })
    const [row] = await allAuctions()
    expect(row).toMatchObject({
      id: result.id,
      nom: 'Vente de printemps',
      statut: 'active',
      prix_depart: '150.00',
      prix_actuel: '150.00',
      prix_reserve: null,
      description: null,
      oeuvre_id: null,
      lien_prive: result.lienPrive,
    })
    // 12:00 and 18:30 in Paris are 11:00 and 17:30 UTC in March (before the summer change).
    expect(row?.date_debut.toISOString()).toBe('2026-03-03T11:00:00.000Z')
    expect(row?.date_fin.toISOString()).toBe('2026-03-04T17:30:00.000Z')
    expect(result.lienPrive).toMatch(/^[A-Za-z0-9_-]{32}$/)
  })

  it('schedules an auction whose start is ahead, in summer time too', async () => {
    const result = await createAuction(
      { ...valid, date_debut: '2026-07-14T09:00', date_fin: '2026-07-14T21:00', prix_reserve: '500,50' },
      options,
    )

    expect(result).toMatchObject({ statut: 'programme' })
    const [row] = await allAuctions()
    expect(row?.statut).toBe('programme')
    expect(row?.prix_reserve).toBe('500.50')
    expect(row?.date_debut.toISOString()).toBe('2026-07-14T07:00:00.000Z')
  })

  it('links an existing artwork and stores the description sanitized', async () => {
    const artwork = await insertArtwork({ nom: 'Souffle' })

    const result = await createAuction(
      {
        ...valid,
        oeuvre_id: artwork.id,
        description:
          '<p>Une <strong>pièce</strong> rare<script>alert(1)</script></p><img src=x onerror=alert(1)>',
      },
      options,
    )

    expect(result.id).toBeTruthy()
    const [row] = await allAuctions()
    expect(row?.oeuvre_id).toBe(artwork.id)
    expect(row?.description).toBe('<p>Une <strong>pièce</strong> rare</p>')
  })

  it('refuses a second active auction and leaves the database unchanged; a programmed one is still accepted', async () => {
    await createAuction(valid, options)
    const before = await allAuctions()

    await expect(createAuction({ ...valid, nom: 'Autre vente' }, options)).rejects.toMatchObject({
      kind: 'conflict',
      message: 'Une enchère est déjà active',
    })
    expect(await allAuctions()).toEqual(before)
    const scheduled = await createAuction(
      { ...valid, date_debut: '2026-03-10T10:00', date_fin: '2026-03-11T10:00' },
      options,
    )
    expect(scheduled).toMatchObject({ statut: 'programme' })
  })

  it('lets only one of two simultaneous active creations win (the database index decides)', async () => {
    const results = await Promise.allSettled([
      createAuction({ ...valid, nom: 'A' }, options),
      createAuction({ ...valid, nom: 'B' }, options),
      createAuction({ ...valid, nom: 'C' }, options),
    ])

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []))
    expect(refusals).toHaveLength(2)
    for (const refusal of refusals) expect(refusal).toMatchObject({ kind: 'conflict' })
    expect((await allAuctions()).filter((row) => row.statut === 'active')).toHaveLength(1)
  })

  it('refuses invalid input with a French message per field and writes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ nom: '   ' }, 'nom', "Veuillez indiquer le nom de l'enchère"],
      [{ nom: 'x'.repeat(201) }, 'nom', 'Le nom ne doit pas dépasser 200 caractères'],
      [{ prix_depart: '' }, 'prix_depart', 'Veuillez indiquer le prix de départ'],
      [{ prix_depart: '0.50' }, 'prix_depart', "Le prix de départ doit être d'au moins 1,00\u00a0€"],
      [{ prix_depart: '-3' }, 'prix_depart', 'Veuillez saisir un montant valide'],
      [{ prix_depart: '10.123' }, 'prix_depart', 'Le montant ne peut pas avoir plus de deux décimales'],
      [{ prix_reserve: '0' }, 'prix_reserve', 'Veuillez saisir un montant valide'],
      [{ prix_reserve: '0.99' }, 'prix_reserve', "Le prix de réserve doit être d'au moins 1,00\u00a0€"],
      [{ date_debut: '' }, 'date_debut', 'Veuillez indiquer la date de début'],
      [{ date_debut: '2026-02-30T10:00' }, 'date_debut', 'Veuillez saisir une date et une heure valides'],
      [{ date_fin: 'demain' }, 'date_fin', 'Veuillez saisir une date et une heure valides'],
      [
        { date_fin: '2026-03-03T11:00' },
        'date_fin',
        'La date de fin doit être postérieure à la date de début',
      ],
      [
        { date_debut: '2026-03-01T10:00', date_fin: '2026-03-02T10:00' },
        'date_fin',
        'La date de fin doit être dans le futur',
      ],
      [{ oeuvre_id: 'pas-un-uuid' }, 'oeuvre_id', 'Œuvre introuvable'],
      [{ oeuvre_id: '00000000-0000-4000-8000-000000000000' }, 'oeuvre_id', 'Œuvre introuvable'],
      [{ nom: 42 }, 'nom', "Veuillez indiquer le nom de l'enchère"],
    ]
    for (const [change, field, message] of cases) {
      await expect(
        createAuction({ ...valid, ...change }, options),
        JSON.stringify(change),
      ).rejects.toMatchObject({
        kind: 'invalid',
        fieldErrors: { [field]: [message] },
      })
    }
    expect(await allAuctions()).toEqual([])
  })
})
