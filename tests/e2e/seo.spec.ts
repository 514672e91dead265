/**
 * What search engines, feed readers and link previewers read (issue #11 §1–§2), on the production
 * build of the demo site: robots.txt, every address of the sitemap answering with itself as its
 * canonical link and a real 1200×630 JPEG preview, no private address, the feed of the published
 * articles linked from every page.
 */
import { parseFeed } from '@rowanmanning/feed-parser'
import sharp from 'sharp'
import { DEMO_ARTICLES } from '#app/db/seed/demo-data'
import { DEMO_SERVER, expect, test } from './fixtures'

const site = DEMO_SERVER.url

async function text(path: string): Promise<{ status: number; type: string | null; body: string }> {
  const response = await fetch(`${site}${path}`)
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() }
}

const attributeOf = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]?.replace(/&amp;/g, '&')

test('robots.txt keeps crawlers out of the back-office, sign-in and auctions and names the sitemap', async () => {
  const robots = await text('/robots.txt')

  expect(robots.status).toBe(200)
  expect(robots.body).toContain('Disallow: /admin\nDisallow: /auth\nDisallow: /enchere\n')
  expect(robots.body).toContain(`Sitemap: ${site}/sitemap.xml`)
})

test('every sitemap address answers 200, is its own canonical and has a 1200×630 JPEG preview', async () => {
  const sitemap = await text('/sitemap.xml')
  expect(sitemap.type).toBe('application/xml; charset=utf-8')
  const urls = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '')
  const published = DEMO_ARTICLES.filter((article) => article.statut === 'publie' && article.affiche)
  const unpublished = DEMO_ARTICLES.filter((article) => !(article.statut === 'publie' && article.affiche))

  expect(urls.filter((url) => url.includes('/blog/')).sort()).toEqual(
    published.map((article) => `${site}/blog/${article.slug}`).sort(),
  )
  expect(unpublished.length).toBeGreaterThan(0)
  expect(urls.filter((url) => /\/(admin|auth|enchere|prochaine-enchere)\b/.test(url))).toEqual([])
  expect(sitemap.body.match(/<lastmod>/g)?.length).toBe(urls.length)

  const previews = new Set<string>()
  for (const url of urls) {
    const page = await text(url.slice(site.length))
    expect(page.status, url).toBe(200)
    expect(attributeOf(page.body, /<link rel="canonical" href="([^"]+)"/), url).toBe(url)
    expect(attributeOf(page.body, /<meta name="twitter:card" content="([^"]+)"/), url).toBe(
      'summary_large_image',
    )
    expect(attributeOf(page.body, /<meta property="og:image:width" content="([^"]+)"/), url).toBe('1200')
    const image = attributeOf(page.body, /<meta property="og:image" content="([^"]+)"/)
    expect(image, url).toMatch(/\.jpg$/)
    previews.add(image ?? '')
  }
  for (const image of previews) {
    const response = await fetch(image)
    expect(response.headers.get('content-type'), image).toBe('image/jpeg')
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height], image).toEqual(['jpeg', 1200, 630])
  }
})

test('the canonical link drops filters and tracking parameters', async () => {
  const page = await text('/blog?type=tutoriel&utm_source=lettre&fbclid=abc')

  expect(attributeOf(page.body, /<link rel="canonical" href="([^"]+)"/)).toBe(`${site}/blog`)
  expect(attributeOf(page.body, /<meta property="og:url" content="([^"]+)"/)).toBe(`${site}/blog`)
})

test('every page links the feed, which lists the published articles with their full content', async () => {
  const home = await text('/')
  expect(home.body).toContain(
    '<link rel="alternate" type="application/rss+xml" title="Actualités (RSS)" href="/blog/rss.xml"/>',
  )

  const rss = await text('/blog/rss.xml')
  expect(rss.type).toBe('application/rss+xml; charset=utf-8')
  const feed = parseFeed(rss.body)
  const published = DEMO_ARTICLES.filter((article) => article.statut === 'publie' && article.affiche)

  expect(feed.items.map((item) => item.url).sort()).toEqual(
    published.map((article) => `${site}/blog/${article.slug}`).sort(),
  )
  for (const item of feed.items) {
    expect(item.content?.length ?? 0, item.url ?? '').toBeGreaterThan(200)
    for (const media of item.media) expect(media.url).toMatch(new RegExp(`^${site}/uploads/.+\\.jpg$`))
  }
})
