import { describe, expect, it } from 'vitest'
import { insertArtwork, insertCategory } from '#tests/support/catalogue-fixtures'
import { insertMediaRow } from '#tests/support/images'
import { expectHtmlToContain, loadPage, renderRoute } from '#tests/support/routes'
import PortfolioArtwork, { loader, meta } from './portfolio-artwork'

const runLoader = (artworkId: string) =>
  loadPage(loader, `/portfolio/oeuvre/${encodeURIComponent(artworkId)}`, { artworkId })

async function foundArtwork(artworkId: string) {
  const { status, data } = await runLoader(artworkId)
  if (status !== 200 || !data.found) throw new Error(`œuvre attendue, reçu ${status}`)
  return data.artwork
}

/** The stored details of the artwork the loader test reads back. */
const SOUFFLE = {
  nom: 'Souffle',
  description: '<p>Un trait</p>',
  prix: '1250.00',
  statut: 'disponible' as const,
  technique: 'Encre de Chine',
  dimensions: '50x70 cm',
  annee: 2024,
  tags: ['zen', 'noir'],
}

describe('/portfolio/oeuvre/:artworkId loader', () => {
  it('gives a displayed artwork of a displayed category, with its gallery in order', async () => {
    const category = await insertCategory({ nom: 'Encres' })
    // Stored largest first: the srcset still lists them by width.
    await insertMediaRow('/uploads/artworks/a.jpg', {
      largeur: 1200,
      hauteur: 1600,
      variants: { avif: [640, 320] },
    })
    const artwork = await insertArtwork({
      ...SOUFFLE,
      categorie_id: category.id,
      cree_le: new Date('2026-03-02T23:30:00Z'),
      image1_url: '/uploads/artworks/a.jpg',
      image3_url: '/uploads/artworks/c.jpg',
      image10_url: '/uploads/artworks/j.jpg',
    })

    const found = await foundArtwork(artwork.id)

    expect(found).toMatchObject({
      id: artwork.id,
      ...SOUFFLE,
      creeLe: '2026-03-02T23:30:00.000Z',
      category: { id: category.id, nom: 'Encres' },
    })
    expect(found.images.map((image) => image.src)).toEqual([
      '/uploads/artworks/a.jpg',
      '/uploads/artworks/c.jpg',
      '/uploads/artworks/j.jpg',
    ])
    expect(found.images[0]).toMatchObject({
      width: 1200,
      height: 1600,
      avifSrcSet: '/uploads/artworks/a-320.avif 320w, /uploads/artworks/a-640.avif 640w',
    })
  })

  it('shows a displayed artwork whose category was deleted, without a category', async () => {
    const artwork = await insertArtwork({ nom: 'Orpheline' })
    expect(await foundArtwork(artwork.id)).toMatchObject({ nom: 'Orpheline', category: null, images: [] })
  })
})

describe('/portfolio/oeuvre/:artworkId page', () => {
  it('shows the details, the price of an available artwork, the date in Paris time and the category link', async () => {
    const category = await insertCategory({ nom: 'Encres' })
    const artwork = await insertArtwork({
      nom: 'Souffle',
      categorie_id: category.id,
      prix: '1250.00',
      statut: 'disponible',
      technique: 'Encre de Chine',
      dimensions: '50x70 cm',
      annee: 2024,
      tags: ['zen', 'noir', 'papier'],
      description: '<p>Un <em>trait</em></p>',
      cree_le: new Date('2026-03-02T23:30:00Z'),
      image1_url: '/uploads/artworks/a.jpg',
      image2_url: '/uploads/artworks/b.jpg',
      image3_url: '/uploads/artworks/c.jpg',
    })

    const html = renderRoute(PortfolioArtwork as never, (await runLoader(artwork.id)).data, '/o')
      .replaceAll('\u202f', ' ')
      .replaceAll('\u00a0', ' ')

    expect(html).toContain('>Souffle</h1>')
    expect(html).toContain('1 250,00 €')
    expect(html).toMatch(/Technique<\/dt><dd[^>]*>Encre de Chine/)
    expect(html).toMatch(/Dimensions<\/dt><dd[^>]*>50x70 cm/)
    expect(html).toMatch(/Année<\/dt><dd[^>]*>2024/)
    expect(html).toMatch(/Statut<\/dt><dd[^>]*>Disponible/)
    expect(html).toContain('<p>Un <em>trait</em></p>')
    expect(html).toMatch(/>zen<.*>noir<.*>papier</)
    expect(html).toContain('Ajoutée le 3 mars 2026')
    expect(html).toContain(`href="/portfolio/categorie/${category.id}"`)
    expect(html).toContain('aria-label="Voir l&#x27;image 3 sur 3"')
    expect(html).toMatch(/<img src="\/uploads\/artworks\/a.jpg"[^>]*fetchPriority="high"/)
  })

  it.each([
    ['vendu', 'Vendu'],
    ['collection privée', 'Collection privée'],
    ['me contacter', 'Me contacter'],
  ] as const)('hides the price when statut is %s', async (statut, label) => {
    const artwork = await insertArtwork({ nom: 'Souffle', prix: '800.00', statut })
    const html = renderRoute(PortfolioArtwork as never, (await runLoader(artwork.id)).data, '/o')
    expect(html).toMatch(new RegExp(`Statut</dt><dd[^>]*>${label}`))
    expect(html).not.toContain('€')
    expect(html).not.toContain('800,00')
  })

  it.each([
    ['disponible', true],
    ['me contacter', true],
    ['vendu', false],
    ['collection privée', false],
  ] as const)('links a %s artwork to the contact form about it: %s (issue #11 §4)', async (statut, shown) => {
    const artwork = await insertArtwork({ nom: 'Souffle', statut })
    const html = renderRoute(PortfolioArtwork as never, (await runLoader(artwork.id)).data, '/o')
    const link = `href="/contact?oeuvre=${artwork.id}"`
    if (shown) expectHtmlToContain(html, [link, 'Demander des informations sur cette œuvre'])
    else expect(html).not.toContain('Demander des informations')
  })

  it('gives the page OpenGraph tags, with a card for an image the pipeline did not make (issue #11 §2)', async () => {
    const artwork = await insertArtwork({
      nom: 'Souffle',
      description: '<p>Un trait</p>',
      image2_url: '/uploads/artworks/b.jpg',
    })
    const { data } = await runLoader(artwork.id)
    const tags = meta({
      loaderData: data,
      params: { artworkId: artwork.id },
      matches: [{ id: 'root', loaderData: { siteTitle: 'Encre', siteUrl: 'https://encre.test' } }],
    } as never)

    expect(tags).toEqual(
      expect.arrayContaining([
        { title: 'Souffle — Encre' },
        { name: 'description', content: 'Un trait' },
        { property: 'og:type', content: 'article' },
        {
          property: 'og:image',
          content: expect.stringMatching(/^https:\/\/encre\.test\/uploads\/partage\/[0-9a-f]{24}\.jpg$/),
        },
        { property: 'og:url', content: `https://encre.test/portfolio/oeuvre/${artwork.id}` },
      ]),
    )
  })
})
