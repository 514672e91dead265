import { gzipSync } from 'node:zlib'

/**
 * The JavaScript a public page makes the browser download (issue #8 §2), measured the one way the
 * bench (`npm run bench`) and the budget test (tests/e2e/javascript-budget.spec.ts) share: every
 * `/assets/*.js` the HTML names — module preloads, module scripts, and the modules the entry's
 * inline script imports — each fetched from the server and gzipped at level 6.
 */

/** The `/assets/…js` URLs a page's HTML loads, each once, in document order. */
export function scriptAssets(html: string): string[] {
  const found = new Set<string>()
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g))
    found.add(match[1] ?? '')
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) found.add(match[1] ?? '')
  for (const match of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) found.add(match[1] ?? '')
  return [...found].filter((href) => href.startsWith('/assets/') && href.endsWith('.js'))
}

/** What {@link pageJavaScript} measured: file count, and total sizes in bytes. */
export type PageJavaScript = { files: number; raw: number; gzip: number }

/**
 * Measures the JavaScript of one page.
 *
 * @param origin - the server, e.g. `http://127.0.0.1:3300` (no trailing slash).
 * @param route - the page's path, e.g. `/blog`.
 * @returns files, raw bytes and gzip bytes (level 6) summed over the page's scripts.
 * @throws when the page or one of its scripts does not answer 2xx (404 pages are measured: a 404
 *   status of the page itself is accepted).
 */
export async function pageJavaScript(origin: string, route: string): Promise<PageJavaScript> {
  const assets = await pageAssets(origin, route, scriptAssets)
  return {
    files: assets.length,
    raw: assets.reduce((sum, asset) => sum + asset.body.length, 0),
    gzip: assets.reduce((sum, asset) => sum + asset.gzip, 0),
  }
}

/**
 * Fetches a page, then each asset its HTML names (`find`), as the browser would download them.
 *
 * @param origin - the server, e.g. `http://127.0.0.1:3300`; `route` - the page's path.
 * @param find - the asset URLs of the HTML (e.g. {@link scriptAssets}).
 * @returns each asset's URL, body and gzip size in bytes (level 6), in the order `find` gave.
 * @throws when the page (a 404 page is accepted) or one of its assets does not answer 2xx.
 */
export async function pageAssets(
  origin: string,
  route: string,
  find: (html: string) => string[],
): Promise<Array<{ url: string; body: Buffer; gzip: number }>> {
  const page = await fetch(`${origin}${route}`)
  if (!page.ok && page.status !== 404) throw new Error(`${route} : HTTP ${page.status}`)
  const assets = []
  for (const url of find(await page.text())) {
    const response = await fetch(`${origin}${url}`)
    if (!response.ok) throw new Error(`${url} : HTTP ${response.status}`)
    const body = Buffer.from(await response.arrayBuffer())
    assets.push({ url, body, gzip: gzipSync(body).length })
  }
  return assets
}

/**
 * Finds the first link (`<a href>`, not a `<link>` of the head such as the RSS feed's) of a page
 * whose path matches `pattern` (to reach a category, an artwork, an article… of the demo content
 * without knowing its id).
 *
 * @returns the path, e.g. `/portfolio/oeuvre/…`.
 * @throws when the page has no such link.
 */
export async function firstLink(origin: string, route: string, pattern: RegExp): Promise<string> {
  const html = await (await fetch(`${origin}${route}`)).text()
  for (const match of html.matchAll(/<a\b[^>]*?\shref="([^"]+)"/g)) {
    const href = match[1] ?? ''
    if (pattern.test(href)) return href
  }
  throw new Error(`Aucun lien ${pattern} sur ${route}`)
}

/** Largest JavaScript of a public page, gzip bytes (issue #8 §2; DESIGN.md §10). */
export const PAGE_JAVASCRIPT_BUDGET = 100 * 1024
/** Largest JavaScript of the auction page, gzip bytes (issue #8 §2; it is live, decision 010). */
export const AUCTION_JAVASCRIPT_BUDGET = 150 * 1024

/** A public page of the demo site, as measured by the bench and the budget test. */
export type PublicPage = { label: string; path: string; budget: number }

/**
 * Every public page kind of the demo site (public spec §2), with its JavaScript budget: the
 * category, artwork, article, season and episode are the first ones linked; the auction page is
 * measured on an unknown link (the page's modules are the same; the demo has no auction).
 *
 * @param origin - the demo server.
 * @throws when the demo content is missing (no link to follow).
 */
export async function publicPages(origin: string): Promise<PublicPage[]> {
  const category = await firstLink(origin, '/portfolio', /^\/portfolio\/categorie\/[^/?#]+$/)
  const artwork = await firstLink(origin, category, /^\/portfolio\/oeuvre\/[^/?#]+$/)
  const article = await firstLink(origin, '/blog', /^\/blog\/[^/?#]+$/)
  const season = await firstLink(origin, '/podcasts', /^\/podcasts\/saison\/[^/?#]+$/)
  const episode = await firstLink(origin, season, /^\/podcasts\/episode\/[^/?#]+$/)
  const page = (label: string, path: string, budget = PAGE_JAVASCRIPT_BUDGET) => ({ label, path, budget })
  return [
    page('accueil', '/'),
    page('portfolio', '/portfolio'),
    page('catégorie', category),
    page('œuvre', artwork),
    page('parcours', '/parcours'),
    page('blog', '/blog'),
    page('article', article),
    page('podcasts', '/podcasts'),
    page('saison', season),
    page('épisode', episode),
    page('atelier', '/atelier'),
    page('contact', '/contact'),
    page('mentions légales', '/mentions-legales'),
    page('enchère', '/enchere/lien-inconnu-mesure', AUCTION_JAVASCRIPT_BUDGET),
  ]
}
