/**
 * Back-office publishing (back-office spec §2 "Articles", "Page configuration", "Site settings",
 * §4, §5, §8; issue #3 §3, §5): an article written with the rich-text editor goes public, is hidden
 * with one click (its page then answers the 404 fallback) and is deleted; the contact page title
 * and the site title change on the public site at the next request and are restored.
 * Site-wide values (contact title, site title) are restored at once, since other specs read them.
 */

import type { Locator } from '@playwright/test'
import { testImage } from '../support/test-image'
import { cardTitled, expect, type Page, test, toast, waitForHydration } from './fixtures'
import { signIn } from './support/sign-in'

test.describe.configure({ timeout: 120_000 })

/** Waits for a toast; an action plus the revalidation of the page can take seconds on 2 busy cores. */
async function expectToast(page: Page, text: string) {
  await expect(toast(page, text)).toBeVisible({ timeout: 20_000 })
}

async function openAdmin(page: Page, path: string) {
  await page.goto(path)
  await waitForHydration(page)
}

/**
 * Sets a back-office text field to `value` and saves it, runs `check` (the public side), then puts
 * the former value back and saves again, whatever `check` did.
 *
 * @param form.path - the back-office screen, e.g. '/admin/pages'.
 * @param form.field / form.save - the field and its save button, found from the page.
 * @param form.saved - the success toast of a save.
 * @returns the former value.
 */
async function withSavedValue(
  page: Page,
  form: { path: string; field: (page: Page) => Locator; save: (page: Page) => Locator; saved: string },
  value: string,
  check: () => Promise<void>,
): Promise<string> {
  await openAdmin(page, form.path)
  const original = await form.field(page).inputValue()
  const saveAs = async (text: string) => {
    await form.field(page).fill(text)
    await form.save(page).click()
    await expectToast(page, form.saved)
  }
  try {
    await saveAs(value)
    await check()
  } finally {
    await openAdmin(page, form.path)
    await saveAs(original)
  }
  return original
}

test.describe('Articles', () => {
  // Both tests read /admin/articles: the refused form must not open the list while the other test's
  // article (and its image, released at its deletion) comes and goes — its lazy image then answers 404.
  test.describe.configure({ mode: 'serial' })
  test('create published and displayed → on /blog and /blog/{slug} → hidden → 404 → deleted', async ({
    page,
  }) => {
    const stamp = Date.now()
    const titre = `Été à l’atelier ${stamp}`
    const slug = `ete-a-latelier-${stamp}`
    await signIn(page)
    await openAdmin(page, '/admin/articles')

    await page.getByRole('button', { name: 'Nouvel article' }).click()
    const form = page.getByRole('region', { name: 'Nouvel article' })
    await form.getByRole('textbox', { name: 'Titre', exact: true }).fill(titre)
    await expect(form.getByText(`Adresse : /blog/${slug}.`)).toBeVisible()
    const editor = form.getByRole('textbox', { name: 'Contenu' })
    await editor.click()
    await page.keyboard.type('Le souffle ')
    await page.getByRole('button', { name: 'Gras' }).click()
    await page.keyboard.type('et le trait')
    const tags = form.getByRole('textbox', { name: 'Étiquettes', exact: true })
    await tags.fill('Encre')
    await tags.press('Enter')
    await tags.fill('encre')
    await tags.press('Enter')
    await expect(form.getByText('L’étiquette « encre » est déjà présente.')).toBeVisible()
    await expect(
      form.getByRole('list', { name: 'Étiquettes de l’article' }).getByRole('listitem'),
    ).toHaveText(['Encre'])
    await form.getByLabel('Statut').selectOption({ label: 'Publié' })
    await form.getByLabel('Type', { exact: true }).selectOption({ label: 'Tutoriel' })
    const png = await testImage(800, 450, '#7a4b2a')
    await page
      .getByText('Choisir une image')
      .setInputFiles({ name: 'atelier.png', mimeType: 'image/png', buffer: png })
    await expectToast(page, 'Image uploadée')
    await form.getByRole('switch', { name: 'Article masqué' }).click()
    await expect(form.getByRole('switch', { name: 'Article affiché' })).toBeChecked()
    await form.getByRole('button', { name: "Créer l'article" }).click()
    await expectToast(page, 'Article créé')

    const card = cardTitled(page, titre)
    await expect(card).toContainText('Publié')
    await expect(card).toContainText('Tutoriel')
    await expect(card.getByRole('list', { name: 'Étiquettes' })).toHaveText('Encre')

    await page.goto('/blog')
    await expect(page.getByRole('main').getByText(titre).first()).toBeVisible()
    const response = await page.goto(`/blog/${slug}`)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: titre })).toBeVisible()
    await expect(page.locator('.rich-text strong', { hasText: 'et le trait' })).toBeVisible()

    await openAdmin(page, '/admin/articles')
    await card.getByRole('switch', { name: 'Article affiché' }).click()
    await expectToast(page, 'Article masqué')
    await expect(card.getByRole('switch', { name: 'Article masqué' })).not.toBeChecked()

    const hidden = await page.goto(`/blog/${slug}`)
    expect(hidden?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Article non trouvé' })).toBeVisible()
    await page.goto('/blog')
    await expect(page.getByRole('main').getByText(titre)).toHaveCount(0)

    await openAdmin(page, '/admin/articles')
    await card.getByRole('button', { name: `Supprimer l'article ${titre}` }).click()
    await expect(page.getByRole('alertdialog')).toContainText(
      `Êtes-vous sûr de vouloir supprimer l'article « ${titre} » ?`,
    )
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click()
    // The card that sent the delete is gone with the row: the admin layout shows its toast.
    await expectToast(page, 'Article supprimé')
    await expect(card).toHaveCount(0)
  })

  test('refuses an article without title or content, with French messages', async ({ page }) => {
    await signIn(page)
    await openAdmin(page, '/admin/articles')
    await page.getByRole('button', { name: 'Nouvel article' }).click()
    await page.getByRole('button', { name: "Créer l'article" }).click()
    await expect(page.getByText('Le titre est requis', { exact: true }).first()).toBeVisible({
      timeout: 20_000,
    })
    await expect(page.getByRole('textbox', { name: 'Titre', exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
  })
})

test.describe('Page configuration', () => {
  test('the contact page title changes on /contact, then is restored', async ({ page }) => {
    const titre = `Écrivez-moi ${Date.now()}`
    await signIn(page)
    const contact = (current: Page) => current.getByRole('region', { name: 'Contact', exact: true })
    const original = await withSavedValue(
      page,
      {
        path: '/admin/pages',
        field: (current) => contact(current).getByLabel('Titre', { exact: true }),
        save: (current) => contact(current).getByRole('button', { name: 'Enregistrer' }),
        saved: 'Configuration sauvegardée',
      },
      titre,
      async () => {
        await page.goto('/contact')
        await expect(page.getByRole('heading', { level: 1, name: titre })).toBeVisible()
      },
    )
    await page.goto('/contact')
    await expect(page.getByRole('heading', { level: 1, name: original || 'Contact' })).toBeVisible()
  })

  test('refuses a banner height without unit', async ({ page }) => {
    await signIn(page)
    await openAdmin(page, '/admin/pages')
    const card = page.getByRole('region', { name: 'Mentions légales', exact: true })
    await card.getByLabel("Hauteur de l'image").fill('300')
    await card.getByRole('button', { name: 'Enregistrer' }).click()
    await expect(
      card.getByText('Taille invalide : un nombre suivi de px, vh, vw, rem ou % (ex. 300px, 50vh, 100%).'),
    ).toBeVisible({ timeout: 20_000 })
  })
})

test.describe('Site settings', () => {
  test('the site title shows in the header on the next request, then is restored', async ({ page }) => {
    const title = `Atelier ${Date.now()}`
    await signIn(page)
    const original = await withSavedValue(
      page,
      {
        path: '/admin/settings',
        field: (current) => current.getByLabel('Titre du site', { exact: true }),
        save: (current) => current.getByRole('button', { name: 'Enregistrer : Titre du site' }),
        saved: 'Paramètre sauvegardé',
      },
      title,
      async () => {
        await page.goto('/')
        await expect(page.getByRole('banner').getByText(title, { exact: true })).toBeVisible()
      },
    )
    await page.goto('/')
    await expect(page.getByRole('banner').getByText(original || 'Encre', { exact: true })).toBeVisible()
  })

  test('refuses a colour that is not hexadecimal', async ({ page }) => {
    await signIn(page)
    await openAdmin(page, '/admin/settings')
    const field = page.getByLabel('Couleur des boutons', { exact: true })
    await field.fill('rouge')
    await page.getByRole('button', { name: 'Enregistrer : Couleur des boutons' }).click()
    await expect(
      page.getByText('Couleur invalide : utilisez le format hexadécimal (ex. #9f2a1d).').first(),
    ).toBeVisible({ timeout: 20_000 })
  })
})
