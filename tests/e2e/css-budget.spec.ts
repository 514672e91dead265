/**
 * The style sheets of public pages (issue #8 §1–§2): on the production build of the demo site,
 * every public page links one style sheet, the site's (app/app.css: Tailwind's base, the site's
 * rules and the utilities of the files it names), whose gzip size stays within its budget and which
 * styles no class that only the back-office writes (tests/support/page-css.ts). The back-office's
 * utilities are in its own sheet (app/admin.css), which /admin's layout links after the site's.
 */
import { backOfficeOnlyWords, cssClasses, PAGE_CSS_BUDGET, pageCss } from '../support/page-css'
import { publicPages } from '../support/page-javascript'
import { DEMO_SERVER, expect, test } from './fixtures'

const origin = DEMO_SERVER.url

test("every public page links the site's one style sheet, within its budget, with no back-office class", async () => {
  const pages = [...(await publicPages(origin)), { label: 'connexion', path: '/auth' }]
  const sheets = new Set<string>()
  for (const page of pages) {
    const css = await pageCss(origin, page.path)
    expect(css.sheets, page.path).toHaveLength(1)
    sheets.add(css.sheets[0] ?? '')
  }
  expect(sheets.size).toBe(1)

  const site = await pageCss(origin, '/')
  expect(site.gzip).toBeLessThanOrEqual(PAGE_CSS_BUDGET)
  const backOffice = backOfficeOnlyWords()
  expect([...cssClasses(site.text)].filter((name) => backOffice.has(name))).toEqual([])
})

test("the back-office's style sheet is linked by /admin's layout alone, and holds the back-office's classes", async () => {
  // The route manifest a hydrated page (sign-in) loads names each route's style sheets.
  const signIn = await (await fetch(`${origin}/auth`)).text()
  const manifestUrl = /\/assets\/manifest-[\w-]+\.js/.exec(signIn)?.[0]
  expect(manifestUrl).toBeDefined()
  const manifestText = await (await fetch(`${origin}${manifestUrl}`)).text()
  const manifest = JSON.parse(
    manifestText.slice(manifestText.indexOf('{'), manifestText.lastIndexOf('}') + 1),
  ) as {
    routes: Record<string, { css?: string[] }>
  }
  const styled = Object.entries(manifest.routes).filter(([, route]) => (route.css ?? []).length > 0)
  expect(styled.map(([id]) => id).sort()).toEqual(['root', 'routes/admin/layout'])

  const [adminSheet] = manifest.routes['routes/admin/layout']?.css ?? []
  const adminCss = await (await fetch(`${origin}${adminSheet}`)).text()
  const backOffice = backOfficeOnlyWords()
  // What the first test finds absent from the site's sheet is there: the back-office's own classes.
  expect([...cssClasses(adminCss)].filter((name) => backOffice.has(name)).length).toBeGreaterThan(50)
})
