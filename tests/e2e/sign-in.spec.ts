import { E2E_ADMIN, expect, test, waitForHydration } from './fixtures'

test.describe('sign-in (issue #3, first increment)', () => {
  test('the first administrator signs in, reaches /admin and signs out', async ({ page }) => {
    await page.goto('/auth')
    await waitForHydration(page)
    await page.getByLabel('Email').fill(E2E_ADMIN.email)
    await page.getByLabel('Mot de passe').fill(E2E_ADMIN.password)
    await page.getByRole('button', { name: 'Se connecter' }).click()
    await expect(page).toHaveURL(/\/admin$/)
    await expect(page.getByText(`Connecté en tant que ${E2E_ADMIN.email.toLowerCase()}`)).toBeVisible()

    await page.goto('/auth')
    await expect(page).toHaveURL(/\/admin$/)

    await page.getByRole('button', { name: 'Se déconnecter' }).click()
    await expect(page).toHaveURL(/\/$/)
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/auth$/)
  })

  test('a wrong password shows the French error and stays on /auth', async ({ page }) => {
    await page.goto('/auth')
    await waitForHydration(page)
    await page.getByLabel('Email').fill(E2E_ADMIN.email)
    await page.getByLabel('Mot de passe').fill('pas-le-bon-mot-de-passe')
    await page.getByRole('button', { name: 'Se connecter' }).click()
    await expect(page.getByRole('alert')).toContainText('Email ou mot de passe incorrect')
    await expect(page).toHaveURL(/\/auth$/)
  })
})
