import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { oeuvres } from '#app/db/schema'
import { ingestImage } from '#app/media/ingest-image.server'
import { getPublicArtwork } from '#app/services/catalogue/get-public-artwork.server'
import { insertArtwork, insertCategory } from '#tests/support/catalogue-fixtures'
import { uploadedFileExists } from '#tests/support/images'
import { adminRoute, expectCreated } from '#tests/support/routes'
import { testImage } from '#tests/support/test-image'
import { action, loader } from './artworks'

const { post: postFields, load } = adminRoute('/admin/artworks', { action, loader })

/** Posts a form; `images` are sent as repeated fields, in order. */
function post(fields: Record<string, string>, images: string[] = []) {
  return postFields({ ...fields, images })
}

let shade = 0
/** A real uploaded image; each call gives a different picture (files are named by content). */
async function uploadedImage(): Promise<string> {
  shade += 1
  const background = { r: (shade * 53) % 256, g: 40, b: (shade * 29) % 256 }
  const bytes = await testImage(300, 300, background)
  return (await ingestImage({ bytes, folder: 'artworks', originalName: 'o.png', maxBytes: 10e6 })).url
}

const allArtworks = () => getDb().select().from(oeuvres).orderBy(oeuvres.nom)
const imageColumns = (row: Record<string, unknown> | undefined) =>
  Array.from({ length: 10 }, (_, index) => row?.[`image${index + 1}_url`] ?? null)

describe('/admin/artworks pages, search and sort (issue #35 §2)', () => {
  it('pages 24 artworks at a time, with the count, the last page past the end and page 1 for a malformed page', async () => {
    const empty = await load()
    expect(empty.info).toEqual({ page: 1, pageSize: 24, total: 0, pageCount: 1 })
    await getDb()
      .insert(oeuvres)
      .values(
        Array.from({ length: 50 }, (_, n) => ({ nom: `Œuvre ${String(n).padStart(2, '0')}`, ordre: n })),
      )
    const first = await load()
    expect(first.artworks).toHaveLength(24)
    expect(first.info).toEqual({ page: 1, pageSize: 24, total: 50, pageCount: 3 })
    expect(first.artworks[0]?.nom).toBe('Œuvre 00')
    const last = await load('?page=3')
    expect(last.artworks.map((a) => a.nom)).toEqual(['Œuvre 48', 'Œuvre 49'])
    expect((await load('?page=40')).info.page).toBe(3)
    const malformed = await load('?page=abc')
    expect(malformed.status).toBe(200)
    expect(malformed.info.page).toBe(1)
    expect((await load('?tri=nom&page=1')).artworks[0]?.nom).toBe('Œuvre 00')
    expect((await load('?tri=date')).artworks).toHaveLength(24)
  })

  it('searches the name with or without accents, within the category filter, and sorts by name', async () => {
    const encres = await insertCategory({ nom: 'Encres' })
    await insertArtwork({ nom: 'Été indien', categorie_id: encres.id, ordre: 2 })
    await insertArtwork({ nom: 'Bel ete', ordre: 1 })
    await insertArtwork({ nom: 'Hiver', categorie_id: encres.id })
    expect((await load('?q=ete')).artworks.map((a) => a.nom)).toEqual(['Bel ete', 'Été indien'])
    expect((await load('?q=%C3%89T%C3%89&tri=nom')).artworks.map((a) => a.nom)).toEqual([
      'Bel ete',
      'Été indien',
    ])
    const inCategory = await load(`?categorie=${encres.id}&q=ete`)
    expect(inCategory.artworks.map((a) => a.nom)).toEqual(['Été indien'])
    expect(inCategory.info.total).toBe(1)
    expect(inCategory.total).toBe(3)
    expect((await load('?q=printemps')).artworks).toEqual([])
  })
})

describe('/admin/artworks loader', () => {
  it('lists every artwork and filters by category, without category, or answers 400/404', async () => {
    const encres = await insertCategory({ nom: 'Encres' })
    const washi = await insertCategory({ nom: 'Washi' })
    await insertArtwork({ nom: 'Vague', categorie_id: encres.id, affichee: false })
    await insertArtwork({ nom: 'Pin', categorie_id: washi.id, ordre: -1 })
    await insertArtwork({ nom: 'Orpheline' })

    const all = await load()
    expect(all.artworks.map((artwork) => [artwork.nom, artwork.categoryNom])).toEqual([
      ['Pin', 'Washi'],
      ['Orpheline', null],
      ['Vague', 'Encres'],
    ])
    expect(all.total).toBe(3)
    expect((await load(`?categorie=${encres.id}`)).artworks.map((artwork) => artwork.nom)).toEqual(['Vague'])
    expect((await load('?categorie=aucune')).artworks.map((artwork) => artwork.nom)).toEqual(['Orpheline'])
    const unknown = await load(`?categorie=${crypto.randomUUID()}`)
    expect([unknown.status, unknown.artworks, unknown.total]).toEqual([404, [], 3])
    const malformed = await load('?categorie=nimporte')
    expect([malformed.status, malformed.artworks]).toEqual([400, []])
  })
})

describe('create', () => {
  it('stores every field: trimmed tags, integer year, price in euros, images compacted in order', async () => {
    const category = await insertCategory({ nom: 'Encres' })
    const [a, b] = [await uploadedImage(), await uploadedImage()]
    const answer = await post(
      {
        intent: 'create',
        nom: 'Vague ',
        description: '<p>Trait <strong>vif</strong></p><img src=x onerror=alert(1)>',
        technique: 'Encre sur washi',
        dimensions: '50x70 cm',
        annee: '2024',
        prix: '1250,5',
        statut: 'vendu',
        categorie_id: category.id,
        tags: ' encre, washi ,, encre ,',
        affichee: 'on',
        ordre: '2',
      },
      [b, a],
    )
    const row = await expectCreated(answer, ['Succès', 'Œuvre créée avec succès'], allArtworks, {
      nom: 'Vague',
      description: '<p>Trait <strong>vif</strong></p>',
      technique: 'Encre sur washi',
      dimensions: '50x70 cm',
      annee: 2024,
      prix: '1250.50',
      statut: 'vendu',
      categorie_id: category.id,
      tags: ['encre', 'washi'],
      affichee: true,
      ordre: 2,
    })
    expect(imageColumns(row)).toEqual([b, a, null, null, null, null, null, null, null, null])
  })

  it('refuses bad input with French messages and stores nothing', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ nom: '' }, 'nom', 'Le nom est requis.'],
      [{ nom: 'A', annee: '2024.5' }, 'annee', "L'année doit être un nombre entier."],
      [{ nom: 'A', prix: '12.345' }, 'prix', 'Le prix doit être un nombre positif avec au plus 2 décimales.'],
      [{ nom: 'A', prix: '-3' }, 'prix', 'Le prix doit être un nombre positif avec au plus 2 décimales.'],
      [{ nom: 'A', statut: 'perdu' }, 'statut', 'Statut inconnu.'],
      [{ nom: 'A', categorie_id: 'abc' }, 'categorie_id', 'Catégorie inconnue.'],
      [{ nom: 'A', categorie_id: crypto.randomUUID() }, 'categorie_id', 'Catégorie inconnue.'],
    ]
    for (const [fields, field, message] of cases) {
      const answer = await post({ intent: 'create', ...fields })
      expect(answer.status, field).toBe(400)
      expect(answer.body.fieldErrors?.[field], field).toEqual([message])
      expect(answer.body.toast.type).toBe('error')
    }
    const eleven = Array.from({ length: 11 }, (_, index) => `/uploads/artworks/${index}.webp`)
    const tooMany = await post({ intent: 'create', nom: 'A' }, eleven)
    expect(tooMany.body.fieldErrors?.images).toEqual(['10 images au maximum.'])
    expect(await allArtworks()).toEqual([])
  })
})

describe('update', () => {
  it('reorders the images (first = main on the public page) and deletes the removed ones', async () => {
    const [a, b, c] = [await uploadedImage(), await uploadedImage(), await uploadedImage()]
    const artwork = await insertArtwork({ nom: 'Vague', image1_url: a, image2_url: b, image3_url: c })
    const answer = await post({ intent: 'update', id: artwork.id, nom: 'Vague', affichee: 'on' }, [c, a])
    expect(answer.status).toBe(200)
    expect(answer.body.toast.description).toBe('Œuvre modifiée avec succès')
    const [row] = await allArtworks()
    expect(imageColumns(row)).toEqual([c, a, null, null, null, null, null, null, null, null])
    expect((await getPublicArtwork(artwork.id))?.images.map((image) => image.src)).toEqual([c, a])
    expect([uploadedFileExists(a), uploadedFileExists(b), uploadedFileExists(c)]).toEqual([true, false, true])
  })

  it('changes the fields and moves the artwork to another category', async () => {
    const [encres, washi] = [await insertCategory({ nom: 'Encres' }), await insertCategory({ nom: 'Washi' })]
    const artwork = await insertArtwork({ nom: 'Vague', categorie_id: encres.id, prix: '10.00', tags: ['a'] })
    await post({
      intent: 'update',
      id: artwork.id,
      nom: 'Vague II',
      prix: '99.9',
      statut: 'me contacter',
      categorie_id: washi.id,
      tags: 'b, c',
      affichee: '',
    })
    expect((await allArtworks())[0]).toMatchObject({
      nom: 'Vague II',
      prix: '99.90',
      statut: 'me contacter',
      categorie_id: washi.id,
      tags: ['b', 'c'],
      affichee: false,
    })
  })

  it('refuses bad input, an unknown artwork or category, and changes nothing', async () => {
    const image = await uploadedImage()
    const artwork = await insertArtwork({ nom: 'Vague', image1_url: image })
    const before = await allArtworks()
    expect((await post({ intent: 'update', id: artwork.id, nom: '' })).status).toBe(400)
    const unknownCategory = await post({
      intent: 'update',
      id: artwork.id,
      nom: 'B',
      categorie_id: crypto.randomUUID(),
    })
    expect(unknownCategory.status).toBe(400)
    const unknown = await post({ intent: 'update', id: crypto.randomUUID(), nom: 'B' })
    expect([unknown.status, unknown.body.toast.description]).toEqual([
      404,
      'Une erreur est survenue. Œuvre introuvable.',
    ])
    expect(await allArtworks()).toEqual(before)
    expect(uploadedFileExists(image)).toBe(true)
  })
})

describe('delete', () => {
  it('deletes the artwork and its image files', async () => {
    const [a, b] = [await uploadedImage(), await uploadedImage()]
    const artwork = await insertArtwork({ nom: 'Vague', image1_url: a, image2_url: b })
    const answer = await post({ intent: 'delete', id: artwork.id })
    expect(answer.body.toast).toEqual({
      type: 'success',
      title: 'Succès',
      description: 'Œuvre supprimée avec succès',
    })
    expect(await allArtworks()).toEqual([])
    expect([uploadedFileExists(a), uploadedFileExists(b)]).toEqual([false, false])
  })

  it("answers 404 with 'Impossible de supprimer l'œuvre' for an unknown id", async () => {
    await insertArtwork({ nom: 'Vague' })
    const answer = await post({ intent: 'delete', id: crypto.randomUUID() })
    expect(answer.status).toBe(404)
    expect(answer.body.toast.description).toMatch(/^Impossible de supprimer l'œuvre/)
    expect(await allArtworks()).toHaveLength(1)
  })
})
