import { describe, expect, it } from 'vitest'
import { insertCategory } from '#tests/support/catalogue-fixtures'
import { insertMediaRow } from '#tests/support/images'
import { expectHtmlToContain, loadPage, renderRoute } from '#tests/support/routes'
import Portfolio, { loader } from './portfolio'

const runLoader = async () => (await loadPage(loader, '/portfolio')).data

describe('/portfolio loader', () => {
  it('lists only displayed categories, by ordre then nom', async () => {
    await insertCategory({ nom: 'Zen', ordre: 1 })
    await insertCategory({ nom: 'Arabesques', ordre: 2 })
    await insertCategory({ nom: 'Brouillons', ordre: 0, affichee: false })
    await insertCategory({ nom: 'Encres', ordre: 1 })
    await insertCategory({ nom: 'Onciales', ordre: 0 })

    const { categories } = await runLoader()

    expect(categories.map((category) => category.nom)).toEqual(['Onciales', 'Encres', 'Zen', 'Arabesques'])
  })

  it('resolves category images from the media table, null when there is none', async () => {
    await insertMediaRow('/uploads/categories/encres.jpg', {
      largeur: 1600,
      hauteur: 1200,
      variants: { webp: [640] },
    })
    await insertCategory({ nom: 'Encres', image_url: '/uploads/categories/encres.jpg', ordre: 0 })
    await insertCategory({ nom: 'Sans image', ordre: 1 })

    const { categories } = await runLoader()

    expect(categories[0]?.image).toMatchObject({
      src: '/uploads/categories/encres.jpg',
      width: 1600,
      height: 1200,
      webpSrcSet: '/uploads/categories/encres-640.webp 640w',
    })
    expect(categories[1]?.image).toBeNull()
  })
})

describe('/portfolio page', () => {
  it('shows each category with its link, or "Aucune image"', async () => {
    const encres = await insertCategory({
      nom: 'Encres',
      description: '<p>Noir sur <strong>blanc</strong></p>',
    })
    const html = renderRoute(Portfolio as never, await runLoader(), '/portfolio')

    expectHtmlToContain(html, [
      `href="/portfolio/categorie/${encres.id}"`,
      'Encres',
      'Noir sur <strong>blanc</strong>',
      'Aucune image',
      '>Portfolio</h1>',
    ])
  })
})
