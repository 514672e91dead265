/**
 * The JavaScript budget of public pages (issue #8 §2, DESIGN.md §10): on the production build of
 * the demo site, the gzip size of every script a page loads (tests/support/page-javascript.ts,
 * the same measure as `npm run bench`) stays within its budget: 100 KB for every public page,
 * 150 KB for the auction page. Every public page is static (app/lib/static-page.ts): it loads one
 * small script of plain DOM behaviours (app/components/enhance), no React; the auction page adds
 * its own small one for the live auction.
 */
import { pageJavaScript, publicPages } from '../support/page-javascript'
import { DEMO_SERVER, expect, test } from './fixtures'

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} Ko`

test('every public page loads no more JavaScript than its budget', async () => {
  const pages = await publicPages(DEMO_SERVER.url)
  const over: string[] = []
  for (const page of pages) {
    const { gzip } = await pageJavaScript(DEMO_SERVER.url, page.path)
    if (gzip > page.budget) over.push(`${page.label} (${page.path}) : ${kb(gzip)} > ${kb(page.budget)}`)
  }
  expect(over).toEqual([])
})

test('a static page is sent with its one small script and no React', async () => {
  for (const path of ['/', '/blog', '/contact']) {
    const html = await (await fetch(`${DEMO_SERVER.url}${path}`)).text()

    expect(html).not.toContain('type="module"')
    expect(html).not.toContain('modulepreload')
    // The inline one that shows cached web fonts at once (allowed by its hash: no nonce, so the
    // page is kept compressed once), then the page's behaviours.
    expect(html).not.toContain('nonce=')
    // JSON-LD blocks (issue #11) are data, never run: not counted.
    const scripts = html.match(/<script\b[^>]*>/g)?.filter((tag) => !tag.includes('application/ld+json'))
    expect(scripts).toEqual([
      '<script>',
      expect.stringMatching(/^<script src="\/assets\/enhance-[A-Z0-9]+\.js" defer="">$/),
    ])
    const { gzip } = await pageJavaScript(DEMO_SERVER.url, path)
    expect(gzip).toBeLessThan(5 * 1024)
  }
})

test("the auction page is static too: the site's script, then its own for the live auction", async () => {
  const html = await (await fetch(`${DEMO_SERVER.url}/enchere/lien-inconnu-mesure`)).text()

  expect(html).not.toContain('type="module"')
  expect(html).not.toContain('modulepreload')
  expect(html.match(/<script\b[^>]*>/g)).toEqual([
    '<script>',
    expect.stringMatching(/^<script src="\/assets\/enhance-[A-Z0-9]+\.js" defer="">$/),
    expect.stringMatching(/^<script src="\/assets\/enhance-auction-[A-Z0-9]+\.js" defer="">$/),
  ])
  const { gzip } = await pageJavaScript(DEMO_SERVER.url, '/enchere/lien-inconnu-mesure')
  expect(gzip).toBeLessThan(8 * 1024)
})
