/**
 * The shell of every public page (public spec §2 "Header and footer", "404", §3 appearance):
 * header, menu, footer, 404, admin redirect, server-rendered appearance, no third-party request,
 * and malformed URLs that never cause a server error.
 */
import {
  DEMO_ARTICLES,
  DEMO_FACEBOOK_URL,
  DEMO_INSTAGRAM_URL,
  DEMO_PAGES,
  DEMO_SETTINGS,
  DEMO_SITE_SUBTITLE,
  DEMO_SITE_TITLE,
} from '#app/db/seed/demo-data'
import { DEFAULT_SITE_SUBTITLE, DEFAULT_SITE_TITLE } from '#app/lib/appearance'
import {
  expect,
  expectNoA11yViolations,
  guardConsole,
  MOBILE,
  type Page,
  test,
  waitForHydration,
} from './fixtures'

const MENU = DEMO_PAGES.filter((entry) => entry.show_in_menu).sort((a, b) => a.menu_order - b.menu_order)
const menuEntry = (pageName: string) => {
  const entry = MENU.find((item) => item.page_name === pageName)
  if (!entry) throw new Error(`page ${pageName} absente du menu de démonstration`)
  return entry
}
const FIRST_ARTICLE = DEMO_ARTICLES.find((article) => article.statut === 'publie')

/** The current year in the site's time zone, as the footer computes it. */
const yearInParis = () =>
  Number(new Intl.DateTimeFormat('fr-FR', { year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date()))

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' })

test.describe('header', () => {
  test('shows the subtitle and the title of the site on a French page', async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    const header = page.getByRole('banner')
    await expect(header.getByText(DEMO_SITE_SUBTITLE, { exact: true })).toBeVisible()
    await expect(header.getByText(DEMO_SITE_TITLE, { exact: true })).toBeVisible()
    await expect(header.getByRole('link', { name: `${DEMO_SITE_TITLE} — accueil` })).toHaveAttribute(
      'href',
      '/',
    )
  })

  test('lists the configured pages in menu order, each linking to its page URL', async ({ page }) => {
    await page.goto('/')
    const links = mainNav(page).getByRole('link')
    await expect(links).toHaveText(MENU.map((entry) => entry.menu_name))
    for (const [index, entry] of MENU.entries()) {
      await expect(links.nth(index)).toHaveAttribute('href', entry.page_url)
    }
    await expect(mainNav(page).getByRole('link', { name: 'Mentions légales' })).toHaveCount(0)
  })

  for (const { path, pageName } of [
    { path: '/', pageName: 'accueil' },
    { path: '/portfolio', pageName: 'categories' },
    { path: '/parcours', pageName: 'parcours' },
    { path: `/blog/${FIRST_ARTICLE?.slug ?? 'article'}`, pageName: 'blog' },
    { path: '/podcasts/saison/inconnue', pageName: 'podcasts' },
    { path: '/contact', pageName: 'contact' },
  ]) {
    test(`marks only the ${pageName} entry as current on ${path}`, async ({ page }) => {
      await page.goto(path)
      const current = mainNav(page).locator('[aria-current="page"]')
      await expect(current).toHaveCount(1)
      await expect(current).toHaveText(menuEntry(pageName).menu_name)
    })
  }

  test('marks no entry as current on a page outside the menu', async ({ page }) => {
    await page.goto('/mentions-legales')
    await expect(mainNav(page).locator('[aria-current="page"]')).toHaveCount(0)
  })
})

test.describe('header at 390 px', () => {
  test.use(MOBILE)

  test('hides the menu behind a toggle that opens it and closes once an entry is chosen', async ({
    page,
  }) => {
    await page.goto('/')
    await waitForHydration(page)
    await expect(mainNav(page)).toBeHidden()
    const toggle = page.getByRole('button', { name: 'Ouvrir le menu' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await toggle.click()

    const mobileNav = page.getByRole('navigation', { name: 'Navigation mobile' })
    await expect(mobileNav.getByRole('link')).toHaveText(MENU.map((entry) => entry.menu_name))
    await expect(page.getByRole('button', { name: 'Fermer le menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    await expectNoA11yViolations(page)

    const target = menuEntry('parcours')
    await mobileNav.getByRole('link', { name: target.menu_name }).click()
    await expect(page).toHaveURL(target.page_url)
    await expect(mobileNav).toBeHidden()
    await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
  })

  test('the toggle closes the open menu again', async ({ page }) => {
    await page.goto('/mentions-legales')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click()
    await expect(page.getByRole('navigation', { name: 'Navigation mobile' })).toBeVisible()
    await page.getByRole('button', { name: 'Fermer le menu' }).click()
    await expect(page.getByRole('navigation', { name: 'Navigation mobile' })).toBeHidden()
  })
})

test.describe('footer', () => {
  test('links to the legal notice and shows the default copyright line', async ({ page }) => {
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    await footer.getByRole('link', { name: 'Mentions légales' }).click()
    await expect(page).toHaveURL('/mentions-legales')
    await expect(footer).toContainText(`© ${yearInParis()} ${DEMO_SITE_TITLE}. Tous droits réservés.`)
  })

  test('shows only the social links that are set, in a new tab without referrer', async ({ page }) => {
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    const social = footer.locator('a[target="_blank"]')
    await expect(social).toHaveText(['Facebook', 'Instagram'])
    await expect(social.nth(0)).toHaveAttribute('href', DEMO_FACEBOOK_URL)
    await expect(social.nth(1)).toHaveAttribute('href', DEMO_INSTAGRAM_URL)
    for (const index of [0, 1]) await expect(social.nth(index)).toHaveAttribute('rel', 'noopener noreferrer')
    await expect(footer.getByRole('link', { name: 'Twitter' })).toHaveCount(0)
    await expect(footer.getByRole('link', { name: 'LinkedIn' })).toHaveCount(0)
  })

  test('on an empty site: default title, subtitle and copyright, no social link', async ({
    page,
    emptySite,
  }) => {
    await page.goto(`${emptySite}/`)
    await expect(page.getByRole('banner').getByText(DEFAULT_SITE_TITLE, { exact: true })).toBeVisible()
    await expect(page.getByRole('banner').getByText(DEFAULT_SITE_SUBTITLE, { exact: true })).toBeVisible()
    const footer = page.getByRole('contentinfo')
    await expect(footer).toContainText(`© ${yearInParis()} ${DEFAULT_SITE_TITLE}. Tous droits réservés.`)
    await expect(footer.locator('a[target="_blank"]')).toHaveCount(0)
    await expect(footer.getByRole('link', { name: 'Mentions légales' })).toHaveAttribute(
      'href',
      '/mentions-legales',
    )
  })
})

test.describe('404', () => {
  test('an unknown path answers 404 inside the site shell, with a link home', async ({ page }) => {
    const response = await page.goto('/cette-page-n-existe-pas')
    expect(response?.status()).toBe(404)
    await expect(page.getByText('404', { exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Oops ! Page non trouvée' })).toBeVisible()
    await expect(page.getByRole('banner').getByText(DEMO_SITE_TITLE, { exact: true })).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
    await expectNoA11yViolations(page)
    await page.getByRole('main').getByRole('link', { name: "Retour à l'accueil" }).click()
    await expect(page).toHaveURL('/')
  })

  // Public pages are static (decision 010): a hydrated page (here /auth) that navigates to an
  // unknown path in the browser loads the 404 page's document (its clientLoader).
  test('a client-side navigation to an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/auth')
    await waitForHydration(page)
    await page.evaluate(() => {
      ;(
        window as { __reactRouterDataRouter?: { navigate: (to: string) => void } }
      ).__reactRouterDataRouter?.navigate('/nulle-part/ici')
    })
    await expect(page.getByRole('heading', { name: 'Oops ! Page non trouvée' })).toBeVisible()
    await expect(page).toHaveURL('/nulle-part/ici')
    await expect(page.getByRole('banner').getByText(DEMO_SITE_TITLE, { exact: true })).toBeVisible()
  })
})

test.describe('back-office entry', () => {
  for (const path of ['/admin', '/admin/categories', '/admin/n-importe-quoi/42']) {
    test(`${path} sends a visitor to /auth`, async ({ page }) => {
      await page.goto(path)
      await expect(page).toHaveURL('/auth')
    })
  }
})

test.describe('appearance', () => {
  test('the appearance variables are in the server HTML, before any JavaScript', async ({ request }) => {
    const response = await request.get('/')
    const html = await response.text()
    const htmlTag = html.match(/<html[^>]*>/)?.[0] ?? ''
    expect(htmlTag).toContain('lang="fr"')
    expect(htmlTag).toContain(`--button-color:${DEMO_SETTINGS.button_color}`)
    expect(htmlTag).toContain(`--footer-bg:${DEMO_SETTINGS.footer_bg_color}`)
    expect(htmlTag).toContain(`--title-size:${DEMO_SETTINGS.title_font_size}`)
  })

  test('the web fonts follow the first paint, and show at once on the next page', async ({
    page,
    request,
  }) => {
    const htmlTag = (await (await request.get('/blog')).text()).match(/<html[^>]*>/)?.[0] ?? ''
    expect(htmlTag).not.toContain('polices')
    // Whether <html> had the web fonts when the document was parsed (before the page's load).
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        ;(window as { __fontsAtParse?: boolean }).__fontsAtParse =
          document.documentElement.classList.contains('polices')
      })
    })
    const fontsAtParse = () => page.evaluate(() => (window as { __fontsAtParse?: boolean }).__fontsAtParse)

    await page.goto('/blog')
    expect(await fontsAtParse()).toBe(false)
    await expect(page.locator('html')).toHaveClass('polices')
    expect(
      await page
        .getByRole('heading', { level: 1 })
        .evaluate((element) => getComputedStyle(element).fontFamily),
    ).toBe(`"${DEMO_SETTINGS.title_font}", "${DEMO_SETTINGS.title_font} Fallback", Georgia, serif`)
    await expect
      .poll(() => page.evaluate(() => [...document.fonts].some((face) => face.status === 'loaded')))
      .toBe(true)

    await page.goto('/portfolio')
    expect(await fontsAtParse()).toBe(true)
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('the web fonts are shown', async ({ page }) => {
      await page.goto('/blog')
      const family = await page
        .getByRole('heading', { level: 1 })
        .evaluate((element) => getComputedStyle(element).fontFamily)
      expect(family).not.toMatch(/^"?[\w ]+ Fallback/)
    })

    test('the footer has its configured background colour', async ({ page }) => {
      await page.goto('/')
      const background = await page
        .getByRole('contentinfo')
        .evaluate((element) => getComputedStyle(element).backgroundColor)
      const hex = DEMO_SETTINGS.footer_bg_color ?? ''
      const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16))
      expect(background).toBe(`rgb(${r}, ${g}, ${b})`)
    })
  })
})

test('public pages never request anything outside the site', async ({ page, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin
  const outside: string[] = []
  await page.context().route(
    (url) => url.origin !== origin && url.protocol !== 'data:' && url.protocol !== 'blob:',
    async (route) => {
      outside.push(route.request().url())
      await route.abort()
    },
  )
  for (const path of ['/', '/portfolio', '/parcours', '/blog', '/atelier', '/contact', '/mentions-legales']) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(200)
    await page.waitForLoadState('networkidle')
  }
  expect(outside).toEqual([])
})

test.describe('malformed URLs', () => {
  const paths = [
    '/portfolio/oeuvre/-1',
    "/portfolio/oeuvre/'%20OR%201=1--",
    `/portfolio/categorie/${'a'.repeat(10_000)}`,
    '/portfolio/categorie/%E0%A4%A',
    '/podcasts/episode/abc',
    '/podcasts/saison/0',
    '/blog/%00',
    '/blog/..%2f..%2fetc%2fpasswd',
    '/enchere/%27%3B--',
    '/parcours?annee=abc&type=<script>',
    '/blog?tag=%ff%fe',
    '/%2e%2e/%2e%2e/etc/passwd',
  ]
  for (const path of paths) {
    test(`${path.slice(0, 60)} answers without a server error`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 })
      const status = response.status()
      expect(status, `${path} → ${status}`).toBeLessThan(500)
      expect([200, 400, 404]).toContain(status)
      if ((response.headers()['content-type'] ?? '').startsWith('text/html')) {
        expect(await response.text()).toContain(DEMO_SITE_TITLE)
      }
    })
  }
})

test.describe('the console guard of the fixtures', () => {
  test('reports page errors and console errors, less the allowed ones', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL })
    const page = await context.newPage()
    const guard = guardConsole(page)
    await page.goto('/mentions-legales')
    await page.evaluate(() => {
      console.error('erreur attendue')
      console.error('erreur inattendue')
      setTimeout(() => {
        throw new Error('exception non rattrapée')
      })
    })
    await expect.poll(() => guard.unexpected([]).length).toBe(3)
    const unexpected = guard.unexpected([/^erreur attendue$/])
    expect(unexpected).toHaveLength(2)
    expect(unexpected[0]).toContain('erreur inattendue')
    expect(unexpected[1]).toContain('exception non rattrapée')
    await context.close()
  })

  test('ignores the 4xx line of a page answering its not-found page', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL })
    const page = await context.newPage()
    const guard = guardConsole(page)
    await page.goto('/page-inconnue')
    await page.evaluate(() => fetch('/favicon-inconnue.svg'))
    const unexpected = guard.unexpected([])
    expect(unexpected).toHaveLength(1)
    expect(unexpected[0]).toContain('favicon-inconnue.svg')
    await context.close()
  })
})
