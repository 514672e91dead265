import { describe, expect, it } from 'vitest'
import { insertPhoto } from '#tests/support/content-fixtures'
import { insertMediaRow } from '#tests/support/images'
import { loadPage, renderRoute } from '#tests/support/routes'
import Atelier, { loader } from './atelier'

describe('/atelier loader', () => {
  it('lists visible photos by ordre ascending', async () => {
    await insertPhoto({ nom: 'Trois', ordre: 3 })
    await insertPhoto({ nom: 'Un', ordre: 1 })
    await insertPhoto({ nom: 'Cachée', ordre: 0, affichee: false })
    await insertPhoto({ nom: 'Deux', ordre: 2, taille: 'xlarge' })

    const { photos } = (await loadPage(loader, '/atelier')).data

    expect(photos.map((photo) => [photo.nom, photo.taille])).toEqual([
      ['Un', 'medium'],
      ['Deux', 'xlarge'],
      ['Trois', 'medium'],
    ])
  })

  it('resolves photo images from the media table', async () => {
    await insertMediaRow('/uploads/atelier/table.jpg', {
      largeur: 1800,
      hauteur: 1200,
      variants: { avif: [640] },
    })
    await insertPhoto({ nom: 'Table', image_url: '/uploads/atelier/table.jpg' })

    const [photo] = (await loadPage(loader, '/atelier')).data.photos

    expect(photo?.image).toMatchObject({
      src: '/uploads/atelier/table.jpg',
      width: 1800,
      height: 1200,
      avifSrcSet: '/uploads/atelier/table-640.avif 640w',
    })
  })
})

describe('/atelier page', () => {
  it('shows each photo as a tile sized by taille, linking to the image, with its description', async () => {
    await insertPhoto({
      nom: 'Petite',
      ordre: 1,
      taille: 'small',
      description: '<p>Trois <em>pierres</em></p>',
    })
    await insertPhoto({ nom: 'Très grande', ordre: 2, taille: 'xlarge' })

    const html = renderRoute(Atelier as never, (await loadPage(loader, '/atelier')).data, '/atelier')

    expect(html).toContain('href="/uploads/atelier/petite.webp"')
    expect(html).toContain('alt="Petite"')
    expect(html).toContain('Trois pierres')
    // Petite (1x1) takes one cell, Très grande (3x2) three columns (two under 1024 px) and two rows.
    expect(html).toMatch(/<li class="" data-taille="small"><a[^>]*><img[^>]*alt="Petite"/)
    expect(html).toMatch(
      /<li class="row-span-2 sm:col-span-2 lg:col-span-3" data-taille="xlarge"><a[^>]*><img[^>]*alt="Très grande"/,
    )
    expect(html).toContain('L&#x27;atelier</h1>')
  })
})
