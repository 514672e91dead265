/**
 * The public search and the lists' page addresses (issue #35 §1, §3): what a visitor sees, with
 * and without JavaScript, on a phone and a computer.
 */
import { DEMO_DRAFT_ARTICLE_SLUG, DEMO_HIDDEN_ARTWORK } from '#app/db/seed/demo-data'
import { expect, expectNoA11yViolations, MOBILE, type Page, test } from './fixtures'

const main = (page: Page) => page.getByRole('main')

async function search(page: Page, words: string) {
  await main(page).getByRole('searchbox', { name: 'Rechercher sur le site' }).fill(words)
  await main(page).getByRole('button', { name: 'Rechercher' }).click()
  await page.waitForURL(/\/recherche\?q=/)
}

test.describe('search without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the header leads to the search, which finds a work by a word of its description typed without accents', async ({
    page,
  }) => {
    await page.goto('/blog')
    await page.getByRole('link', { name: 'Rechercher sur le site' }).click()

    await expect(page).toHaveURL('/recherche')
    await expect(page.getByRole('heading', { level: 1, name: 'Recherche' })).toBeVisible()
    await expect(main(page).getByText('Saisissez un ou plusieurs mots pour chercher')).toBeVisible()
    await expect(page).toHaveTitle(/^Recherche — /)

    await search(page, 'gele')

    await expect(main(page).getByText(/^\d+ résultats? pour « gele »$/)).toBeVisible()
    await main(page).getByRole('link', { name: 'Cercle d’hiver' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Cercle d’hiver' })).toBeVisible()
  })

  test('never finds a hidden work nor a draft, and says when nothing matches', async ({ page }) => {
    await page.goto('/recherche?q=inachevee')
    await expect(main(page).getByRole('link', { name: DEMO_HIDDEN_ARTWORK })).toHaveCount(0)

    await page.goto('/recherche?q=notes%20s%C3%A9rie%20venir')
    await expect(main(page).locator(`a[href="/blog/${DEMO_DRAFT_ARTICLE_SLUG}"]`)).toHaveCount(0)

    await page.goto('/recherche')
    await search(page, 'zzyzx')
    await expect(
      main(page).getByText('Aucun résultat pour « zzyzx ». Vérifiez l’orthographe ou essayez d’autres mots.'),
    ).toBeVisible()
  })
})

test.describe('search on a phone', () => {
  test.use(MOBILE)

  test('the magnifier stays in the header beside the menu, and the page is accessible', async ({ page }) => {
    await page.goto('/')
    const magnifier = page.getByRole('banner').getByRole('link', { name: 'Rechercher sur le site' })
    await expect(magnifier).toBeVisible()
    await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toBeVisible()
    const box = await magnifier.boundingBox()
    expect(box?.width).toBeGreaterThanOrEqual(44)
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390)

    await magnifier.click()
    await search(page, 'encre')

    await expect(main(page).getByText(/^\d+ résultats? pour « encre »$/)).toBeVisible()
    await expectNoA11yViolations(page)
  })
})

test.describe('page addresses of the lists', () => {
  for (const path of [
    '/blog?page=99',
    '/blog?page=abc',
    '/atelier?page=0',
    '/parcours?type=prix&page=50',
    '/podcasts?page=2',
  ]) {
    test(`${path} answers the 404 page`, async ({ page }) => {
      const response = await page.goto(path)

      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { name: 'Oops ! Page non trouvée' })).toBeVisible()
    })
  }

  test('a list of one page has no page links and its canonical address has no page number', async ({
    page,
  }) => {
    await page.goto('/blog')

    await expect(page.getByRole('navigation', { name: 'Pages des articles' })).toHaveCount(0)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/blog$/)
  })
})
