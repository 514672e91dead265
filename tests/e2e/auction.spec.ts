/**
 * The private auction, end to end (issue #4 §8 "Browser"): the administrator creates an auction;
 * a visitor asks for the link on the home card, opens the e-mail's link (which validates the
 * address), bids with the e-mail pre-filled; a second visitor's page shows the new price and bid
 * without reload (Server-Sent Events); a low bid gets the spec's message; the administrator sees
 * the bid, ends the auction, and the status reads 'Vendue' or 'Non vendue'; the open page shows 'Enchère terminée'
 * live. Everything goes through the screens and the .eml folder, as a person would.
 */
import crypto from 'node:crypto'
import {
  expect,
  expectNoA11yViolations,
  type Page,
  test,
  toast,
  waitForHydration,
  waitForMail,
} from './fixtures'
import { signIn } from './support/sign-in'

test.describe.configure({ timeout: 180_000 })

const bidForm = (page: Page) => page.getByRole('region', { name: 'Placer une enchère' })
const stateCard = (page: Page) => page.getByRole('region', { name: "État de l'enchère" })
const history = (page: Page) => page.getByRole('region', { name: 'Historique des mises' })

async function createAuction(admin: Page, nom: string) {
  await admin.goto('/admin/encheres')
  await waitForHydration(admin)
  await expect(admin.getByText('Une seule enchère peut être active à la fois')).toBeVisible()
  await admin.getByLabel("Nom de l'enchère").fill(nom)
  await admin.getByLabel('Prix de départ (€)').fill('100')
  await admin.getByLabel('Œuvre').selectOption({ index: 1 })
  await admin.getByRole('button', { name: "Créer l'enchère" }).click()
  await expect(toast(admin, 'Enchère créée et activée')).toBeVisible()
  const card = admin.getByRole('region', { name: 'Enchère actuelle' })
  await expect(card.getByText(nom, { exact: true })).toBeVisible()
  await expect(card.getByText('En cours', { exact: true })).toBeVisible()
}

test('an auction from creation to sale: link by e-mail, validated bid, live update, low bid, ending', async ({
  page,
  browser,
  baseURL,
}) => {
  const unique = crypto.randomBytes(4).toString('hex')
  const nom = `Vente privée ${unique}`
  const email = `encherisseur-${unique}@exemple.fr`

  // The administrator creates an auction that starts now.
  await signIn(page)
  await createAuction(page, nom)

  // A visitor asks for the link on the home card.
  const visitorContext = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris' })
  const visitor = await visitorContext.newPage()
  await visitor.goto('/')
  await waitForHydration(visitor)
  await visitor.getByRole('link', { name: "Accéder à l'enchère privée" }).click()
  const dialog = visitor.getByRole('dialog', { name: "Accéder à l'enchère privée" })
  await dialog.getByLabel('Adresse email').fill(email)
  await dialog.getByRole('button', { name: 'Recevoir le lien' }).click()
  await expect(
    toast(visitor, "Merci ! Vous recevrez le lien vers l'enchère privée dans quelques instants."),
  ).toBeVisible()

  // The e-mail's link validates the address and leads to the auction.
  const mail = await waitForMail((item) => item.to.includes(email), 20_000)
  const validationLink = mail.text.match(/https?:\/\/\S+\/enchere\/[\w-]+\/valider\?token=[\w-]+/)?.[0]
  expect(validationLink, mail.text).toBeTruthy()
  // Opening it only shows a confirm button (a mail scanner's GET consumes nothing); the POST validates.
  await visitor.goto(validationLink ?? '')
  await expect(
    visitor.getByRole('heading', { level: 1, name: 'Confirmer votre adresse email' }),
  ).toBeVisible()
  await expect(visitor.getByText(email, { exact: true })).toBeVisible()
  await visitor.getByRole('button', { name: 'Confirmer mon adresse email' }).click()
  await expect(visitor.getByText('Email validé avec succès !')).toBeVisible()
  await visitor.getByRole('link', { name: "Accéder à l'enchère" }).click()
  await expect(visitor.getByRole('heading', { level: 1, name: 'Enchère en cours' })).toBeVisible()
  await expect(visitor.getByText(nom, { exact: true })).toBeVisible()
  const auctionUrl = visitor.url()
  expect(auctionUrl).toMatch(/\/enchere\/[\w-]+$/)
  await waitForHydration(visitor)
  await expect(bidForm(visitor).getByLabel('Email')).toHaveValue(email)
  await expect(history(visitor).getByText('Aucune enchère pour le moment')).toBeVisible()
  await expect(bidForm(visitor).getByLabel('Montant (€)')).toHaveAttribute('min', '100')

  // A second visitor watches the same auction, live.
  const watcherContext = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris' })
  const watcher = await watcherContext.newPage()
  const streamOpened = watcher.waitForResponse((response) => response.url().endsWith('/evenements'))
  await watcher.goto(auctionUrl)
  await waitForHydration(watcher)
  expect((await streamOpened).headers()['content-type']).toContain('text/event-stream')
  await expect(stateCard(watcher).getByRole('timer')).toHaveText(/^\d+ h \d{2} min \d{2} s$/)
  await watcher.evaluate(() => {
    ;(window as { sansRechargement?: boolean }).sansRechargement = true
  })
  await expectNoA11yViolations(watcher)

  // The validated visitor bids.
  const form = bidForm(visitor)
  await form.getByLabel('Prénom').fill('Camille')
  await form.getByRole('textbox', { name: /^Nom/ }).fill('Delorme')
  await form.getByLabel('Téléphone').fill('06 12 34 56 78')
  await form.getByLabel('Montant (€)').fill('150')
  await form.getByRole('button', { name: 'Enchérir' }).click()
  await expect(toast(visitor, 'Mise enregistrée')).toBeVisible()
  await expect(toast(visitor, 'Votre enchère a été prise en compte !')).toBeVisible()
  await expect(visitor.getByTestId('prix-actuel')).toHaveText(/^150,00\s€$/)

  // The watcher's page follows without reload: price, count, history with the first name only.
  await expect(watcher.getByTestId('prix-actuel')).toHaveText(/^150,00\s€$/, { timeout: 5_000 })
  await expect(watcher.getByTestId('nombre-mises')).toHaveText('1')
  const top = history(watcher).getByRole('listitem').first()
  await expect(top).toContainText('Camille')
  await expect(top).toContainText('En tête')
  await expect(history(watcher)).not.toContainText('Delorme')
  await expect(history(watcher)).not.toContainText(email)
  await expect(bidForm(watcher).getByLabel('Montant (€)')).toHaveAttribute('min', '155')
  expect(await watcher.evaluate(() => (window as { sansRechargement?: boolean }).sansRechargement)).toBe(true)

  // The watcher knows the bidder's address but not their browser's credential: the bid does not count.
  const intruder = bidForm(watcher)
  await intruder.getByLabel('Prénom').fill('Intrus')
  await intruder.getByRole('textbox', { name: /^Nom/ }).fill('Intrus')
  await intruder.getByLabel('Email').fill(email)
  await intruder.getByLabel('Téléphone').fill('06 12 34 56 78')
  await intruder.getByLabel('Montant (€)').fill('900')
  await intruder.getByRole('button', { name: 'Enchérir' }).click()
  await expect(toast(watcher, 'Validation de votre adresse email')).toBeVisible()
  await expect(watcher.getByTestId('prix-actuel')).toHaveText(/^150,00\s€$/)
  await expect(visitor.getByTestId('prix-actuel')).toHaveText(/^150,00\s€$/)

  // A bid below the current price gets the spec's message.
  await form.getByLabel('Montant (€)').fill('120')
  await form.getByRole('button', { name: 'Enchérir' }).click()
  await expect(form.getByText('Votre mise doit être supérieure à 150€')).toBeVisible()
  await expect(form.getByLabel('Montant (€)')).toHaveAttribute('aria-invalid', 'true')
  // Above the price but under its increment (5 € from 50 €): the minimum is named.
  await form.getByLabel('Montant (€)').fill('152')
  await form.getByRole('button', { name: 'Enchérir' }).click()
  await expect(form.getByText("Votre mise doit être d'au moins 155€")).toBeVisible()
  await expect(visitor.getByTestId('nombre-mises')).toHaveText('1')

  // The administrator sees the bid, then ends the auction: sold.
  await page.goto('/admin/encheres')
  await waitForHydration(page)
  const bids = page.getByRole('region', { name: "Mises de l'enchère en cours" })
  await expect(bids.getByRole('row').filter({ hasText: email })).toContainText('Camille Delorme')
  await expect(bids.getByRole('row').filter({ hasText: email })).toContainText(/150,00\s€/)
  await page.getByRole('button', { name: 'Terminer' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Terminer' }).click()
  await expect(toast(page, 'Enchère terminée')).toBeVisible()
  const historyTable = page.getByRole('region', { name: 'Historique des enchères' })
  // Ended before its end time, the spec's fallback applies ('Non vendue'); at its end it would be 'Vendue'.
  await expect(historyTable.getByRole('row').filter({ hasText: nom })).toContainText(/Non vendue|Vendue/)
  await expect(historyTable.getByRole('row').filter({ hasText: nom })).toContainText(/150,00\s€/)
  await expect(
    page.getByRole('region', { name: 'Enchère actuelle' }).getByText(/^(Non vendue|Vendue)$/),
  ).toBeVisible()

  // The open page learns it live: the auction is over and the form is gone.
  await expect(stateCard(watcher).getByText('Enchère terminée')).toBeVisible({ timeout: 5_000 })
  await expect(bidForm(watcher)).toHaveCount(0)

  await visitorContext.close()
  await watcherContext.close()
})

test('an unknown private link shows the not-found texts with status 404', async ({ page }) => {
  const response = await page.goto('/enchere/lien-inconnu-0000000000')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Enchère non trouvée' })).toBeVisible()
  await expect(page.getByText("Cette enchère n'existe pas ou est terminée.")).toBeVisible()
})
