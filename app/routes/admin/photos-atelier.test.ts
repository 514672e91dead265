import { asc } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { medias, photosAtelier } from '#app/db/schema'
import { insertPhoto } from '#tests/support/content-fixtures'
import { ingestTestImage } from '#tests/support/images'
import { adminRoute, expectRefused, UNKNOWN_ID } from '#tests/support/routes'
import { action, loader } from './photos-atelier'

const PATH = '/admin/photos-atelier'

const { post, load } = adminRoute(PATH, { action, loader })
const photos = () =>
  getDb().select().from(photosAtelier).orderBy(asc(photosAtelier.ordre), asc(photosAtelier.nom))

describe('/admin/photos-atelier', () => {
  it('lists every photo by ordre, hidden ones included', async () => {
    const b = await insertPhoto({ nom: 'B', ordre: 2, affichee: false })
    const a = await insertPhoto({ nom: 'A', ordre: 1 })
    const data = await load()
    expect(data.photos.map((photo) => [photo.id, photo.affichee, photo.image.src])).toEqual([
      [a.id, true, '/uploads/atelier/a.webp'],
      [b.id, false, '/uploads/atelier/b.webp'],
    ])
  })

  it('adds one photo after the last one, medium and visible by default, description sanitized', async () => {
    await insertPhoto({ nom: 'Existante', ordre: 7 })
    const image = await ingestTestImage('atelier')
    const answer = await post({
      intent: 'create',
      image_url: image,
      nom: '',
      description: '<p>Les <u>pinceaux</u></p><iframe src="https://evil.example"></iframe>',
      affichee: 'on',
    })
    expect(answer.status).toBe(200)
    expect(answer.body.toast.title).toBe('Photo ajoutée')
    const added = (await photos()).find((photo) => photo.id === answer.body.id)
    expect(added).toMatchObject({
      nom: null,
      description: '<p>Les <u>pinceaux</u></p>',
      taille: 'medium',
      affichee: true,
      ordre: 8,
    })
  })

  it('refuses a photo without an image or with an unknown size, storing nothing', async () => {
    const noImage = await post({ intent: 'create', image_url: '', nom: 'Sans image' })
    expectRefused(noImage, "Erreur lors de l'enregistrement", {
      image_url: ['Veuillez sélectionner une image'],
    })
    const badSize = await post({ intent: 'create', image_url: '/uploads/atelier/x.webp', taille: 'huge' })
    expect(badSize.status).toBe(400)
    expect(await photos()).toHaveLength(0)
  })

  it('updates a photo (not its ordre) and releases the image it replaced', async () => {
    const oldImage = await ingestTestImage('atelier', '#000000')
    const newImage = await ingestTestImage('atelier', '#ffffff')
    const photo = await insertPhoto({ nom: 'Avant', image_url: oldImage, ordre: 3 })
    const answer = await post({
      intent: 'update',
      id: photo.id,
      image_url: newImage,
      nom: 'Après',
      taille: 'xlarge',
      affichee: '',
    })
    expect(answer.body.toast.title).toBe('Photo mise à jour')
    const [row] = await photos()
    expect(row).toMatchObject({
      nom: 'Après',
      image_url: newImage,
      taille: 'xlarge',
      affichee: false,
      ordre: 3,
    })
    expect((await getDb().select({ url: medias.url }).from(medias)).map((media) => media.url)).toEqual([
      newImage,
    ])
    const unknown = await post({ intent: 'update', id: UNKNOWN_ID, image_url: newImage })
    expect(unknown.status).toBe(404)
  })

  it('renumbers every photo from 1 in the new order', async () => {
    const a = await insertPhoto({ nom: 'A', ordre: 5 })
    const b = await insertPhoto({ nom: 'B', ordre: 9 })
    const c = await insertPhoto({ nom: 'C', ordre: 12 })
    const answer = await post({ intent: 'reorder', ids: [c.id, a.id, b.id] })
    expect(answer.status).toBe(200)
    expect(answer.body.toast.title).toBe('Ordre mis à jour')
    expect((await photos()).map((photo) => [photo.nom, photo.ordre])).toEqual([
      ['C', 1],
      ['A', 2],
      ['B', 3],
    ])
  })

  it('refuses an order with an unknown, repeated or malformed id and changes nothing', async () => {
    const a = await insertPhoto({ nom: 'A', ordre: 5 })
    const b = await insertPhoto({ nom: 'B', ordre: 9 })
    const attempts = [[b.id, a.id, UNKNOWN_ID], [b.id, b.id], [b.id, 'pas-un-id'], []]
    for (const ids of attempts) {
      const answer = await post({ intent: 'reorder', ids })
      expect(answer.status, ids.join(',')).toBe(400)
      expect(answer.body.toast.description).toBe("Erreur lors de la mise à jour de l'ordre")
    }
    expect((await photos()).map((photo) => [photo.nom, photo.ordre])).toEqual([
      ['A', 5],
      ['B', 9],
    ])
  })

  it('reorders the photos of one page within the places they hold among all (issue #35 §2)', async () => {
    const rows = []
    for (const nom of ['A', 'B', 'C', 'D', 'E'])
      rows.push(await insertPhoto({ nom, ordre: rows.length * 10 }))
    const [, b, c, d] = rows
    // The page shows B, C, D (positions 2 to 4); D is dropped first.
    const answer = await post({ intent: 'reorder', ids: [d?.id ?? '', b?.id ?? '', c?.id ?? ''] })
    expect(answer.status).toBe(200)
    expect((await photos()).map((photo) => [photo.nom, photo.ordre])).toEqual([
      ['A', 1],
      ['D', 2],
      ['B', 3],
      ['C', 4],
      ['E', 5],
    ])
  })

  it('moves a photo to a position among all photos, across pages, renumbering from 1 (issue #35 §2)', async () => {
    for (let n = 0; n < 30; n++) await insertPhoto({ nom: `P${String(n).padStart(2, '0')}`, ordre: n })
    const names = async () => (await photos()).map((photo) => photo.nom)
    const last = (await photos()).at(-1)
    // From page 2 (24 a page) to position 1.
    const moved = await post({ intent: 'move', id: last?.id ?? '', position: '1' })
    expect(moved.status).toBe(200)
    expect(moved.body.toast).toEqual({
      type: 'success',
      title: 'Ordre mis à jour',
      description: 'Photo placée en position 1',
    })
    expect((await names()).slice(0, 3)).toEqual(['P29', 'P00', 'P01'])
    expect((await photos()).map((photo) => photo.ordre)).toEqual(Array.from({ length: 30 }, (_, n) => n + 1))
    const page1 = await load()
    expect(page1.photos[0]?.nom).toBe('P29')
    const page2 = await load('?page=2')
    expect(page2.photos.map((photo) => photo.nom)).toEqual(['P23', 'P24', 'P25', 'P26', 'P27', 'P28'])
    // To position 26 (on page 2), then past the end: last.
    const first = (await photos())[0]
    await post({ intent: 'move', id: first?.id ?? '', position: '26' })
    expect((await names())[25]).toBe('P29')
    await post({ intent: 'move', id: first?.id ?? '', position: '999' })
    expect((await names()).at(-1)).toBe('P29')
    // Bad input: a French message, nothing changes.
    const before = await photos()
    for (const position of ['0', 'abc', '', '-3']) {
      const refused = await post({ intent: 'move', id: first?.id ?? '', position })
      expect(refused.status, position).toBe(400)
      expect(refused.body.toast.description).toBe('Indiquez une position (un nombre à partir de 1).')
    }
    expect((await post({ intent: 'move', id: UNKNOWN_ID, position: '2' })).status).toBe(404)
    expect(await photos()).toEqual(before)
  })

  it('pages, searches with or without accents and sorts the photos (issue #35 §2)', async () => {
    await insertPhoto({ nom: 'Atelier été', ordre: 2 })
    await insertPhoto({ nom: 'Établi', ordre: 1 })
    await insertPhoto({ nom: 'Pinceaux', ordre: 3 })
    expect((await load('?q=ete')).photos.map((photo) => photo.nom)).toEqual(['Atelier été'])
    expect((await load('?q=ETABLI')).photos.map((photo) => photo.nom)).toEqual(['Établi'])
    expect((await load('?tri=nom')).photos.map((photo) => photo.nom)).toEqual([
      'Atelier été',
      'Établi',
      'Pinceaux',
    ])
    const page = await load('?page=7')
    expect(page.info).toEqual({ page: 1, pageSize: 24, total: 3, pageCount: 1 })
  })

  it('adds the multi-upload photos in one insert with generated names and consecutive ordre', async () => {
    await insertPhoto({ nom: 'Dernière', ordre: 4 })
    const first = await ingestTestImage('atelier', '#aa0000')
    const second = await ingestTestImage('atelier', '#00aa00')
    const answer = await post({ intent: 'add-many', urls: [first, second] })
    expect(answer.status).toBe(200)
    expect(answer.body.toast.title).toBe('2 photo(s) ajoutée(s) avec succès')
    const added = (await photos()).filter((photo) => photo.nom !== 'Dernière')
    expect(
      added.map((photo) => [photo.image_url, photo.ordre, photo.taille, photo.affichee, photo.description]),
    ).toEqual([
      [first, 5, 'medium', true, ''],
      [second, 6, 'medium', true, ''],
    ])
    const stamp = added[0]?.nom?.match(/^Photo (\d+)-1$/)?.[1]
    expect(stamp).toBeDefined()
    expect(added[1]?.nom).toBe(`Photo ${stamp}-2`)
  })

  it('refuses an empty or oversized multi-upload, storing nothing', async () => {
    const none = await post({ intent: 'add-many' })
    expectRefused(none, "Erreur lors de l'ajout des photos")
    const eleven = Array.from({ length: 11 }, (_, index) => `/uploads/atelier/${index}.webp`)
    expect((await post({ intent: 'add-many', urls: eleven })).status).toBe(400)
    expect((await post({ intent: 'add-many', urls: ['javascript:alert(1)'] })).status).toBe(400)
    expect(await photos()).toHaveLength(0)
  })

  it('deletes a photo after confirmation and releases its image; an unknown one is refused', async () => {
    const image = await ingestTestImage('atelier')
    const photo = await insertPhoto({ nom: 'Adieu', image_url: image })
    const unknown = await post({ intent: 'delete', id: UNKNOWN_ID })
    expect(unknown.status).toBe(404)
    expect(unknown.body.toast.description).toBe("Erreur lors de la suppression. Cette photo n'existe plus.")
    const answer = await post({ intent: 'delete', id: photo.id })
    expect(answer.body.toast.title).toBe('Photo supprimée')
    expect(await photos()).toHaveLength(0)
    expect(await getDb().select().from(medias)).toHaveLength(0)
  })
})
