import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  DEMO_SERVER,
  E2E_ADMIN,
  expect,
  expectNoA11yViolations,
  type Mail,
  type Page,
  readMails,
  test,
  toast,
  waitForHydration,
} from './fixtures'
import { signIn } from './support/sign-in'

test.describe('sign-in on the demo site (issue #3)', () => {
  test('the first administrator signs in (Connexion réussie), reaches /admin and signs out (Déconnexion réussie)', async ({
    page,
  }) => {
    await page.goto('/auth')
    await waitForHydration(page)
    await page.getByLabel('Email').fill(E2E_ADMIN.email)
    await page.getByLabel('Mot de passe', { exact: true }).fill(E2E_ADMIN.password)
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click()
    await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 })
    await expect(toast(page, 'Connexion réussie')).toContainText('Redirection...')
    await expect(page.getByText(`Connecté en tant que ${E2E_ADMIN.email.toLowerCase()}`)).toBeVisible()

    await page.goto('/auth')
    await expect(page).toHaveURL(/\/admin$/)

    await waitForHydration(page)
    await page.getByRole('button', { name: 'Se déconnecter' }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await expect(toast(page, 'Déconnexion réussie')).toContainText('À bientôt !')
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/auth$/)
  })

  test('/auth in both modes passes the accessibility audit', async ({ page }) => {
    await page.goto('/auth')
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible()
    await expectNoA11yViolations(page)
    await page.goto('/auth?mode=reset')
    await expect(page.getByRole('heading', { name: 'Mot de passe oublié ?' })).toBeVisible()
    await expectNoA11yViolations(page)
  })

  test('the dashboard links to every back-office screen', async ({ page }) => {
    await signIn(page)
    const cards = page.getByRole('navigation', { name: "Écrans d'administration" }).getByRole('link')
    await expect(cards).toHaveCount(14)
    for (const name of [
      'Catégories',
      'Œuvres',
      'Enchères',
      'Paramètres du site',
      'Mon compte',
      'Journal des modifications',
    ]) {
      await expect(cards.filter({ hasText: name })).toHaveCount(1)
    }
    await expect(page.getByRole('heading', { name: 'Informations système' })).toBeVisible()
    await expectNoA11yViolations(page)
  })
})

/**
 * The password-reset journey changes a password and ends sessions, so it runs on a site of its
 * own (next port after the empty site, fresh data folder, its own first administrator): the demo
 * and empty sites' administrator, used by every other spec, is never touched.
 */
const AUTH_PORT = DEMO_SERVER.port + 2
const AUTH_SITE = `http://localhost:${AUTH_PORT}`
const AUTH_DATA_DIR = path.join(os.tmpdir(), `encre-e2e-auth-${AUTH_PORT}`)
const AUTH_ACCOUNT = { email: 'reinitialisation@exemple.fr', password: 'encre-e2e-ancien-mot-de-passe' }
const NEW_PASSWORD = 'encre-e2e-nouveau-mot-de-passe'

let server: ChildProcess | undefined

async function waitForSite(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server?.exitCode !== null)
      throw new Error(`Le serveur de test s'est arrêté (code ${server?.exitCode}).`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`${url} ne répond pas après ${timeoutMs} ms`)
}

async function waitForResetMail(to: string): Promise<Mail> {
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    const found = (await readMails(path.join(AUTH_DATA_DIR, 'mail'))).find((mail) => mail.to.includes(to))
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`Aucun e-mail de réinitialisation pour ${to}`)
}

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click()
}

test.describe('password reset (issue #3), on a site of its own', () => {
  test.describe.configure({ mode: 'serial' })

  test.beforeAll(async () => {
    test.setTimeout(180_000)
    fs.rmSync(AUTH_DATA_DIR, { recursive: true, force: true })
    server = spawn('node', ['tests/e2e/support/start-server.mjs'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        SITE_TIMEZONE: 'Europe/Paris',
        BETTER_AUTH_SECRET: 'e2e-secret-only-for-browser-tests-0123456789',
        ADMIN_EMAIL: AUTH_ACCOUNT.email,
        ADMIN_PASSWORD: AUTH_ACCOUNT.password,
        SMTP_URL: '',
        DATABASE_URL: '',
        TRUST_PROXY: 'false',
        PORT: String(AUTH_PORT),
        SITE_URL: AUTH_SITE,
        DATA_DIR: AUTH_DATA_DIR,
        SEED_DEMO: 'false',
      },
    })
    await waitForSite(`${AUTH_SITE}/`, 170_000)
  })

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve))
      server.kill('SIGTERM')
      await exited
    }
    fs.rmSync(AUTH_DATA_DIR, { recursive: true, force: true })
  })

  test('a wrong password shows Erreur de connexion with the French message and stays on /auth', async ({
    page,
  }) => {
    await page.goto(`${AUTH_SITE}/auth`)
    await waitForHydration(page)
    await fillSignIn(page, AUTH_ACCOUNT.email, 'pas-le-bon-mot-de-passe')
    await expect(page.getByRole('alert')).toContainText('Email ou mot de passe incorrect')
    await expect(toast(page, 'Erreur de connexion')).toContainText('Email ou mot de passe incorrect')
    await expect(page).toHaveURL(/\/auth$/)
  })

  test('request → e-mail → new password → /admin → sign out → the new password signs in', async ({
    page,
  }) => {
    await page.goto(`${AUTH_SITE}/auth`)
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click()
    await expect(page.getByRole('heading', { name: 'Mot de passe oublié ?' })).toBeVisible()
    await page.getByLabel('Email').fill(AUTH_ACCOUNT.email)
    await page.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }).click()
    await expect(toast(page, 'Email envoyé')).toContainText(
      'Vérifiez votre email pour réinitialiser votre mot de passe.',
    )

    const mail = await waitForResetMail(AUTH_ACCOUNT.email)
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe')
    const link = mail.text.match(/http:\/\/localhost:\d+\/auth\/callback\?token=[A-Za-z0-9]+/)?.[0]
    expect(link, mail.text).toBeDefined()
    expect(link?.startsWith(`${AUTH_SITE}/auth/callback?token=`)).toBe(true)

    await page.goto(link as string)
    await waitForHydration(page)
    await expect(page.getByRole('heading', { name: 'Nouveau mot de passe' })).toBeVisible()
    await page.getByLabel('Nouveau mot de passe').fill(NEW_PASSWORD)
    await page.getByLabel('Confirmer le mot de passe').fill(`${NEW_PASSWORD}-autre`)
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click()
    await expect(page.getByRole('alert')).toContainText('Les mots de passe ne correspondent pas')
    await page.getByLabel('Confirmer le mot de passe').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click()
    await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 })
    await expect(toast(page, 'Connexion réussie')).toBeVisible()
    await expect(page.getByText(`Connecté en tant que ${AUTH_ACCOUNT.email}`)).toBeVisible()

    // The link works once.
    await page.goto(link as string)
    await expect(page.getByRole('alert')).toContainText(
      'Ce lien de réinitialisation est invalide ou a expiré.',
    )

    await page.goto(`${AUTH_SITE}/admin`)
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Se déconnecter' }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await expect(toast(page, 'Déconnexion réussie')).toContainText('À bientôt !')

    await fillSignIn(page, AUTH_ACCOUNT.email, AUTH_ACCOUNT.password)
    await expect(page.getByRole('alert')).toContainText('Email ou mot de passe incorrect')
    await fillSignIn(page, AUTH_ACCOUNT.email, NEW_PASSWORD)
    await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 })
    await expect(page.getByText(`Connecté en tant que ${AUTH_ACCOUNT.email}`)).toBeVisible()

    // DESIGN.md §5: the session cookie is HttpOnly, SameSite=Lax, and not Secure on an http site.
    const cookie = (await page.context().cookies(AUTH_SITE)).find((item) =>
      item.name.includes('session_token'),
    )
    expect(cookie).toMatchObject({
      name: 'better-auth.session_token',
      httpOnly: true,
      sameSite: 'Lax',
      secure: false,
    })
  })

  test('without JavaScript: the reset mode answers inline, and sign-in reaches /admin', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'fr-FR' })
    const page = await context.newPage()
    try {
      await page.goto(`${AUTH_SITE}/auth`)
      await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click()
      await expect(page).toHaveURL(/\/auth\?mode=reset$/)
      await page.getByLabel('Email').fill('personne@exemple.fr')
      await page.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }).click()
      await expect(page.getByRole('status')).toContainText('Email envoyé')
      await expect(page.getByRole('status')).toContainText(
        'Vérifiez votre email pour réinitialiser votre mot de passe.',
      )

      await page.getByRole('link', { name: 'Retour à la connexion' }).click()
      await fillSignIn(page, AUTH_ACCOUNT.email, NEW_PASSWORD)
      await expect(page.getByRole('status')).toContainText('Connexion réussie')
      await expect(page).toHaveURL(/\/admin$/, { timeout: 10_000 })
      await expect(page.getByText(`Connecté en tant que ${AUTH_ACCOUNT.email}`)).toBeVisible()
    } finally {
      await context.close()
    }
  })
})
