import { describe, expect, it } from 'vitest'
import { configuredPageMeta, pageMeta, privatePageMeta } from './meta'

const matches = [
  {
    id: 'root',
    loaderData: {
      siteTitle: 'Encre',
      siteUrl: 'https://encre.example',
      appearance: { social: [{ label: 'Instagram', url: 'https://instagram.com/encre' }] },
    },
  },
]
const social = { url: '/uploads/partage/abc.jpg', width: 1200, height: 630, alt: 'Mes œuvres' }

describe('configuredPageMeta', () => {
  it('uses the configured title and description, with the canonical link, OpenGraph and the preview image', () => {
    const page = { titre: 'Mes œuvres', description: '<p>Encres &amp; lavis</p>', social }
    const tags = configuredPageMeta({ matches, loaderData: { page } }, 'categories')

    expect(tags).toContainEqual({ title: 'Mes œuvres — Encre' })
    expect(tags).toContainEqual({ name: 'description', content: 'Encres & lavis' })
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://encre.example/portfolio',
    })
    expect(tags).toContainEqual({ property: 'og:url', content: 'https://encre.example/portfolio' })
    expect(tags).toContainEqual({
      property: 'og:image',
      content: 'https://encre.example/uploads/partage/abc.jpg',
    })
    expect(tags).toContainEqual({ property: 'og:image:width', content: '1200' })
    expect(tags).toContainEqual({ property: 'og:image:height', content: '630' })
    expect(tags).toContainEqual({ property: 'og:image:alt', content: 'Mes œuvres' })
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' })
    expect(tags).toContainEqual({
      name: 'twitter:image',
      content: 'https://encre.example/uploads/partage/abc.jpg',
    })
  })

  it("falls back to the page's default title and meta description, still canonical", () => {
    const tags = configuredPageMeta({ matches }, 'podcasts')

    expect(tags.slice(0, 3)).toEqual([
      { title: 'Podcasts — Encre' },
      {
        name: 'description',
        content: 'Les saisons du podcast : écouter les épisodes et leurs transcriptions.',
      },
      { tagName: 'link', rel: 'canonical', href: 'https://encre.example/podcasts' },
    ])
    expect(tags.some((tag) => 'property' in tag && tag.property === 'og:image')).toBe(false)
  })
})

describe('pageMeta', () => {
  it('keeps an image already absolute (a bucket) and writes the JSON-LD graph', () => {
    const tags = pageMeta(matches, 'Lavis', 'Un lavis', {
      type: 'article',
      path: '/portfolio/oeuvre/1',
      image: { ...social, url: 'https://cdn.example/a.jpg' },
      jsonLd: [{ '@type': 'VisualArtwork', name: 'Lavis' }, null],
    })

    expect(tags).toContainEqual({ property: 'og:image', content: 'https://cdn.example/a.jpg' })
    expect(tags).toContainEqual({
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@graph': [{ '@type': 'VisualArtwork', name: 'Lavis' }],
      },
    })
  })

  it('writes neither canonical link nor previews for a page that is not public (a not-found fallback)', () => {
    expect(pageMeta(matches, 'Article non trouvé')).toEqual([{ title: 'Article non trouvé — Encre' }])
  })
})

describe('privatePageMeta', () => {
  it('adds the noindex, nofollow robots tag to the page title, with no canonical link', () => {
    expect(privatePageMeta(matches, 'Connexion')).toEqual([
      { title: 'Connexion — Encre' },
      { name: 'robots', content: 'noindex, nofollow' },
    ])
  })
})
