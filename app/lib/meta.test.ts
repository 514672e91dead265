import { describe, expect, it } from 'vitest'
import { configuredPageMeta, privatePageMeta } from './meta'

const matches = [{ id: 'root', loaderData: { siteTitle: 'Encre', siteUrl: 'https://encre.example' } }]

describe('configuredPageMeta', () => {
  it('uses the configured title and description, with OpenGraph and the banner image', () => {
    const page = {
      titre: 'Mes œuvres',
      description: '<p>Encres &amp; lavis</p>',
      image: { src: '/uploads/b.webp' },
    }
    const tags = configuredPageMeta({ matches, loaderData: { page } }, 'categories', { openGraph: true })

    expect(tags).toContainEqual({ title: 'Mes œuvres — Encre' })
    expect(tags).toContainEqual({ name: 'description', content: 'Encres & lavis' })
    expect(tags).toContainEqual({ property: 'og:url', content: 'https://encre.example/portfolio' })
    expect(tags).toContainEqual({ property: 'og:image', content: 'https://encre.example/uploads/b.webp' })
  })

  it("falls back to the page's default title and meta description, without OpenGraph unless asked", () => {
    const tags = configuredPageMeta({ matches }, 'podcasts')

    expect(tags).toEqual([
      { title: 'Podcasts — Encre' },
      {
        name: 'description',
        content: 'Les saisons du podcast : écouter les épisodes et leurs transcriptions.',
      },
    ])
  })
})

describe('privatePageMeta', () => {
  it('adds the noindex, nofollow robots tag to the page title', () => {
    expect(privatePageMeta(matches, 'Connexion')).toEqual([
      { title: 'Connexion — Encre' },
      { name: 'robots', content: 'noindex, nofollow' },
    ])
  })
})
