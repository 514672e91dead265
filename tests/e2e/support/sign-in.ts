/**
 * Shared browser-test step: sign in through the /auth form and wait for the dashboard. Other
 * specs import it (`import { signIn } from './support/sign-in'`).
 */
import { expect, type Page } from '@playwright/test'
import { E2E_ADMIN } from './servers'

/** An account that can sign in: e-mail and password. */
export type E2eAccount = { email: string; password: string }

/**
 * Signs `account` in through /auth (relative to the page's baseURL) and waits until /admin shows
 * "Connecté en tant que {email}". Works whether or not the page has hydrated (the form also
 * posts without JavaScript).
 *
 * @param page - a Playwright page of the site to sign into.
 * @param account - e-mail and password; the demo server's administrator by default.
 * @param options.baseUrl - site to sign into when it is not the page's baseURL (e.g. the empty site).
 * @throws the Playwright assertion error when /admin is not reached (wrong credentials, rate limit).
 */
export async function signIn(
  page: Page,
  account: E2eAccount = E2E_ADMIN,
  options: { baseUrl?: string } = {},
): Promise<void> {
  const base = options.baseUrl ?? ''
  await page.goto(`${base}/auth`)
  // Already signed in: /auth redirects to /admin.
  if (!new URL(page.url()).pathname.endsWith('/admin')) {
    await page.getByLabel('Email').fill(account.email)
    await page.getByLabel('Mot de passe', { exact: true }).fill(account.password)
    await page.getByRole('button', { name: 'Se connecter' }).click()
    await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 })
  }
  await expect(page.getByText(`Connecté en tant que ${account.email.toLowerCase()}`)).toBeVisible()
}
