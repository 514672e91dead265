/**
 * Every refusal of the back-office is seen at once (issue #36 §5): an action answered 4xx shows
 * its toast (and its field errors) on the spot with JavaScript, and the page a form posted without
 * JavaScript answers shows the same French text. One test per kind of refusal — invalid input
 * (400), a row gone meanwhile (404), a forbidden deletion (403) — each with and without
 * JavaScript; the conflict (409, 'Une enchère est déjà active') sits in auction.spec.ts, whose
 * journeys own the one active auction. Nothing here changes the demo site: every request is refused.
 */
import crypto from 'node:crypto'
import { E2E_ADMIN, expect, type Page, test, toast, waitForHydration } from './fixtures'
import { signedInStorageState } from './support/sign-in'

test.use({ storageState: signedInStorageState })

const FORBIDDEN_TEXT = 'Vous ne pouvez pas supprimer votre propre compte.'
const GONE_TEXT = 'Impossible de supprimer la catégorie. Catégorie introuvable.'

/** The signed-in administrator's account id, read from their own card's edit form. */
async function ownAccountId(page: Page): Promise<string> {
  await page.goto('/admin/users')
  // A context of its own on a busy machine may take a while to hydrate.
  await waitForHydration(page, 30_000)
  const own = page.getByRole('article').filter({ hasText: E2E_ADMIN.email })
  await own.getByRole('button', { name: /^Modifier/ }).click()
  const id = await own.locator('input[name="id"]').inputValue()
  expect(id).toMatch(/^[\w-]{8,}$/)
  return id
}

/** Fills the auction form with a start price under 1 €: refused by the server, nothing created. */
async function submitAuctionUnderOneEuro(page: Page) {
  await page.getByLabel("Nom de l'enchère").fill(`Refus ${crypto.randomBytes(3).toString('hex')}`)
  await page.getByLabel('Prix de départ (€)').fill('0.5')
  await page.getByRole('button', { name: "Créer l'enchère" }).click()
}

test.describe('with JavaScript', () => {
  test('invalid input: the toast and the field error show at once', async ({ page }) => {
    await page.goto('/admin/encheres')
    await waitForHydration(page)
    await submitAuctionUnderOneEuro(page)
    await expect(toast(page, "Impossible de créer l'enchère")).toBeVisible()
    await expect(page.getByText("Le prix de départ doit être d'au moins 1,00\u00a0€")).toBeVisible()
  })

  test('a row deleted meanwhile: the second deletion says it is gone', async ({ page }) => {
    const nom = `Refus ${crypto.randomBytes(4).toString('hex')}`
    await page.goto('/admin/categories')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Nouvelle catégorie' }).click()
    await page.getByLabel('Nom').fill(nom)
    await page.getByRole('button', { name: 'Créer la catégorie' }).click()
    await expect(toast(page, 'Catégorie créée')).toBeVisible()

    // Another tab deletes it; this one still shows it.
    const other = await page.context().newPage()
    await other.goto('/admin/categories')
    await waitForHydration(other)
    await other.getByRole('button', { name: `Supprimer la catégorie ${nom}` }).click()
    await other.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click()
    await expect(toast(other, 'Catégorie supprimée')).toBeVisible()
    await other.close()

    await page.getByRole('button', { name: `Supprimer la catégorie ${nom}` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click()
    await expect(toast(page, GONE_TEXT)).toBeVisible()
  })

  test("forbidden: deleting one's own account says why at once", async ({ page }) => {
    await ownAccountId(page)
    // The screen offers no such button: the request of the open edit form is turned into one.
    await page.route('**/admin/users.data*', async (route) => {
      const request = route.request()
      if (request.method() !== 'POST') return route.continue()
      await route.continue({ postData: (request.postData() ?? '').replace('intent=update', 'intent=delete') })
    })
    await page.getByRole('button', { name: 'Enregistrer' }).click()
    await expect(toast(page, FORBIDDEN_TEXT)).toBeVisible()
    await page.unroute('**/admin/users.data*')
    await page.reload()
    await expect(page.getByRole('article').filter({ hasText: E2E_ADMIN.email })).toBeVisible()
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  /**
   * Posts `fields` to `action` from a plain form at the site's address (a page left open while
   * the row changed, say), as a browser without JavaScript does.
   */
  async function postForm(page: Page, action: string, fields: Record<string, string>) {
    const inputs = Object.entries(fields)
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
      .join('')
    await page.route('**/formulaire-refus', (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><form method="post" action="${action}">${inputs}<button>Envoyer</button></form>`,
      }),
    )
    await page.goto('/formulaire-refus')
    await page.getByRole('button', { name: 'Envoyer' }).click()
    await page.waitForURL(`**${action}`)
  }

  test('invalid input: the answered page shows the toast text and the field error', async ({ page }) => {
    await page.goto('/admin/encheres')
    await submitAuctionUnderOneEuro(page)
    await expect(page.getByRole('alert').filter({ hasText: "Impossible de créer l'enchère" })).toBeVisible()
    await expect(page.getByText("Le prix de départ doit être d'au moins 1,00\u00a0€")).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Enchères éphémères' })).toBeVisible()
  })

  test('a row gone: the answered page says so', async ({ page }) => {
    await postForm(page, '/admin/categories', { intent: 'delete', id: crypto.randomUUID() })
    await expect(page.getByRole('alert').filter({ hasText: GONE_TEXT })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Gestion des catégories' })).toBeVisible()
  })

  test("forbidden: deleting one's own account, the answered page says why", async ({ page }) => {
    // The dashboard's system card names the signed-in account's id, written by the server.
    await page.goto('/admin')
    const id = (await page.locator('dt:text-is("Identifiant utilisateur") + dd').textContent())?.trim() ?? ''
    expect(id).toMatch(/^[\w-]{8,}$/)
    await postForm(page, '/admin/users', { intent: 'delete', id })
    await expect(page.getByRole('alert').filter({ hasText: FORBIDDEN_TEXT })).toBeVisible()
    await expect(page.getByRole('article').filter({ hasText: E2E_ADMIN.email })).toBeVisible()
  })
})
