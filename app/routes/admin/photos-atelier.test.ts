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

  it('refuses an order with an unknown, missing, repeated or malformed id and changes nothing', async () => {
    const a = await insertPhoto({ nom: 'A', ordre: 5 })
    const b = await insertPhoto({ nom: 'B', ordre: 9 })
    const attempts = [[b.id, a.id, UNKNOWN_ID], [b.id], [b.id, b.id], [b.id, 'pas-un-id'], []]
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
