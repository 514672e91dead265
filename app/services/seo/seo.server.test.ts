import { parseFeed } from '@rowanmanning/feed-parser'
import { describe, expect, it } from 'vitest'
import { loader as robotsLoader } from '#app/routes/robots-txt'
import { loader as sitemapLoader } from '#app/routes/sitemap-xml'
import { insertArtwork, insertCategory } from '#tests/support/catalogue-fixtures'
import { insertArticle } from '#tests/support/content-fixtures'
import { ingestTestImage } from '#tests/support/images'
import { insertEpisode, insertSeason } from '#tests/support/podcast-fixtures'
import { buildArticleFeed } from './build-article-feed.server'

const SITE = 'https://encre.example'
const HOUR = 3_600_000

/** The addresses of the sitemap the route answers, with their lastmod, as a crawler reads them. */
async function crawlSitemap(): Promise<Map<string, string | null>> {
  const response = await sitemapLoader()
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8')
  const xml = await response.text()
  expect(xml).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
  )
  const urls = new Map<string, string | null>()
  for (const [, block] of xml.matchAll(/<url>(.*?)<\/url>/g)) {
    const loc = /<loc>(.*?)<\/loc>/.exec(block ?? '')?.[1] ?? ''
    urls.set(loc, /<lastmod>(.*?)<\/lastmod>/.exec(block ?? '')?.[1] ?? null)
  }
  return urls
}

describe('/sitemap.xml', () => {
  it('lists every public address with its lastmod, and no hidden, draft, auction or back-office one', async () => {
    const shown = await insertCategory({ nom: 'Encres', affichee: true })
    const hidden = await insertCategory({ nom: 'Cachée', affichee: false })
    const artwork = await insertArtwork({ nom: 'Ensō', categorie_id: shown.id, affichee: true })
    const hiddenArtwork = await insertArtwork({ nom: 'Masquée', categorie_id: shown.id, affichee: false })
    const inHiddenCategory = await insertArtwork({
      nom: 'Orpheline',
      categorie_id: hidden.id,
      affichee: true,
    })
    const article = await insertArticle({ titre: 'Publié' })
    const draft = await insertArticle({ titre: 'Brouillon', statut: 'brouillon' })
    const hiddenArticle = await insertArticle({ titre: 'Masqué', affiche: false })
    const season = await insertSeason({ nom: 'Saison 1', affichee: true })
    const hiddenSeason = await insertSeason({ nom: 'Saison cachée', affichee: false })
    const episode = await insertEpisode({ titre: 'Épisode 1', saison_id: season.id })
    const unpublished = await insertEpisode({ titre: 'Épisode 2', saison_id: season.id, publie: false })
    const inHiddenSeason = await insertEpisode({ titre: 'Épisode 3', saison_id: hiddenSeason.id })

    const urls = await crawlSitemap()

    const expected = [
      '/',
      '/portfolio',
      '/parcours',
      '/podcasts',
      '/blog',
      '/contact',
      '/atelier',
      '/mentions-legales',
      `/portfolio/categorie/${shown.id}`,
      `/portfolio/oeuvre/${artwork.id}`,
      `/blog/${article.slug}`,
      `/podcasts/saison/${season.id}`,
      `/podcasts/episode/${episode.id}`,
    ].map((path) => `http://localhost:3000${path}`)
    expect([...urls.keys()].sort()).toEqual(expected.sort())
    for (const absent of [hidden.id, hiddenArtwork.id, inHiddenCategory.id, draft.slug, hiddenArticle.slug]) {
      expect([...urls.keys()].some((url) => url.includes(absent))).toBe(false)
    }
    for (const absent of [hiddenSeason.id, unpublished.id, inHiddenSeason.id]) {
      expect([...urls.keys()].some((url) => url.includes(absent))).toBe(false)
    }
    expect(urls.get(`http://localhost:3000/blog/${article.slug}`)).toBe(article.modifie_le.toISOString())
    expect(urls.get(`http://localhost:3000/portfolio/oeuvre/${artwork.id}`)).toBe(
      artwork.cree_le.toISOString(),
    )
    // The blog's lastmod is its newest public article's, not the draft's, saved later.
    expect(urls.get('http://localhost:3000/blog')).toBe(article.modifie_le.toISOString())
  })
})

describe('an article scheduled for later (issue #11 §3)', () => {
  it('stays out of the sitemap and the feed; one whose time came counts from its publication', async () => {
    const appearedAt = new Date(Date.now() - HOUR)
    const appeared = await insertArticle({
      titre: 'Paru à son heure',
      date_publication: appearedAt,
      modifie_le: new Date(Date.now() - 2 * HOUR),
    })
    const scheduled = await insertArticle({
      titre: 'Pour demain',
      date_publication: new Date(Date.now() + 24 * HOUR),
    })

    const urls = await crawlSitemap()
    const feed = parseFeed(await buildArticleFeed(SITE))

    expect([...urls.keys()].some((url) => url.includes(scheduled.slug))).toBe(false)
    expect(feed.items.map((item) => item.title)).toEqual(['Paru à son heure'])
    // Saved before its time, it appeared later without a write: crawlers must see that date.
    expect(urls.get(`http://localhost:3000/blog/${appeared.slug}`)).toBe(appearedAt.toISOString())
    expect(urls.get('http://localhost:3000/blog')).toBe(appearedAt.toISOString())
    expect(urls.get('http://localhost:3000/')).toBe(appearedAt.toISOString())
    // RSS dates have whole seconds.
    expect(feed.updated?.getTime()).toBe(Math.floor(appearedAt.getTime() / 1000) * 1000)
  })
})

describe('/robots.txt', () => {
  it('disallows the back-office, sign-in and auctions and points to the sitemap', async () => {
    const response = robotsLoader()
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(await response.text()).toBe(
      'User-agent: *\nDisallow: /admin\nDisallow: /auth\nDisallow: /enchere\n\nSitemap: http://localhost:3000/sitemap.xml\n',
    )
  })
})

describe('buildArticleFeed', () => {
  it('is a valid RSS feed of the public articles only, full content, absolute addresses', async () => {
    const image = await ingestTestImage('articles', '#884422')
    await insertArticle({
      titre: 'Le souffle & le trait',
      extrait: 'Trois respirations',
      contenu:
        '<p>Voir <a href="/portfolio">le portfolio</a> et <img src="/uploads/articles/x.webp" alt="x"></p>',
      tags: ['Atelier'],
      image_url: image,
      date_publication: new Date('2026-03-01T09:00:00Z'),
    })
    await insertArticle({ titre: 'Ancien', date_publication: new Date('2026-01-01T09:00:00Z') })
    await insertArticle({ titre: 'Brouillon', statut: 'brouillon' })
    await insertArticle({ titre: 'Masqué', affiche: false })

    const feed = parseFeed(await buildArticleFeed(SITE))

    expect(feed.meta.type).toBe('rss')
    expect(feed.title).toBe('Encre — Actualités')
    expect(feed.url).toBe(`${SITE}/blog`)
    expect(feed.language).toBe('fr')
    expect(feed.items.map((item) => item.title)).toEqual(['Le souffle & le trait', 'Ancien'])
    const [first] = feed.items
    expect(first?.url).toBe(`${SITE}/blog/le-souffle-le-trait`)
    expect(first?.published?.toISOString()).toBe('2026-03-01T09:00:00.000Z')
    expect(first?.description).toBe('Trois respirations')
    expect(first?.categories.map((category) => category.label)).toEqual(['Atelier'])
    expect(first?.content).toContain(`<a href="${SITE}/portfolio">le portfolio</a>`)
    expect(first?.content).toContain(`<img src="${SITE}/uploads/articles/x.webp" alt="x">`)
    const jpeg = `${SITE}${image.replace(/-\d+\.webp$/, '-1200x630.jpg')}`
    expect(first?.content).toContain(`<img src="${jpeg}" alt="">`)
    expect(first?.media).toEqual([expect.objectContaining({ url: jpeg, mimeType: 'image/jpeg' })])
  })
})
