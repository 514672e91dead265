import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { categories, medias, oeuvres } from '#app/db/schema'
import { ingestImage } from '#app/media/ingest-image.server'
import { listPublicCategories } from '#app/services/catalogue/list-public-categories.server'
import { insertArtwork, insertCategory } from '#tests/support/catalogue-fixtures'
import { uploadedFileExists } from '#tests/support/images'
import { adminRoute, expectCreated, expectRefused, expectSuccess } from '#tests/support/routes'
import { testImage } from '#tests/support/test-image'
import { action, loader } from './categories'

const { post, load } = adminRoute('/admin/categories', { action, loader })

/** A real uploaded image; each call gives a different picture (files are named by content). */
let shade = 0
async function uploadedImage(): Promise<string> {
  shade += 1
  const background = { r: (shade * 37) % 256, g: (shade * 91) % 256, b: 90 }
  const bytes = await testImage(400, 300, background)
  const { url } = await ingestImage({ bytes, folder: 'categories', originalName: 'c.png', maxBytes: 10e6 })
  return url
}

const allCategories = () => getDb().select().from(categories).orderBy(categories.nom)

describe('/admin/categories loader', () => {
  it('lists every category, hidden ones included, by ordre then nom, with its artwork count', async () => {
    const encres = await insertCategory({ nom: 'Encres', ordre: 2, description: '<p>Noir</p>' })
    await insertCategory({ nom: 'Archives', ordre: 1, affichee: false })
    await insertArtwork({ nom: 'Vague', categorie_id: encres.id })
    const result = await load()
    expect(
      result.categories.map((category) => [category.nom, category.affichee, category.artworkCount]),
    ).toEqual([
      ['Archives', false, 0],
      ['Encres', true, 1],
    ])
  })
})

describe('create', () => {
  it('stores a category with sanitized description, integer ordre and the spec toast', async () => {
    const image = await uploadedImage()
    const answer = await post({
      intent: 'create',
      nom: '  Kanji  ',
      description: '<p onclick="x()">Beau <strong>trait</strong><script>alert(1)</script></p>',
      ordre: '3.7',
      affichee: 'on',
      image_url: image,
    })
    await expectCreated(answer, ['Catégorie créée', 'La catégorie a été créée avec succès.'], allCategories, {
      nom: 'Kanji',
      description: '<p>Beau <strong>trait</strong></p>',
      ordre: 3,
      affichee: true,
      image_url: image,
    })
    expect((await listPublicCategories())?.items.map((category) => category.nom)).toEqual(['Kanji'])
  })

  it('stores a hidden category when the switch is posted off', async () => {
    await post({ intent: 'create', nom: 'Cachée', affichee: '' })
    expect((await allCategories()).find((row) => row.nom === 'Cachée')?.affichee).toBe(false)
  })

  it('stores a name and description typed with NUL and control characters without them', async () => {
    const answer = await post({ intent: 'create', nom: 'Su\u0000mi', description: '<p>En\u0007cre</p>' })
    expect(answer.status).toBe(200)
    expect(await allCategories()).toEqual([
      expect.objectContaining({ nom: 'Sumi', description: '<p>Encre</p>' }),
    ])
  })

  it('refuses a missing name, stores nothing and says why', async () => {
    const answer = await post({ intent: 'create', nom: '   ', ordre: '1' })
    expectRefused(answer, 'Impossible de créer la catégorie.', { nom: ['Le nom est requis.'] })
    expect(await allCategories()).toEqual([])
  })

  it('refuses an image address that is not an upload or http(s) URL', async () => {
    const answer = await post({ intent: 'create', nom: 'X', image_url: 'javascript:alert(1)' })
    expect(answer.status).toBe(400)
    expect(answer.body.fieldErrors?.image_url).toEqual(["L'adresse de l'image est invalide."])
    expect(await allCategories()).toEqual([])
  })
})

describe('update', () => {
  it('changes every field and deletes the replaced image file', async () => {
    const oldImage = await uploadedImage()
    const newImage = await uploadedImage()
    const category = await insertCategory({ nom: 'Encres', image_url: oldImage })
    const answer = await post({
      intent: 'update',
      id: category.id,
      nom: 'Encres de Chine',
      ordre: '5',
      affichee: '',
      description: '<h2>Titre</h2><p style="text-align: center">centré</p>',
      image_url: newImage,
    })
    expect(answer.status).toBe(200)
    expect(answer.body.toast.title).toBe('Catégorie modifiée')
    expect(answer.body.toast.description).toBe('La catégorie a été modifiée avec succès.')
    const [row] = await allCategories()
    expect(row).toMatchObject({
      nom: 'Encres de Chine',
      ordre: 5,
      affichee: false,
      image_url: newImage,
      description: '<h2>Titre</h2><p style="text-align:center">centré</p>',
    })
    expect(uploadedFileExists(oldImage)).toBe(false)
    expect(uploadedFileExists(newImage)).toBe(true)
    expect((await getDb().select().from(medias)).map((media) => media.url)).toEqual([newImage])
  })

  it('clears the image when it is removed and deletes its file', async () => {
    const image = await uploadedImage()
    const category = await insertCategory({ nom: 'Encres', image_url: image })
    await post({ intent: 'update', id: category.id, nom: 'Encres', image_url: '' })
    expect((await allCategories())[0]?.image_url).toBeNull()
    expect(uploadedFileExists(image)).toBe(false)
  })

  it('keeps an image another row still uses', async () => {
    const image = await uploadedImage()
    const category = await insertCategory({ nom: 'Encres', image_url: image })
    await insertCategory({ nom: 'Autre', image_url: image })
    await post({ intent: 'update', id: category.id, nom: 'Encres', image_url: '' })
    expect(uploadedFileExists(image)).toBe(true)
  })

  it('refuses an empty name or an unknown id and changes nothing', async () => {
    const category = await insertCategory({ nom: 'Encres', ordre: 1 })
    const before = await allCategories()
    const invalid = await post({ intent: 'update', id: category.id, nom: '', ordre: '9' })
    expectRefused(invalid, 'Impossible de modifier la catégorie.')
    const unknown = await post({ intent: 'update', id: crypto.randomUUID(), nom: 'Autre' })
    expect(unknown.status).toBe(404)
    // A malformed id is refused input (decision 012), a well-formed one of no row is gone.
    const malformed = await post({ intent: 'update', id: 'pas-un-id', nom: 'Autre' })
    expect(malformed.status).toBe(400)
    expect(await allCategories()).toEqual(before)
  })
})

describe('delete', () => {
  it('deletes the category and its image; its artworks are kept without a category', async () => {
    const image = await uploadedImage()
    const category = await insertCategory({ nom: 'Encres', image_url: image })
    const artwork = await insertArtwork({ nom: 'Vague', categorie_id: category.id })
    const answer = await post({ intent: 'delete', id: category.id })
    expectSuccess(answer, 'Catégorie supprimée', 'La catégorie a été supprimée avec succès.')
    expect(await allCategories()).toEqual([])
    const [kept] = await getDb().select().from(oeuvres).where(eq(oeuvres.id, artwork.id))
    expect(kept?.categorie_id).toBeNull()
    expect(uploadedFileExists(image)).toBe(false)
  })

  it('answers 404 with the spec message for an unknown id, deleting nothing', async () => {
    await insertCategory({ nom: 'Encres' })
    const answer = await post({ intent: 'delete', id: crypto.randomUUID() })
    expect(answer.status).toBe(404)
    expect(answer.body.toast.description).toMatch(/^Impossible de supprimer la catégorie\./)
    expect(await allCategories()).toHaveLength(1)
  })
})
