import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { articles, siteSettings } from '#app/db/schema'
import {
  AUCTION_PAGE_MAX_AGE_MS,
  flushArticleViews,
  type PageCapture,
  servePageFromCache,
} from '#app/http/page-cache.server'
import { loader as articleLoader } from '#app/routes/blog-article'
import { getSiteSettings } from '#app/services/settings/get-site-settings.server'
import { invalidateSiteData, setSiteDataCacheEnabled } from '#app/services/site-data-cache.server'
import { insertArticle } from '#tests/support/content-fixtures'

const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'

/** Lets a test hold a render until it says so (the render reads, then waits, then answers). */
let holdRender: Promise<void> | undefined

/**
 * A real HTTP server set up like server.ts: a nonce per response, in its CSP header, then the page
 * cache, then a "render" that reads the site title and, on /blog/:slug, runs the real article
 * loader with the cache's capture in its context, writing the nonce into an inline script.
 */
const server = http.createServer((req, res) => {
  const nonce = randomBytes(16).toString('base64')
  res.setHeader('Content-Security-Policy', `script-src 'nonce-${nonce}'`)
  servePageFromCache(req, res, nonce, (capture?: PageCapture) => {
    void render(req, res, nonce, capture)
  })
})

async function render(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  nonce: string,
  capture?: PageCapture,
) {
  const url = new URL(req.url ?? '/', 'http://localhost')
  const title = (await getSiteSettings()).site_title ?? 'Encre'
  await holdRender
  let body = `<h1>${title}</h1>`
  const slug = /^\/blog\/([^/]+)$/.exec(url.pathname)?.[1]
  if (slug) {
    const headers = new Headers()
    for (const name of ['user-agent', 'purpose']) {
      const value = req.headers[name]
      if (typeof value === 'string') headers.set(name, value)
    }
    const result = (await articleLoader({
      request: new Request(url, { headers }),
      params: { slug },
      context: { cspNonce: nonce, clientIp: '127.0.0.1', pageCapture: capture },
    } as never)) as { article: { nombre_vues: number } | null }
    body += `<p>${result.article?.nombre_vues} vues</p><script>window.__data={"nombre_vues":${result.article?.nombre_vues}}</script>`
  }
  if (url.searchParams.has('cookie')) res.setHeader('Set-Cookie', 'vu=1')
  // An auction link no active auction has: the fallback page, 404.
  if (url.pathname === '/enchere/inconnue') res.statusCode = 404
  res.setHeader('Content-Type', 'text/html; charset=utf-8')
  res.write('<!doctype html>')
  // /atelier and the auction pages stand for static pages (decision 010): no nonce in their HTML.
  const isStatic = url.pathname === '/atelier' || url.pathname.startsWith('/enchere/')
  res.end(isStatic ? body : `${body}<script nonce="${nonce}">1</script>`)
}

let origin = ''
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => setSiteDataCacheEnabled(true))
afterEach(() => {
  holdRender = undefined
  setSiteDataCacheEnabled(false)
})

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}${path}`, { headers: { 'user-agent': BROWSER_UA, ...headers } })
  const html = await response.text()
  const csp = response.headers.get('content-security-policy') ?? ''
  return {
    html,
    cache: response.headers.get('x-page-cache'),
    headerNonce: /'nonce-([^']+)'/.exec(csp)?.[1],
    pageNonces: [...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]),
    views: Number(/<p>(\d+) vues<\/p>/.exec(html)?.[1]),
  }
}

/** One GET without decoding: the status line's headers and the raw body bytes. */
function rawGet(
  path: string,
  acceptEncoding?: string,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'user-agent': BROWSER_UA }
    if (acceptEncoding) headers['accept-encoding'] = acceptEncoding
    http
      .get(`${origin}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
}

async function storedViews(slug: string): Promise<number | undefined> {
  const [row] = await getDb()
    .select({ nombre_vues: articles.nombre_vues })
    .from(articles)
    .where(eq(articles.slug, slug))
  return row?.nombre_vues
}

describe('page cache', () => {
  it('replays a public page with a fresh nonce in the header and the page, each response', async () => {
    const first = await get('/parcours')
    const second = await get('/parcours')
    const third = await get('/parcours')

    expect([first.cache, second.cache, third.cache]).toEqual(['miss', 'hit', 'hit'])
    for (const answer of [first, second, third]) {
      expect(answer.pageNonces).toEqual([answer.headerNonce])
      expect(answer.html).toContain('<h1>Encre</h1>')
    }
    expect(new Set([first.headerNonce, second.headerNonce, third.headerNonce]).size).toBe(3)
  })

  it('answers compressed as the request prefers: a page without nonce compressed once, one with a nonce each time', async () => {
    await rawGet('/atelier')
    await rawGet('/parcours')

    // The first replay is compressed fast; the smallest copy, made meanwhile, is then sent each time.
    const brotli = await rawGet('/atelier', 'gzip, deflate, br')
    let copy = await rawGet('/atelier', 'br')
    let brotliAgain = await rawGet('/atelier', 'br')
    for (let tries = 0; !copy.body.equals(brotliAgain.body) && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      copy = brotliAgain
      brotliAgain = await rawGet('/atelier', 'br')
    }
    expect(brotliAgain.body.equals(copy.body)).toBe(true)
    expect(zlib.brotliDecompressSync(brotliAgain.body).toString()).toBe('<!doctype html><h1>Encre</h1>')
    const gzip = await rawGet('/atelier', 'gzip')
    const plain = await rawGet('/atelier')
    expect([brotli, gzip, plain].map((answer) => answer.headers['x-page-cache'])).toEqual([
      'hit',
      'hit',
      'hit',
    ])
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe('<!doctype html><h1>Encre</h1>')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gzip.body).toString()).toBe('<!doctype html><h1>Encre</h1>')
    expect(plain.headers['content-encoding']).toBe('identity')
    expect(plain.body.toString()).toBe('<!doctype html><h1>Encre</h1>')
    expect(brotli.headers.vary).toContain('Accept-Encoding')

    const withNonce = await rawGet('/parcours', 'br')
    const html = zlib.brotliDecompressSync(withNonce.body).toString()
    const nonce = /'nonce-([^']+)'/.exec(String(withNonce.headers['content-security-policy']))?.[1]
    expect(withNonce.headers['content-encoding']).toBe('br')
    expect(html).toBe(`<!doctype html><h1>Encre</h1><script nonce="${nonce}">1</script>`)
  })

  it('shows a back-office change on the next request: an invalidation drops every page', async () => {
    expect((await get('/atelier')).html).toContain('<h1>Encre</h1>')
    expect((await get('/atelier')).cache).toBe('hit')

    await getDb().insert(siteSettings).values({ setting_key: 'site_title', setting_value: 'Atelier Nord' })
    invalidateSiteData()

    const after = await get('/atelier')
    expect(after.cache).toBe('miss')
    expect(after.html).toContain('<h1>Atelier Nord</h1>')
  })

  it('does not keep a page rendered across an invalidation (no stale page after a write)', async () => {
    let release = () => {}
    holdRender = new Promise<void>((resolve) => {
      release = resolve
    })
    const pending = get('/podcasts') // reads the old title, then waits
    await new Promise((resolve) => setTimeout(resolve, 100))
    await getDb().insert(siteSettings).values({ setting_key: 'site_title', setting_value: 'Atelier Sud' })
    invalidateSiteData()
    release()
    expect((await pending).html).toContain('<h1>Encre</h1>')
    holdRender = undefined

    const next = await get('/podcasts')
    expect(next.cache).toBe('miss')
    expect(next.html).toContain('<h1>Atelier Sud</h1>')
  })

  it('counts one view per countable load of a cached article, shown at once and stored', async () => {
    await insertArticle({ titre: 'Le geste', slug: 'le-geste', nombre_vues: 41 })

    const loads = []
    for (let index = 0; index < 4; index++) loads.push(await get('/blog/le-geste'))

    expect(loads.map((load) => load.cache)).toEqual(['miss', 'hit', 'hit', 'hit'])
    expect(loads.map((load) => load.views)).toEqual([42, 43, 44, 45])
    expect(loads[3]?.html).toContain('{"nombre_vues":45}')
    await flushArticleViews()
    expect(await storedViews('le-geste')).toBe(45)

    // A crawler or a prefetch is not counted, and sees the stored count.
    const crawler = await get('/blog/le-geste', {
      'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)',
    })
    const prefetch = await get('/blog/le-geste', { purpose: 'prefetch' })
    expect([crawler.views, prefetch.views]).toEqual([45, 45])
    expect(await storedViews('le-geste')).toBe(45)
  })

  it('neither serves nor stores a request carrying a cookie, nor a response setting one', async () => {
    expect((await get('/blog')).cache).toBe('miss')
    expect((await get('/blog')).cache).toBe('hit')
    // A session (or any) cookie: rendered for this visitor, never from nor into the cache.
    expect((await get('/blog', { cookie: 'better-auth.session_token=abc' })).cache).toBeNull()
    expect((await get('/blog', { cookie: 'a=b' })).cache).toBeNull()
    // A response that sets a cookie is sent but not kept.
    expect((await get('/blog?cookie=1')).cache).toBe('miss')
    expect((await get('/blog?cookie=1')).cache).toBe('miss')
  })

  it("keeps an auction's page one second, for visitors without a cookie only, never its data nor a 404", async () => {
    const first = await get('/enchere/abc')
    expect(first.cache).toBe('miss')
    const second = await get('/enchere/abc')
    expect(second.cache).toBe('hit')
    expect(second.html).toBe(first.html.replace(first.headerNonce ?? '', second.headerNonce ?? ''))
    // A bidder's browser carries its credential: rendered for it.
    expect(
      (await get('/enchere/abc', { cookie: 'encre_encherisseur_0123456789abcdef=e30' })).cache,
    ).toBeNull()
    expect((await get('/enchere/abc.data')).cache).toBeNull()
    await get('/enchere/inconnue')
    expect((await get('/enchere/inconnue')).cache).toBe('miss')
    // Compressed when a request first asks for it, once for the page's second.
    const brotli = await rawGet('/enchere/abc', 'br')
    const brotliAgain = await rawGet('/enchere/abc', 'gzip, deflate, br')
    expect([brotli, brotliAgain].map((answer) => answer.headers['x-page-cache'])).toEqual(['hit', 'hit'])
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotliAgain.body.equals(brotli.body)).toBe(true)
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(first.html)
    // A second later the price may have moved: rendered again.
    await new Promise((resolve) => setTimeout(resolve, AUCTION_PAGE_MAX_AGE_MS + 50))
    expect((await get('/enchere/abc')).cache).toBe('miss')
    await getDb().insert(siteSettings).values({ setting_key: 'site_title', setting_value: 'Prix monté' })
    invalidateSiteData()
    await get('/enchere/abc')
    const later = await rawGet('/enchere/abc', 'br')
    expect(later.headers['x-page-cache']).toBe('hit')
    expect(zlib.brotliDecompressSync(later.body).toString()).toBe('<!doctype html><h1>Prix monté</h1>')
  })

  it('never caches pages outside the public list (back-office) nor with the cache off', async () => {
    expect((await get('/admin')).cache).toBeNull()
    setSiteDataCacheEnabled(false)
    await get('/portfolio')
    expect((await get('/portfolio')).cache).toBeNull()
  })
})
