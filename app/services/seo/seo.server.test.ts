import { parseFeed } from '@rowanmanning/feed-parser'
import { describe, expect, it } from 'vitest'
import { loader as robotsLoader } from '#app/routes/robots-txt'
import { loader as sitemapFileLoader } from '#app/routes/sitemap-file'
import { loader as sitemapLoader } from '#app/routes/sitemap-xml'
import { insertArtwork, insertCategory } from '#tests/support/catalogue-fixtures'
import { insertArticle } from '#tests/support/content-fixtures'
import { ingestTestImage } from '#tests/support/images'
import { insertEpisode, insertSeason } from '#tests/support/podcast-fixtures'
import { buildArticleFeed } from './build-article-feed.server'
import { getSitemapXml } from './list-sitemap-entries.server'

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

describe('a sitemap past its file limit (issue #35 §1)', () => {
  it('becomes an index of files, each within the limit, listing every address once', async () => {
    const category = await insertCategory({ nom: 'Encres' })
    const artworks = []
    for (let n = 1; n <= 7; n++)
      artworks.push(await insertArtwork({ nom: `Œuvre ${n}`, categorie_id: category.id }))
    await insertArticle({ titre: 'Un article' })
    // 8 listing pages + 1 category + 7 artworks + 1 article = 17 addresses, 5 per file: 4 files.

    const index = await getSitemapXml(SITE, null, 5)
    const files = await Promise.all([1, 2, 3, 4].map((part) => getSitemapXml(SITE, part, 5)))

    expect(index).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    )
    expect([...(index ?? '').matchAll(/<sitemap><loc>(.*?)<\/loc>/g)].map((match) => match[1])).toEqual(
      [1, 2, 3, 4].map((part) => `${SITE}/sitemaps/${part}.xml`),
    )
    const locs = files.map((xml) =>
      [...(xml ?? '').matchAll(/<url><loc>(.*?)<\/loc>/g)].map((match) => match[1]),
    )
    expect(locs.map((list) => list.length)).toEqual([5, 5, 5, 2])
    const all = locs.flat()
    expect(new Set(all).size).toBe(17)
    for (const artwork of artworks) expect(all).toContain(`${SITE}/portfolio/oeuvre/${artwork.id}`)
    expect(await getSitemapXml(SITE, 5, 5)).toBeNull()
    // Within the limit: /sitemap.xml lists the addresses itself and there is no file.
    expect(await getSitemapXml(SITE, null, 17)).toMatch(/<urlset /)
    expect(await getSitemapXml(SITE, 1, 17)).toBeNull()
  })

  it('answers a missing or malformed sitemap file with 404', async () => {
    for (const file of ['1.xml', '0.xml', 'x.xml', '1']) {
      const response = await sitemapFileLoader({ params: { file } } as never)
      expect(response.status, file).toBe(404)
    }
  })
})

describe('the feed holds the latest 20 articles (issue #35 §1)', () => {
  it('lists the 20 newest public articles, newest first', async () => {
    for (let n = 1; n <= 22; n++) {
      await insertArticle({ titre: `Article ${n}`, date_publication: new Date(Date.UTC(2026, 0, n)) })
    }

    const feed = parseFeed(await buildArticleFeed(SITE))

    expect(feed.items).toHaveLength(20)
    expect(feed.items[0]?.title).toBe('Article 22')
    expect(feed.items.at(-1)?.title).toBe('Article 3')
  })
})
