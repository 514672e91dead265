/**
 * The private auction, end to end (issue #4 §8 "Browser"): the administrator creates an auction;
 * a visitor asks for the link on the home card, opens the e-mail's link (which validates the
 * address), bids with the e-mail pre-filled; a second visitor's page shows the new price and bid
 * without reload (Server-Sent Events); a low bid gets the spec's message; the administrator sees
 * the bid, ends the auction, and the status reads 'Vendue' or 'Non vendue'; the open page shows 'Enchère terminée'
 * live. Everything goes through the screens and the .eml folder, as a person would.
 */
import crypto from 'node:crypto'
import type { Browser } from '@playwright/test'
import { formatZonedDateTimeInput } from '#app/lib/time-zone'
import {
  expect,
  expectFitsScreen,
  expectNoA11yViolations,
  keepScreenshots,
  type Page,
  test,
  toast,
  waitForHydration,
  waitForMail,
} from './fixtures'
import { signIn } from './support/sign-in'

// One active auction at a time: the journeys that create one run one after the other.
test.describe.configure({ mode: 'serial', timeout: 180_000 })

const bidForm = (page: Page) => page.getByRole('region', { name: 'Placer une enchère' })
const stateCard = (page: Page) => page.getByRole('region', { name: "État de l'enchère" })
const history = (page: Page) => page.getByRole('region', { name: 'Historique des mises' })

async function createAuction(admin: Page, nom: string, fin?: string) {
  await admin.goto('/admin/encheres')
  await waitForHydration(admin)
  await expect(admin.getByText('Une seule enchère peut être active à la fois')).toBeVisible()
  await admin.getByLabel("Nom de l'enchère").fill(nom)
  if (fin) await admin.getByLabel('Date de fin').fill(fin)
  await admin.getByLabel('Prix de départ (€)').fill('100')
  // The artwork picker searches works by name (issue #35 §2): the first work matching « e ».
  await admin.getByLabel('Rechercher une œuvre par son nom').fill('e')
  const works = admin.getByRole('group', { name: 'Œuvre' }).getByRole('radio')
  await expect(works.nth(1)).toBeVisible()
  await works.nth(1).check()
  await admin.getByRole('button', { name: "Créer l'enchère" }).click()
  await expect(toast(admin, 'Enchère créée et activée')).toBeVisible()
  const card = admin.getByRole('region', { name: 'Enchère actuelle' })
  await expect(card.getByText(nom, { exact: true })).toBeVisible()
  await expect(card.getByText('En cours', { exact: true })).toBeVisible()
}

/**
 * A visitor with a validated address, on the auction's page: they ask for the link on the home
 * card, open the e-mail's validation link (a confirm page: a mail scanner's GET consumes nothing),
 * confirm, and follow the link to the auction `nom`.
 *
 * @returns the visitor's browser context and page, and the auction's private address.
 */
async function validatedVisitor(browser: Browser, baseURL: string | undefined, email: string, nom: string) {
  // A visitor asks for the link on the home card.
  const context = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris' })
  const visitor = await context.newPage()
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
  return { context, page: visitor, auctionUrl, email }
}

/** The bid form's one amount: the most the bidder would pay (issue #36 §1). */
const amountField = (page: Page) => bidForm(page).getByLabel('Votre maximum (€)')

/** Fills and sends the bid form of a validated visitor's page (the e-mail is pre-filled). */
async function placeBid(page: Page, prenom: string, maximum: string) {
  const form = bidForm(page)
  await form.getByLabel('Prénom').fill(prenom)
  await form.getByRole('textbox', { name: /^Nom/ }).fill('Delorme')
  await form.getByLabel('Téléphone').fill('06 12 34 56 78')
  await amountField(page).fill(maximum)
  // The page's script posts it to the form's region route (app/routes/enchere-mise.ts).
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/mise'),
  )
  await form.getByRole('button', { name: 'Enchérir' }).click()
  expect((await answered).headers()['content-type']).toBe('text/html; charset=utf-8')
}

/** A date-time as the admin form's `datetime-local` takes it, in Paris, `minutes` from now. */
function parisInput(minutes: number): string {
  return formatZonedDateTimeInput(new Date(Date.now() + minutes * 60_000), 'Europe/Paris')
}

/** Saves the soft-close window (site settings, 'Enchères'). */
async function setSoftClose(admin: Page, minutes: string) {
  await admin.goto('/admin/settings')
  await waitForHydration(admin)
  const label = 'Prolongation en fin d’enchère (minutes)'
  await admin.getByLabel(label, { exact: true }).fill(minutes)
  await admin.getByRole('button', { name: `Enregistrer : ${label}` }).click()
  await expect(toast(admin, 'Paramètre sauvegardé')).toBeVisible()
}

/** The administrator ends the current auction ('Terminer', confirmed). */
async function endAuction(admin: Page) {
  await admin.goto('/admin/encheres')
  await waitForHydration(admin)
  await admin.getByRole('button', { name: 'Terminer' }).click()
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Terminer' }).click()
  await expect(toast(admin, 'Enchère terminée')).toBeVisible()
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

  const {
    context: visitorContext,
    page: visitor,
    auctionUrl,
  } = await validatedVisitor(browser, baseURL, email, nom)
  await expect(bidForm(visitor).getByLabel('Email')).toHaveValue(email)
  await expect(history(visitor).getByText('Aucune enchère pour le moment')).toBeVisible()
  await expect(amountField(visitor)).toHaveAttribute('min', '100')

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

  // The validated visitor leaves a 150 € maximum: the first bid goes in at the start price.
  const form = bidForm(visitor)
  await placeBid(visitor, 'Camille', '150')
  await expect(toast(visitor, 'Mise enregistrée')).toBeVisible()
  await expect(toast(visitor, 'Votre enchère a été prise en compte !')).toBeVisible()
  await expect(visitor.getByTestId('prix-actuel')).toHaveText(/^100,00\s€$/)

  // The watcher's page follows without reload: price, count, history with the first name only.
  await expect(watcher.getByTestId('prix-actuel')).toHaveText(/^100,00\s€$/, { timeout: 5_000 })
  await expect(watcher.getByTestId('nombre-mises')).toHaveText('1')
  const top = history(watcher).getByRole('listitem').first()
  await expect(top).toContainText('Camille')
  await expect(top).toContainText('En tête')
  await expect(history(watcher)).not.toContainText('Delorme')
  await expect(history(watcher)).not.toContainText(email)
  await expect(amountField(watcher)).toHaveAttribute('min', '105')
  expect(await watcher.evaluate(() => (window as { sansRechargement?: boolean }).sansRechargement)).toBe(true)

  // The watcher knows the bidder's address but not their browser's credential: the bid does not count.
  const intruder = bidForm(watcher)
  await intruder.getByLabel('Prénom').fill('Intrus')
  await intruder.getByRole('textbox', { name: /^Nom/ }).fill('Intrus')
  await intruder.getByLabel('Email').fill(email)
  await intruder.getByLabel('Téléphone').fill('06 12 34 56 78')
  await amountField(watcher).fill('900')
  await intruder.getByRole('button', { name: 'Enchérir' }).click()
  await expect(toast(watcher, 'Validation de votre adresse email')).toBeVisible()
  await expect(watcher.getByTestId('prix-actuel')).toHaveText(/^100,00\s€$/)
  await expect(visitor.getByTestId('prix-actuel')).toHaveText(/^100,00\s€$/)

  // A bid at or below the current price gets the spec's message.
  await amountField(visitor).fill('90')
  await form.getByRole('button', { name: 'Enchérir' }).click()
  await expect(form.getByText('Votre mise doit être supérieure à 100€')).toBeVisible()
  await expect(amountField(visitor)).toHaveAttribute('aria-invalid', 'true')
  // Above the price but under its increment (5 € from 50 €): the minimum is named.
  await amountField(visitor).fill('102')
  await form.getByRole('button', { name: 'Enchérir' }).click()
  await expect(form.getByText("Votre mise doit être d'au moins 105,00\u00a0€")).toBeVisible()
  await expect(visitor.getByTestId('nombre-mises')).toHaveText('1')

  // The administrator sees the bid, then ends the auction: sold.
  await page.goto('/admin/encheres')
  await waitForHydration(page)
  const bids = page.getByRole('region', { name: "Mises de l'enchère en cours" })
  await expect(bids.getByRole('row').filter({ hasText: email })).toContainText('Camille Delorme')
  await expect(bids.getByRole('row').filter({ hasText: email })).toContainText(/100,00\s€/)
  await endAuction(page)
  const historyTable = page.getByRole('region', { name: 'Historique des enchères' })
  // Ended before its end time, the spec's fallback applies ('Non vendue'); at its end it would be 'Vendue'.
  await expect(historyTable.getByRole('row').filter({ hasText: nom })).toContainText(/Non vendue|Vendue/)
  await expect(historyTable.getByRole('row').filter({ hasText: nom })).toContainText(/100,00\s€/)
  await expect(
    page.getByRole('region', { name: 'Enchère actuelle' }).getByText(/^(Non vendue|Vendue)$/),
  ).toBeVisible()

  // The open page learns it live: the auction is over and the form is gone.
  await expect(stateCard(watcher).getByText('Enchère terminée')).toBeVisible({ timeout: 5_000 })
  await expect(bidForm(watcher)).toHaveCount(0)

  await visitorContext.close()
  await watcherContext.close()
})

test("one maximum as on eBay: the leader raises it without moving the price, the outbid state and the planned end's seconds arrive live (issue #36 §1)", async ({
  page,
  browser,
  baseURL,
}) => {
  const unique = crypto.randomBytes(4).toString('hex')
  const nom = `Vente automatique ${unique}`
  await signIn(page)
  // A 30-minute soft close on an auction ending in 20 minutes: every bid moves the end.
  await setSoftClose(page, '30')
  await createAuction(page, nom, parisInput(20))
  const first = await validatedVisitor(browser, baseURL, `auto-a-${unique}@exemple.fr`, nom)
  const second = await validatedVisitor(browser, baseURL, `auto-b-${unique}@exemple.fr`, nom)
  const anne = first.page
  const basile = second.page
  const standing = (bidder: Page) => bidForm(bidder).locator('[data-live="position"] p:not([hidden])')
  const saved = (bidder: Page) => bidForm(bidder).getByText('Mise enregistrée —')
  // The administrator's screen, open all along: the maxima, for the artist only (issue #10 §4).
  const maxima = page.getByRole('region', { name: 'Enchères automatiques' })
  const maximumOf = (email: string) => maxima.getByRole('row').filter({ hasText: email })
  await expect(page.getByText('Aucune enchère automatique')).toBeVisible()
  await expect(bidForm(anne).getByLabel('Montant (€)')).toHaveCount(0)
  const planned = (bidder: Page) => stateCard(bidder).locator('[data-live="fin-prevue"] time')
  await expect(planned(basile)).toHaveText(/à \d{2}:\d{2}$/)

  // Anne leaves 300 €: in at the start price; only she reads that her maximum is ahead.
  await placeBid(anne, 'Anne', '300')
  await expect(toast(anne, 'Mise enregistrée')).toBeVisible()
  await expect(anne.getByTestId('prix-actuel')).toHaveText(/^100,00\s€$/)
  await expect(standing(anne)).toHaveText(
    /^Vous êtes en tête\. Votre maximum de 300,00\s€ reste au-dessus du prix/,
  )
  await expect(saved(anne)).toBeVisible()
  const anneRow = maximumOf(first.email)
  await expect(anneRow).toContainText('Anne Delorme', { timeout: 5_000 })
  await expect(anneRow).toContainText('Active')
  await expect(basile.getByTestId('prix-actuel')).toHaveText(/^100,00\s€$/, { timeout: 5_000 })
  await expect(bidForm(basile).locator('[data-live="position"]')).toHaveCount(0)
  await expect(basile.getByText(/300,00/)).toHaveCount(0)
  // The bid moved the end (soft close): « Fin prévue » now shows its seconds, on every page, live.
  await expect(planned(basile)).toHaveText(/à \d{2}:\d{2}:\d{2}$/, { timeout: 5_000 })
  await expect(planned(anne)).toHaveText(/à \d{2}:\d{2}:\d{2}$/)
  await expectNoA11yViolations(anne)
  await keepScreenshots(anne, 'enchere-maximum-en-avance', [390, 1280])

  // Basile leaves 150 €: Anne's automatic bid answers at once with 155 €; Basile is outbid.
  await placeBid(basile, 'Basile', '150')
  await expect(toast(basile, 'Mise dépassée')).toBeVisible()
  await expect(bidForm(basile).getByText('une enchère automatique plus élevée le dépasse déjà')).toBeVisible()
  await expect(standing(basile)).toHaveText(/^Votre enchère a été dépassée\. Nouveau minimum : 160,00\s€\.$/)
  for (const watcher of [anne, basile]) {
    await expect(watcher.getByTestId('prix-actuel')).toHaveText(/^155,00\s€$/, { timeout: 5_000 })
    await expect(watcher.getByTestId('nombre-mises')).toHaveText('3')
    await expect(history(watcher).getByRole('listitem').first()).toContainText('Anne')
    await expect(amountField(watcher)).toHaveAttribute('min', '160')
  }
  await expect(standing(anne)).toContainText('Vous êtes en tête')
  await expect(history(basile)).not.toContainText('300')
  await expectNoA11yViolations(basile)
  await keepScreenshots(basile, 'enchere-depassee', [390, 1280])

  // Basile leaves 400 €: Anne's maximum goes to 300 €, Basile leads at 305 €. On Anne's page, live
  // and without reload: she is outbid, with the new minimum, and her « Mise enregistrée » goes.
  await anne.evaluate(() => {
    ;(window as { sansRechargement?: boolean }).sansRechargement = true
  })
  await placeBid(basile, 'Basile', '400')
  await expect(toast(basile, 'Mise enregistrée')).toBeVisible()
  await expect(anne.getByTestId('prix-actuel')).toHaveText(/^305,00\s€$/, { timeout: 5_000 })
  await expect(standing(anne)).toHaveText(/^Votre enchère a été dépassée\. Nouveau minimum : 310,00\s€\.$/)
  await expect(saved(anne)).toBeHidden()
  expect(await anne.evaluate(() => (window as { sansRechargement?: boolean }).sansRechargement)).toBe(true)
  await expect(standing(basile)).toContainText('Votre maximum de 400,00')
  await expect(anneRow).toContainText('Épuisée', { timeout: 5_000 })
  // The back-office screen with its maxima at a phone's and a desktop's width.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    // Its tables scroll inside their frame, the participant pinned; the page itself fits (issue #36 §4).
    await expectFitsScreen(page)
    await page.screenshot({ path: test.info().outputPath(`admin-encheres-${width}.png`), fullPage: true })
  }

  // Basile, leading, raises his maximum to 500 €: the price does not move (eBay's rule).
  await placeBid(basile, 'Basile', '500')
  await expect(toast(basile, 'Maximum relevé')).toBeVisible()
  await expect(standing(basile)).toContainText('Votre maximum de 500,00')
  for (const watcher of [anne, basile]) {
    await expect(watcher.getByTestId('prix-actuel')).toHaveText(/^305,00\s€$/)
    await expect(watcher.getByTestId('nombre-mises')).toHaveText('5')
  }

  // Anne leaves the same 500 €: Basile's, earlier, wins the tie at 500 €; on his page, live, he now
  // leads at his maximum.
  await placeBid(anne, 'Anne', '500')
  await expect(toast(anne, 'Mise dépassée')).toBeVisible()
  await expect(basile.getByTestId('prix-actuel')).toHaveText(/^500,00\s€$/, { timeout: 5_000 })
  await expect(standing(basile)).toHaveText('Vous êtes en tête : le prix actuel atteint votre maximum.')
  await expectNoA11yViolations(basile)
  await keepScreenshots(basile, 'enchere-en-tete', [390, 1280])

  // The artist's bid history marks the bids the site placed for a maximum.
  await page.reload()
  await waitForHydration(page)
  const bids = page.getByRole('region', { name: "Mises de l'enchère en cours" })
  await expect(bids.getByRole('row').filter({ hasText: /500,00/ })).toContainText('Automatique')
  await expect(bids.getByRole('row').filter({ hasText: /150,00/ })).not.toContainText('Automatique')

  await endAuction(page)
  await setSoftClose(page, '2')
  await first.context.close()
  await second.context.close()
})

test('an unknown private link shows the not-found texts with status 404', async ({ page }) => {
  const response = await page.goto('/enchere/lien-inconnu-0000000000')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Enchère non trouvée' })).toBeVisible()
  await expect(page.getByText("Cette enchère n'existe pas ou est terminée.")).toBeVisible()
})

test('a second auction while one is active is refused at once, with and without JavaScript (issue #36 §5)', async ({
  page,
  browser,
  baseURL,
}) => {
  const unique = crypto.randomBytes(4).toString('hex')
  await signIn(page)
  await createAuction(page, `Vente active ${unique}`)

  // With JavaScript: the 409's toast shows on the spot, not at the next page.
  await page.getByLabel("Nom de l'enchère").fill(`Vente refusée ${unique}`)
  await page.getByLabel('Prix de départ (€)').fill('100')
  await page.getByRole('button', { name: "Créer l'enchère" }).click()
  await expect(toast(page, 'Une enchère est déjà active')).toBeVisible()

  // Without JavaScript: the page the form's POST answers says it.
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  })
  const noScript = await context.newPage()
  await noScript.goto('/admin/encheres')
  await noScript.getByLabel("Nom de l'enchère").fill(`Vente refusée sans script ${unique}`)
  await noScript.getByLabel('Prix de départ (€)').fill('100')
  await noScript.getByRole('button', { name: "Créer l'enchère" }).click()
  await expect(noScript.getByRole('alert').filter({ hasText: 'Une enchère est déjà active' })).toBeVisible()
  await context.close()

  await endAuction(page)
})
