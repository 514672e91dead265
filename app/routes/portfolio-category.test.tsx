import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { insertArtwork, insertCategory } from '#tests/support/catalogue-fixtures'
import { loadPage, renderRoute } from '#tests/support/routes'
import PortfolioCategory, { ErrorBoundary, loader } from './portfolio-category'

const runLoader = (categoryId: string) =>
  loadPage(loader, `/portfolio/categorie/${encodeURIComponent(categoryId)}`, { categoryId })

describe('/portfolio/categorie/:categoryId loader', () => {
  it('gives a displayed category its displayed artworks by ordre then nom, with card data', async () => {
    const category = await insertCategory({ nom: 'Encres', description: '<p>Noir</p>' })
    const other = await insertCategory({ nom: 'Autre' })
    await insertArtwork({ nom: 'Vague', categorie_id: category.id, ordre: 2 })
    await insertArtwork({
      nom: 'Souffle',
      categorie_id: category.id,
      ordre: 1,
      technique: 'Encre de Chine',
      dimensions: '50x70 cm',
      annee: 2024,
      tags: ['zen', 'noir', 'papier', 'grand format'],
      image1_url: null,
      image2_url: '  ',
      image3_url: '/uploads/artworks/souffle-3.jpg',
      image4_url: '/uploads/artworks/souffle-4.jpg',
    })
    await insertArtwork({ nom: 'Aube', categorie_id: category.id, ordre: 1 })
    await insertArtwork({ nom: 'Cachée', categorie_id: category.id, ordre: 0, affichee: false })
    await insertArtwork({ nom: 'Ailleurs', categorie_id: other.id })

    const { status, data } = await runLoader(category.id)

    expect(status).toBe(200)
    if (!data.found) throw new Error('catégorie attendue')
    expect(data.category).toEqual({ id: category.id, nom: 'Encres', description: '<p>Noir</p>' })
    expect(data.artworks.map((artwork) => artwork.nom)).toEqual(['Aube', 'Souffle', 'Vague'])
    expect(data.artworks[1]).toMatchObject({
      technique: 'Encre de Chine',
      dimensions: '50x70 cm',
      annee: 2024,
      tags: ['zen', 'noir', 'papier', 'grand format'],
      image: { src: '/uploads/artworks/souffle-3.jpg' },
    })
    expect(data.artworks[0]?.image).toBeNull()
  })
})

describe('/portfolio/categorie/:categoryId page', () => {
  it('shows the count, the card details, the first 2 tags then +N, and the back link', async () => {
    const category = await insertCategory({ nom: 'Encres' })
    const souffle = await insertArtwork({
      nom: 'Souffle',
      categorie_id: category.id,
      technique: 'Encre de Chine',
      dimensions: '50x70 cm',
      annee: 2024,
      tags: ['zen', 'noir', 'papier', 'grand format'],
      image2_url: '/uploads/artworks/souffle-2.jpg',
    })
    await insertArtwork({ nom: 'Aube', categorie_id: category.id, tags: ['aube'] })
    const { data } = await runLoader(category.id)

    const html = renderRoute(PortfolioCategory as never, data, '/portfolio/categorie/x')

    expect(html).toContain('2 œuvres')
    expect(html).toContain(`href="/portfolio/oeuvre/${souffle.id}"`)
    expect(html).toContain('src="/uploads/artworks/souffle-2.jpg"')
    expect(html).toMatch(/Encre de Chine.*50x70 cm.*2024/)
    expect(html).toMatch(/>zen<.*>noir<.*\+2/)
    expect(html).not.toContain('>papier<')
    expect(html).toContain('href="/portfolio"')
    expect(html).toContain('Retour au portfolio')
  })

  it('says "1 œuvre", and shows the empty message for a category without displayed artworks', async () => {
    const one = await insertCategory({ nom: 'Une' })
    await insertArtwork({ nom: 'Seule', categorie_id: one.id })
    const empty = await insertCategory({ nom: 'Vide' })
    await insertArtwork({ nom: 'Masquée', categorie_id: empty.id, affichee: false })

    const oneHtml = renderRoute(PortfolioCategory as never, (await runLoader(one.id)).data, '/c')
    const emptyHtml = renderRoute(PortfolioCategory as never, (await runLoader(empty.id)).data, '/c')

    expect(oneHtml).toContain('1 œuvre<')
    expect(emptyHtml).toContain('Aucune œuvre n&#x27;est disponible dans cette catégorie pour le moment.')
    expect(emptyHtml).not.toContain('Masquée')
  })

  it('shows "Erreur" when loading fails', () => {
    const Stub = createRoutesStub([{ path: '/', Component: ErrorBoundary }])
    const html = renderToString(<Stub />)
    expect(html).toContain('>Erreur</h1>')
    expect(html).toContain('Une erreur est survenue lors du chargement')
  })
})
