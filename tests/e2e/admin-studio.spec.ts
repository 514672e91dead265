/**
 * Back-office podcasts and studio photos (back-office spec §2 "Podcast seasons and episodes",
 * "Studio photos", §4, §5, §8; issue #3 §3, §5): a season and a published episode appear on
 * /podcasts, the season page and the episode page, disappear once unpublished, and are deleted;
 * two real images sent through 'Upload multiple' appear on /atelier, are reordered with the
 * keyboard (the order on /atelier follows), one is hidden, both are deleted.
 * Rows carry a unique stamp: the demo site is shared with the other specs.
 */

import { testImage } from '../support/test-image'
import { expect, expectNoA11yViolations, MOBILE, type Page, test, toast, waitForHydration } from './fixtures'
import { signIn } from './support/sign-in'

test.describe.configure({ timeout: 150_000 })

async function openAdmin(page: Page, path: string) {
  await page.goto(path)
  await waitForHydration(page)
}

test('podcast season and published episode → public pages → unpublished → gone → deleted', async ({
  page,
}) => {
  const stamp = Date.now()
  const seasonName = `Saison des encres ${stamp}`
  const episodeTitle = `Le geste du pinceau ${stamp}`
  await signIn(page)

  await openAdmin(page, '/admin/saisons-podcast')
  await page.getByRole('button', { name: 'Nouvelle saison' }).click()
  const seasonDialog = page.getByRole('dialog', { name: 'Nouvelle saison' })
  await seasonDialog.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(seasonDialog.getByText('Le nom est obligatoire')).toBeVisible()
  await seasonDialog.getByLabel('Nom *').fill(seasonName)
  await seasonDialog.getByRole('textbox', { name: 'Description' }).click()
  await page.keyboard.type('Une saison sur les encres de Chine.')
  await seasonDialog.getByLabel('Ordre').fill('90')
  await seasonDialog.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(toast(page, 'Saison créée')).toBeVisible()
  await expect(seasonDialog).toBeHidden()
  await expect(page.getByRole('row').filter({ hasText: seasonName })).toBeVisible()

  await openAdmin(page, '/admin/episodes-podcast')
  await page.getByRole('button', { name: 'Nouvel épisode' }).click()
  const episodeDialog = page.getByRole('dialog', { name: 'Nouvel épisode' })
  await expect(episodeDialog.getByText('Hébergeurs acceptés')).toBeVisible()
  await episodeDialog.getByLabel('Titre *').fill(episodeTitle)
  await episodeDialog.getByLabel('Saison').selectOption({ label: seasonName })
  await episodeDialog.getByLabel('Résumé').fill('Un épisode sur le geste.')
  await episodeDialog.getByLabel('Durée').fill('12 min')
  await episodeDialog.getByLabel('Date de publication').fill('2026-03-03')
  await episodeDialog.getByRole('switch', { name: 'Épisode publié' }).click()
  await episodeDialog.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(toast(page, 'Épisode créé')).toBeVisible()
  const episodeRow = page.getByRole('row').filter({ hasText: episodeTitle })
  await expect(episodeRow).toContainText(seasonName)

  await page.goto('/podcasts')
  await page.getByRole('main').getByRole('link', { name: seasonName }).click()
  await expect(page.getByRole('heading', { level: 1, name: seasonName })).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: episodeTitle }).click()
  await expect(page.getByRole('heading', { level: 1, name: episodeTitle })).toBeVisible()
  const episodeUrl = page.url()
  const seasonUrl = new URL(
    (await page.getByRole('main').getByRole('link', { name: seasonName }).first().getAttribute('href')) ?? '',
    episodeUrl,
  ).href

  await openAdmin(page, '/admin/episodes-podcast')
  const publish = page.getByRole('switch', { name: `Publier l'épisode « ${episodeTitle} »` })
  await expect(publish).toBeChecked()
  await publish.click()
  await expect(toast(page, 'Épisode masqué')).toBeVisible()
  await expect(publish).not.toBeChecked()

  const gone = await page.goto(episodeUrl)
  expect(gone?.status()).toBe(404)
  await expect(page.getByText('Épisode introuvable').first()).toBeVisible()
  await page.goto(seasonUrl)
  await expect(page.getByRole('heading', { level: 1, name: seasonName })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: episodeTitle })).toHaveCount(0)

  await openAdmin(page, '/admin/episodes-podcast')
  await page.getByRole('button', { name: `Supprimer l'épisode « ${episodeTitle} »` }).click()
  const confirmEpisode = page.getByRole('alertdialog')
  await expect(confirmEpisode).toContainText(
    `Êtes-vous sûr de vouloir supprimer l'épisode "${episodeTitle}" ?`,
  )
  await confirmEpisode.getByRole('button', { name: 'Supprimer' }).click()
  await expect(toast(page, 'Épisode supprimé')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: episodeTitle })).toHaveCount(0)

  await openAdmin(page, '/admin/saisons-podcast')
  await page.getByRole('button', { name: `Supprimer la saison « ${seasonName} »` }).click()
  const confirmSeason = page.getByRole('alertdialog')
  await expect(confirmSeason).toContainText(`Êtes-vous sûr de vouloir supprimer la saison "${seasonName}" ?`)
  await confirmSeason.getByRole('button', { name: 'Supprimer' }).click()
  await expect(toast(page, 'Saison supprimée')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: seasonName })).toHaveCount(0)
  await page.goto('/podcasts')
  await expect(page.getByRole('main').getByRole('link', { name: seasonName })).toHaveCount(0)
})

/** Alt texts of the /atelier gallery, in order, across its pages (each page's « Suivant » link followed). */
async function galleryNames(page: Page): Promise<string[]> {
  const names: string[] = []
  let address: string | null = '/atelier'
  while (address) {
    await page.goto(address)
    names.push(
      ...(await page
        .getByTestId('atelier-gallery')
        .locator('img')
        .evaluateAll((images) => images.map((image) => image.getAttribute('alt') ?? ''))),
    )
    const next = page.getByRole('navigation', { name: 'Pages des photos' }).locator('a[rel="next"]')
    address = (await next.count()) > 0 ? await next.getAttribute('href') : null
  }
  return names
}

test('studio photos: multi-upload → on /atelier → keyboard reorder → order follows → hidden → deleted', async ({
  page,
}) => {
  const stamp = Date.now()
  const colour = (n: number) => ({
    r: (stamp + n * 97) % 256,
    g: (n * 61) % 256,
    b: Math.floor(stamp / 256) % 256,
  })
  const files = await Promise.all(
    [1, 2].map(async (n) => ({
      name: `atelier-${stamp}-${n}.png`,
      mimeType: 'image/png',
      buffer: await testImage(640, 480, colour(n)),
    })),
  )
  await signIn(page)
  await openAdmin(page, '/admin/photos-atelier')
  await expect(page.getByRole('heading', { level: 1, name: "Gestion des Photos d'Atelier" })).toBeVisible()

  await page.getByRole('button', { name: 'Upload multiple' }).click()
  const dialog = page.getByRole('dialog', { name: 'Upload multiple' })
  await dialog
    .getByText('Choisir des images')
    .setInputFiles([
      ...files,
      { name: `notes-${stamp}.txt`, mimeType: 'text/plain', buffer: Buffer.from('pas une image') },
    ])
  await expect(dialog.getByText(`notes-${stamp}.txt n'est pas une image valide`)).toBeVisible()
  await expect(dialog.getByTestId('upload-state')).toHaveText(['En attente', 'En attente'])
  await dialog.getByRole('button', { name: 'Uploader 2 image(s)' }).click()
  await expect(toast(page, '2 photo(s) ajoutée(s) avec succès')).toBeVisible({ timeout: 30_000 })
  await expect(dialog).toBeHidden()

  const items = page.getByTestId('atelier-admin-photo')
  const count = await items.count()
  const names = await items.locator('p.font-medium').allTextContents()
  const [first, second] = names.slice(-2)
  expect(first).toMatch(/^Photo \d+-1$/)
  expect(second).toBe(first?.replace(/-1$/, '-2'))
  await expect(page.getByRole('heading', { name: "Photos de l'atelier" })).toBeVisible()
  await expect(page.getByTestId('liste-compte')).toHaveText(`${count} photos`)
  if (!first || !second) throw new Error('photos absentes')

  let publicNames = await galleryNames(page)
  expect(publicNames.indexOf(first)).toBeGreaterThanOrEqual(0)
  expect(publicNames.indexOf(first)).toBeLessThan(publicNames.indexOf(second))

  await openAdmin(page, '/admin/photos-atelier')
  const handle = page.getByRole('button', { name: new RegExp(`^Déplacer ${second} \\(position`) })
  // Each key waits for dnd-kit's own announcement of the step before the next one: on a loaded
  // machine a key pressed while the list is still being measured is lost (the pick-up is pressed
  // again until it is announced; a stray drop in between moves nothing).
  const announced = page.locator('[id^="DndLiveRegion"]')
  await expect(async () => {
    await handle.focus()
    await page.keyboard.press('Space')
    // dnd-kit announces the pick-up, then at once the photo over its own place.
    await expect(announced).toContainText(
      new RegExp(`^${second} (saisie|déplacée en position ${count} sur ${count})`),
      { timeout: 2_000 },
    )
  }).toPass({ timeout: 15_000 })
  await page.keyboard.press('ArrowUp')
  await expect(announced).toContainText(`${second} déplacée en position ${count - 1} sur ${count}`)
  await page.keyboard.press('Space')
  await expect(announced).toContainText(`${second} déposée en position ${count - 1}`)
  await expect(toast(page, 'Ordre mis à jour')).toBeVisible({ timeout: 10_000 })
  const reordered = await items.locator('p.font-medium').allTextContents()
  expect(reordered.indexOf(second)).toBeLessThan(reordered.indexOf(first))
  await expect(items.filter({ hasText: second })).toContainText(`Ordre: ${count - 1}`)
  await expect(items.filter({ hasText: first })).toContainText(`Ordre: ${count}`)

  publicNames = await galleryNames(page)
  expect(publicNames.indexOf(second)).toBeGreaterThanOrEqual(0)
  expect(publicNames.indexOf(second)).toBeLessThan(publicNames.indexOf(first))

  await openAdmin(page, '/admin/photos-atelier')
  const firstItem = items.filter({ hasText: first })
  await firstItem.getByRole('switch', { name: 'Photo affichée' }).click()
  await expect(toast(page, 'Photo masquée')).toBeVisible()
  await expect(firstItem.getByRole('switch', { name: 'Photo masquée' })).not.toBeChecked()
  publicNames = await galleryNames(page)
  expect(publicNames).not.toContain(first)
  expect(publicNames).toContain(second)

  await openAdmin(page, '/admin/photos-atelier')
  for (const name of [first, second]) {
    await page.getByRole('button', { name: `Supprimer ${name}` }).click()
    const confirm = page.getByRole('alertdialog')
    await expect(confirm).toContainText('Êtes-vous sûr de vouloir supprimer cette photo ?')
    await confirm.getByRole('button', { name: 'Supprimer' }).click()
    await expect(items.filter({ hasText: name })).toHaveCount(0)
  }
  publicNames = await galleryNames(page)
  expect(publicNames).not.toContain(second)
})

test.describe('at 390 px', () => {
  test.use(MOBILE)

  test('the three screens and their dialogs pass axe, the photo list shows its count', async ({ page }) => {
    await signIn(page)
    await openAdmin(page, '/admin/saisons-podcast')
    await expectNoA11yViolations(page)
    await page.getByRole('button', { name: 'Nouvelle saison' }).click()
    await expect(page.getByRole('dialog', { name: 'Nouvelle saison' })).toBeVisible()
    await expectNoA11yViolations(page)

    await openAdmin(page, '/admin/episodes-podcast')
    await expectNoA11yViolations(page)
    await page.getByRole('button', { name: 'Nouvel épisode' }).click()
    await expect(page.getByRole('dialog', { name: 'Nouvel épisode' })).toBeVisible()
    await expectNoA11yViolations(page)

    await openAdmin(page, '/admin/photos-atelier')
    await expect(page.getByRole('heading', { name: "Photos de l'atelier" })).toBeVisible()
    await expect(page.getByTestId('liste-compte')).toHaveText(/^\d+ photos?$/)
    await expectNoA11yViolations(page)
    await page.getByRole('button', { name: 'Upload multiple' }).click()
    await expect(page.getByRole('dialog', { name: 'Upload multiple' })).toBeVisible()
    await expectNoA11yViolations(page)
  })
})
