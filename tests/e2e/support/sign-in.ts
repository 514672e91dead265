/**
 * Shared browser-test step: sign in through the /auth form and wait for the dashboard. Other
 * specs import it (`import { signIn } from './support/sign-in'`).
 *
 * Sign-in is rate-limited per IP (10 per 15 min) and per address (5 per 15 min), and every test
 * comes from the same IP: so each worker signs in through the form once per site and account,
 * keeps the session cookie, and gives it to the next tests' browser contexts. A session that was
 * signed out (or revoked) is noticed on /admin and replaced by a new sign-in through the form.
 */
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test'
import { E2E_ADMIN } from './servers'

/** An account that can sign in: e-mail and password. */
export type E2eAccount = { email: string; password: string }

type Cookie = Awaited<ReturnType<BrowserContext['cookies']>>[number]

/** Session cookies of this worker, by site origin and address. */
const sessions = new Map<string, Cookie[]>()

async function showsDashboard(page: Page, email: string): Promise<boolean> {
  if (!new URL(page.url()).pathname.endsWith('/admin')) return false
  return page
    .getByText(`Connecté en tant que ${email.toLowerCase()}`)
    .isVisible()
    .catch(() => false)
}

/**
 * Signs `account` in and leaves the page on /admin showing "Connecté en tant que {email}":
 * reuses this worker's session for that site and account when it is still valid, else fills the
 * /auth form (which also works before hydration: it posts without JavaScript).
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
  const context = page.context()
  await page.goto(`${base}/auth`)
  const origin = new URL(page.url()).origin
  const key = `${origin} ${account.email.toLowerCase()}`
  // Already signed in as this account in this context: /auth redirected to /admin.
  if (await showsDashboard(page, account.email)) return
  if (!new URL(page.url()).pathname.endsWith('/auth')) {
    // Signed in as someone else: start from a signed-out context.
    await context.clearCookies()
    await page.goto(`${origin}/auth`)
  }

  const saved = sessions.get(key)
  if (saved) {
    await context.addCookies(saved)
    await page.goto(`${origin}/admin`)
    if (await showsDashboard(page, account.email)) return
    sessions.delete(key)
    await context.clearCookies()
    await page.goto(`${origin}/auth`)
  }

  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click()
  await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 })
  await expect(page.getByText(`Connecté en tant que ${account.email.toLowerCase()}`)).toBeVisible()
  const cookies = await context.cookies(origin)
  sessions.set(
    key,
    cookies.filter((cookie) => cookie.name.includes('session_token')),
  )
}

/** Forgets this worker's saved session of an account (after changing its password, say). */
export function forgetSession(origin: string, email: string): void {
  sessions.delete(`${origin} ${email.toLowerCase()}`)
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>

/** The administrator's signed-in browser state of this worker, by site origin. */
const signedInStates = new Map<string, StorageState>()

/**
 * The administrator's signed-in browser state (cookies), signed in through the form once per
 * worker and site, for a spec's contexts: `test.use({ storageState: signedInStorageState })`.
 * Every test of the spec then starts signed in, without a sign-in of its own.
 */
export async function signedInStorageState(
  { browser, baseURL }: { browser: Browser; baseURL: string | undefined },
  use: (state: StorageState) => Promise<void>,
): Promise<void> {
  const key = baseURL ?? ''
  let state = signedInStates.get(key)
  if (!state) {
    const context = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris' })
    await signIn(await context.newPage())
    state = await context.storageState()
    signedInStates.set(key, state)
    await context.close()
  }
  await use(state)
}
