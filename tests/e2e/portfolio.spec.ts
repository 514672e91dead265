/**
 * The portfolio (public spec §2 /portfolio, /portfolio/categorie/{id}, /portfolio/oeuvre/{id}; §4
 * visibility; §9 '+N' tags and 10 images): from the category grid to an artwork, its full-screen
 * viewer (wrap-around, counter, keyboard, focus), prices by statut, fallbacks and accessibility.
 */
import {
  DEMO_ARTWORKS,
  DEMO_CATEGORIES,
  DEMO_GALLERY_ARTWORK,
  DEMO_HIDDEN_ARTWORK,
  DEMO_HIDDEN_CATEGORY,
  DEMO_SOLD_ARTWORK,
} from '#app/db/seed/demo-data'
import { formatPrice } from '#app/lib/format'
import { expect, expectNoA11yViolations, MOBILE, type Page, test, waitForHydration } from './fixtures'
import { demoPageTitle, demoRow } from './support/demo'

const demoArtwork = (nom: string) => demoRow(DEMO_ARTWORKS, 'nom', nom)

const PORTFOLIO_TITLE = demoPageTitle('categories', 'Portfolio')
const VISIBLE_CATEGORIES = DEMO_CATEGORIES.filter((category) => category.affichee)
  .sort((a, b) => a.ordre - b.ordre)
  .map((category) => category.nom)
const GALLERY = demoArtwork(DEMO_GALLERY_ARTWORK)
const SOLD = demoArtwork(DEMO_SOLD_ARTWORK)
const GALLERY_CATEGORY_ARTWORKS = DEMO_ARTWORKS.filter(
  (artwork) => artwork.categorie === GALLERY.categorie && artwork.affichee,
)
  .sort((a, b) => a.ordre - b.ordre)
  .map((artwork) => artwork.nom)
const TOTAL = GALLERY.images.length

const main = (page: Page) => page.getByRole('main')
const counter = (page: Page, n: number) =>
  page.getByRole('dialog').getByText(`${n} / ${TOTAL}`, { exact: true })

/** Opens the gallery artwork by clicking through /portfolio and its category, like a visitor. */
async function openGalleryArtwork(page: Page) {
  await page.goto('/portfolio')
  await main(page).getByRole('link', { name: GALLERY.categorie, exact: true }).click()
  await main(page).getByRole('link', { name: DEMO_GALLERY_ARTWORK, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: DEMO_GALLERY_ARTWORK })).toBeVisible()
  await waitForHydration(page)
}

test.describe('/portfolio', () => {
  test('lists the displayed categories in order, each linking to its page', async ({ page }) => {
    await page.goto('/portfolio')

    await expect(page.getByRole('heading', { level: 1, name: PORTFOLIO_TITLE })).toBeVisible()
    await expect(main(page).getByRole('heading', { level: 2 })).toHaveText(VISIBLE_CATEGORIES)
    await expect(main(page).getByText(DEMO_HIDDEN_CATEGORY)).toHaveCount(0)
    await expect(main(page).getByRole('link', { name: VISIBLE_CATEGORIES[0], exact: true })).toHaveAttribute(
      'href',
      /^\/portfolio\/categorie\/[0-9a-f-]{36}$/,
    )
    await expectNoA11yViolations(page)
  })

  test('says when no category is displayed', async ({ page, emptySite }) => {
    await page.goto(`${emptySite}/portfolio`)
    await expect(page.getByText("Aucune catégorie n'est disponible pour le moment.")).toBeVisible()
  })
})

test.describe('/portfolio/categorie/{id}', () => {
  test('shows the category, its count and its displayed artworks in order, with 2 tags then +N', async ({
    page,
  }) => {
    await page.goto('/portfolio')
    await main(page).getByRole('link', { name: GALLERY.categorie, exact: true }).click()

    await expect(page).toHaveURL(/\/portfolio\/categorie\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1, name: GALLERY.categorie })).toBeVisible()
    const count = GALLERY_CATEGORY_ARTWORKS.length
    await expect(
      main(page).getByText(`${count} ${count > 1 ? 'œuvres' : 'œuvre'}`, { exact: true }),
    ).toBeVisible()
    await expect(main(page).getByRole('heading', { level: 2 })).toHaveText(GALLERY_CATEGORY_ARTWORKS)
    await expect(main(page).getByText(DEMO_HIDDEN_ARTWORK)).toHaveCount(0)

    const card = main(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: DEMO_GALLERY_ARTWORK, exact: true }) })
    await expect(card.getByText(GALLERY.technique)).toBeVisible()
    await expect(card.getByText(`${GALLERY.dimensions} · ${GALLERY.annee}`)).toBeVisible()
    const tags = card.getByRole('list', { name: 'Mots-clés' }).getByRole('listitem')
    await expect(tags).toHaveCount(3)
    await expect(tags.nth(0)).toHaveText(GALLERY.tags[0] ?? '')
    await expect(tags.nth(1)).toHaveText(GALLERY.tags[1] ?? '')
    await expect(tags.nth(2)).toContainText(`+${GALLERY.tags.length - 2}`)

    await expect(main(page).getByRole('link', { name: 'Retour au portfolio' })).toHaveAttribute(
      'href',
      '/portfolio',
    )
    await expectNoA11yViolations(page)
  })

  for (const id of ['-1', 'abc', "1'%20OR%20'1'='1", '00000000-0000-0000-0000-000000000000']) {
    test(`answers 404 with its fallback for the id ${id}`, async ({ page }) => {
      const response = await page.goto(`/portfolio/categorie/${id}`)
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { level: 1, name: 'Catégorie introuvable' })).toBeVisible()
      await expect(main(page).getByRole('link', { name: 'Retour au portfolio' })).toBeVisible()
    })
  }
})

test.describe('/portfolio/oeuvre/{id}', () => {
  test('shows the details and the price of an available artwork, and links back to its category', async ({
    page,
  }) => {
    await openGalleryArtwork(page)

    await expect(main(page).getByText(formatPrice(GALLERY.prix ?? ''), { exact: true })).toBeVisible()
    await expect(main(page).getByText(GALLERY.technique, { exact: true })).toBeVisible()
    await expect(main(page).getByText(GALLERY.dimensions, { exact: true })).toBeVisible()
    await expect(main(page).getByText(String(GALLERY.annee), { exact: true })).toBeVisible()
    await expect(main(page).getByText('Disponible', { exact: true })).toBeVisible()
    for (const tag of GALLERY.tags) await expect(main(page).getByText(tag, { exact: true })).toBeVisible()
    await expect(main(page).getByText(/^Ajoutée le \d{1,2} \S+ \d{4}$/)).toBeVisible()

    await page
      .getByRole('navigation', { name: "Fil d'Ariane" })
      .getByRole('link', { name: GALLERY.categorie, exact: true })
      .click()
    await expect(page.getByRole('heading', { level: 1, name: GALLERY.categorie })).toBeVisible()
  })

  test('does not show the price of a sold artwork', async ({ page }) => {
    await page.goto('/portfolio')
    await main(page).getByRole('link', { name: SOLD.categorie, exact: true }).click()
    await main(page).getByRole('link', { name: DEMO_SOLD_ARTWORK, exact: true }).click()

    await expect(page.getByRole('heading', { level: 1, name: DEMO_SOLD_ARTWORK })).toBeVisible()
    await expect(main(page).getByText('Vendu', { exact: true })).toBeVisible()
    await expect(main(page).getByText(formatPrice(SOLD.prix ?? ''))).toHaveCount(0)
    await expect(main(page).getByText('€')).toHaveCount(0)
  })

  test('opens the full-screen viewer on the chosen image and wraps around with arrows and buttons', async ({
    page,
  }) => {
    await openGalleryArtwork(page)
    await expect(page.getByRole('button', { name: /^Voir l'image \d+ sur \d+$/ })).toHaveCount(TOTAL)
    await page.getByRole('button', { name: `Voir l'image 3 sur ${TOTAL}` }).click()
    const opener = page.getByRole('button', { name: /^Agrandir l'image/ })
    await expect(opener).toHaveAccessibleName(`Agrandir l'image 3 sur ${TOTAL} en plein écran`)

    await opener.click()
    const dialog = page.getByRole('dialog', { name: DEMO_GALLERY_ARTWORK })
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAttribute('aria-modal', 'true')
    await expect(counter(page, 3)).toBeVisible()

    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('ArrowLeft')
    await expect(counter(page, 1)).toBeVisible()
    await page.keyboard.press('ArrowLeft')
    await expect(counter(page, TOTAL)).toBeVisible()
    await page.keyboard.press('ArrowRight')
    await expect(counter(page, 1)).toBeVisible()
    await dialog.getByRole('button', { name: 'Image précédente' }).click()
    await expect(counter(page, TOTAL)).toBeVisible()
    await dialog.getByRole('button', { name: 'Image suivante' }).click()
    await expect(counter(page, 1)).toBeVisible()
  })

  test('keeps focus inside the viewer and gives it back to the opener on Escape or close', async ({
    page,
  }) => {
    await openGalleryArtwork(page)
    const opener = page.getByRole('button', { name: /^Agrandir l'image/ })
    const dialog = page.getByRole('dialog', { name: DEMO_GALLERY_ARTWORK })

    await opener.click()
    await expect(dialog).toBeVisible()
    for (let step = 0; step < 5; step++) {
      await page.keyboard.press('Tab')
      expect(
        await page.evaluate(() => Boolean(document.activeElement?.closest('dialog, [role="dialog"]'))),
      ).toBe(true)
    }
    await expectNoA11yViolations(page)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(opener).toBeFocused()

    await opener.click()
    await dialog.getByRole('button', { name: 'Fermer' }).click()
    await expect(dialog).toBeHidden()
    await expect(opener).toBeFocused()
    await expectNoA11yViolations(page)
  })

  for (const id of ['not-a-uuid', '-42', "';drop%20table%20oeuvres;--", 'a'.repeat(10_240)]) {
    test(`answers 404 with its fallback for the id ${id.slice(0, 24)}`, async ({ page }) => {
      const response = await page.goto(`/portfolio/oeuvre/${id}`)
      expect(response?.status()).toBe(404)
      await expect(main(page).getByText("Cette œuvre n'existe pas ou n'est plus disponible.")).toBeVisible()
    })
  }
})

test.describe('portfolio at 390 px', () => {
  test.use(MOBILE)

  test('stacks the cards in one column and opens the viewer with a tap', async ({ page }) => {
    await page.goto('/portfolio')
    const cards = main(page).getByRole('listitem')
    const first = await cards.nth(0).boundingBox()
    const second = await cards.nth(1).boundingBox()
    expect(first && second && Math.abs(first.x - second.x) < 1 && second.y > first.y + first.height).toBe(
      true,
    )

    await openGalleryArtwork(page)
    await page.getByRole('button', { name: /^Agrandir l'image/ }).tap()
    await expect(counter(page, 1)).toBeVisible()
    await page.getByRole('dialog').getByRole('button', { name: 'Image suivante' }).tap()
    await expect(counter(page, 2)).toBeVisible()
    await page.getByRole('dialog').getByRole('button', { name: 'Fermer' }).tap()
    await expect(page.getByRole('dialog')).toBeHidden()
  })
})
