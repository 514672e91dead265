import { base32 } from '@better-auth/utils/base32'
import { createOTP } from '@better-auth/utils/otp'
import {
  DEMO_SERVER,
  E2E_ADMIN,
  expect,
  expectNoA11yViolations,
  keepScreenshots,
  type Page,
  test,
  toast,
  waitForHydration,
} from './fixtures'
import { type OwnServer, startOwnServer } from './support/own-server'

/**
 * Issue #37 §3, the artist's account, on a server of its own (its administrator gets a second
 * factor, which the other specs' shared account must not): the sessions list, TOTP enrolment
 * with a code computed here as an authenticator app would, the sign-in's second step, and the
 * audit log of what was done.
 */

const OWN_PORT = DEMO_SERVER.port + 3
/** The TOTP code an authenticator app shows now for this base32 key. */
const totpNow = (key: string) => createOTP(base32.decode(key), { digits: 6, period: 30 }).totp()

async function signInWithPassword(page: Page, server: OwnServer): Promise<void> {
  await page.goto(`${server.url}/auth`)
  await page.getByLabel('Email').fill(E2E_ADMIN.email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click()
}

test.describe('the artist’s account (issue #37 §3)', () => {
  test.describe.configure({ mode: 'serial' })
  let server: OwnServer

  test.beforeAll(async () => {
    test.setTimeout(90_000)
    server = await startOwnServer(OWN_PORT)
  })

  test.afterAll(async () => {
    await server?.stop()
  })

  test('sessions, TOTP enrolment, the second step of sign-in, and the audit log', async ({ page }) => {
    test.setTimeout(60_000)
    await signInWithPassword(page, server)
    await expect(page).toHaveURL(/\/admin$/)

    await page.getByRole('link', { name: /Mon compte/ }).click()
    await expect(page.getByRole('heading', { name: 'Appareils connectés' })).toBeVisible()
    const current = page.getByRole('listitem').filter({ hasText: 'Cet appareil' })
    await expect(current).toContainText(/Chrome sur \w+/)
    await expect(current).toContainText('Réseau local')
    await expectNoA11yViolations(page)
    await keepScreenshots(page, 'profil', [1280, 390])

    await waitForHydration(page)
    const section = page.getByRole('region', { name: 'Double authentification' })
    await section.getByLabel('Mot de passe').fill('pas le bon mot de passe')
    await section.getByRole('button', { name: 'Activer' }).click()
    await expect(section.getByText('Mot de passe incorrect.')).toBeVisible()
    await section.getByLabel('Mot de passe').fill(E2E_ADMIN.password)
    await section.getByRole('button', { name: 'Activer' }).click()
    const key = (await section.getByTestId('cle-totp').textContent())?.trim() ?? ''
    expect(key).toMatch(/^[A-Z2-7]{16,}$/)
    await expect(section.getByRole('list', { name: 'Codes de secours' }).getByRole('listitem')).toHaveCount(
      10,
    )
    // The toast comes after the codes (an effect of the answer): audited once it is there.
    await expect(toast(page, 'Presque terminé')).toBeVisible()
    await expectNoA11yViolations(page)
    await keepScreenshots(page, 'profil-activation', [1280, 390])

    await section.getByLabel('Code de l’application').fill(await totpNow(key))
    await section.getByRole('button', { name: 'Confirmer' }).click()
    await expect(toast(page, 'Double authentification activée')).toBeVisible()
    await expect(section).toContainText('Activée')

    // Signed out, the password alone no longer opens the back-office.
    await page.context().clearCookies()
    await signInWithPassword(page, server)
    await expect(page).toHaveURL(/\/auth\?mode=code$/)
    await expect(page.getByRole('heading', { name: 'Vérification' })).toBeVisible()
    await keepScreenshots(page, 'connexion-code', [1280, 390])
    await page.goto(`${server.url}/admin`)
    await expect(page).toHaveURL(/\/auth$/)
    await signInWithPassword(page, server)
    await page.getByLabel('Code').fill('000000' === (await totpNow(key)) ? '111111' : '000000')
    await page.getByRole('button', { name: 'Vérifier' }).click()
    await expect(page.getByText('Code incorrect ou expiré', { exact: false }).first()).toBeVisible()
    await page.getByLabel('Code').fill(await totpNow(key))
    await page.getByRole('button', { name: 'Vérifier' }).click()
    await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 })

    await page.goto(`${server.url}/admin/journal`)
    const entries = page.getByRole('listitem').filter({ hasText: 'Sécurité du compte' })
    await expect(entries.filter({ hasText: 'Double authentification activée' })).toHaveCount(1)
    await expect(entries.filter({ hasText: 'Double authentification demandée' })).toHaveCount(1)
    await expect(page.getByText(E2E_ADMIN.password)).toHaveCount(0)
    await page.getByLabel('Élément', { exact: true }).selectOption('categories')
    await expect(page).toHaveURL(/entite=categories/)
    await expect(page.getByText('Aucune modification trouvée.')).toBeVisible()
    await page.getByLabel('Élément', { exact: true }).selectOption('session')
    await expect(page.getByTestId('liste-compte')).toContainText(/\d+ modifications?/)
    await expectNoA11yViolations(page)
    await keepScreenshots(page, 'journal', [1280, 390])
  })
})

/**
 * Issue #37 §3, passkeys, on a server of its own: with the settings requiring a second factor,
 * the administrator (no TOTP) is held on « Mon compte », adds a passkey there with Chromium's
 * virtual authenticator (user verification by the device), signs in with it alone — the
 * back-office opens — then deletes it, after which it no longer signs in.
 */
test.describe('passkeys of the artist’s account (issue #37 §3)', () => {
  test.describe.configure({ mode: 'serial' })
  // Chromium logs the refused sign-in of the deleted passkey (401 from /auth/cle-acces).
  test.use({ allowedConsoleErrors: [/^Failed to load resource: the server responded with a status of 401/] })
  let server: OwnServer

  test.beforeAll(async () => {
    test.setTimeout(90_000)
    server = await startOwnServer(DEMO_SERVER.port + 7)
  })

  test.afterAll(async () => {
    await server?.stop()
  })

  test('add a passkey, sign in with it alone, delete it: it no longer works', async ({ page }) => {
    test.setTimeout(90_000)
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('WebAuthn.enable')
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    })

    await signInWithPassword(page, server)
    await expect(page).toHaveURL(/\/admin$/)
    // The settings require a second factor of administrators: this one has none yet.
    await page.goto(`${server.url}/admin/settings`)
    await waitForHydration(page)
    const setting = 'Double authentification obligatoire pour les administrateurs'
    await page.getByLabel(setting, { exact: true }).selectOption('oui')
    await page.getByRole('button', { name: `Enregistrer : ${setting}` }).click()
    await expect(toast(page, 'Paramètre sauvegardé')).toBeVisible()
    await page.goto(`${server.url}/admin`)
    await expect(page).toHaveURL(/\/admin\/profil$/)
    await waitForHydration(page)

    const section = page.getByRole('region', { name: 'Clés d’accès' })
    await expect(section).toContainText('Aucune clé d’accès pour ce compte.')
    // The device refuses to verify its user: nothing is added, the page says why.
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false })
    await section.getByLabel('Nom de la clé').fill('Refusée')
    await section.getByRole('button', { name: 'Ajouter une clé d’accès' }).click()
    await expect(section.getByText(/L’enregistrement de la clé d’accès a (été annulé|échoué)/)).toBeVisible()
    await expect(section).toContainText('Aucune clé d’accès pour ce compte.')
    await keepScreenshots(page, 'profil-cle-refusee', [1280, 390])
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true })

    await section.getByLabel('Nom de la clé').fill('Ordinateur de l’atelier')
    await section.getByRole('button', { name: 'Ajouter une clé d’accès' }).click()
    await expect(toast(page, 'Clé d’accès ajoutée')).toBeVisible()
    const keys = section.getByRole('list', { name: 'Clés d’accès du compte' }).getByRole('listitem')
    await expect(keys).toHaveCount(1)
    await expect(keys.first()).toContainText('Ordinateur de l’atelier')
    await expect(keys.first()).toContainText(/Ajoutée le \d/)
    expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1)
    await expectNoA11yViolations(page)
    await keepScreenshots(page, 'profil-cles-acces', [1280, 390])

    // Signed out, the passkey alone opens the back-office, past the second-factor requirement.
    await page.getByRole('button', { name: 'Se déconnecter' }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await waitForHydration(page)
    await keepScreenshots(page, 'connexion-cle-acces', [1280, 390])
    await page.getByRole('button', { name: 'Se connecter avec une clé d’accès' }).click()
    await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 })
    await page.goto(`${server.url}/admin/journal`)
    await expect(page).toHaveURL(/\/admin\/journal$/)
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: 'Clé d’accès ajoutée' })
        .filter({ hasText: E2E_ADMIN.email }),
    ).toHaveCount(1)

    // Deleted (after a confirmation), it no longer signs in.
    await page.goto(`${server.url}/admin/profil`)
    await waitForHydration(page)
    await section.getByRole('button', { name: 'Supprimer Ordinateur de l’atelier' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click()
    await expect(toast(page, 'Clé d’accès supprimée')).toBeVisible()
    await expect(section).toContainText('Aucune clé d’accès pour ce compte.')
    await page.context().clearCookies()
    await page.goto(`${server.url}/auth`)
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Se connecter avec une clé d’accès' }).click()
    await expect(
      page.getByText('Cette clé d’accès n’a pas permis de vous connecter', { exact: false }).first(),
    ).toBeVisible()
    await expect(page).toHaveURL(/\/auth$/)
    await expectNoA11yViolations(page)
    await keepScreenshots(page, 'connexion-cle-refusee', [1280, 390])
    await page.goto(`${server.url}/admin`)
    await expect(page).toHaveURL(/\/auth$/)
  })
})
