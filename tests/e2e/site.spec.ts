import { expect, test } from './fixtures'

test('every page is French and carries the shell', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Mentions légales' })).toHaveAttribute(
    'href',
    '/mentions-legales',
  )
})

test('an unknown path answers 404 with a link home', async ({ page }) => {
  const response = await page.goto('/cette-page-n-existe-pas')
  expect(response?.status()).toBe(404)
  await expect(page.getByText('404', { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Oops ! Page non trouvée' })).toBeVisible()
  await page.getByRole('link', { name: "Retour à l'accueil" }).click()
  await expect(page).toHaveURL('/')
})
