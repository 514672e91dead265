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
import {
  expect,
  expectFitsScreen,
  expectNoA11yViolations,
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

async function createAuction(admin: Page, nom: string) {
  await admin.goto('/admin/encheres')
  await waitForHydration(admin)
  await expect(admin.getByText('Une seule enchère peut être active à la fois')).toBeVisible()
  await admin.getByLabel("Nom de l'enchère").fill(nom)
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

/** Fills and sends the bid form of a validated visitor's page (the e-mail is pre-filled). */
async function placeBid(page: Page, prenom: string, montant: string, maximum = '') {
  const form = bidForm(page)
  await form.getByLabel('Prénom').fill(prenom)
  await form.getByRole('textbox', { name: /^Nom/ }).fill('Delorme')
  await form.getByLabel('Téléphone').fill('06 12 34 56 78')
  await form.getByLabel('Montant (€)').fill(montant)
  await form.getByLabel("Enchère automatique jusqu'à … (€)").fill(maximum)
  await form.getByRole('button', { name: 'Enchérir' }).click()
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
  await placeBid(visitor, 'Camille', '150')
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
  await expect(form.getByText("Votre mise doit être d'au moins 155,00\u00a0€")).toBeVisible()
  await expect(visitor.getByTestId('nombre-mises')).toHaveText('1')

  // The administrator sees the bid, then ends the auction: sold.
  await page.goto('/admin/encheres')
  await waitForHydration(page)
  const bids = page.getByRole('region', { name: "Mises de l'enchère en cours" })
  await expect(bids.getByRole('row').filter({ hasText: email })).toContainText('Camille Delorme')
  await expect(bids.getByRole('row').filter({ hasText: email })).toContainText(/150,00\s€/)
  await endAuction(page)
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

test("automatic bids: a bidder's maximum answers another's bid, and both pages follow live (issue #10 §3)", async ({
  page,
  browser,
  baseURL,
}) => {
  const unique = crypto.randomBytes(4).toString('hex')
  const nom = `Vente automatique ${unique}`
  await signIn(page)
  await createAuction(page, nom)
  const first = await validatedVisitor(browser, baseURL, `auto-a-${unique}@exemple.fr`, nom)
  const second = await validatedVisitor(browser, baseURL, `auto-b-${unique}@exemple.fr`, nom)
  const anne = first.page
  const basile = second.page
  // The administrator's screen, open all along: the maxima, for the artist only (issue #10 §4).
  const maxima = page.getByRole('region', { name: 'Enchères automatiques' })
  const maximumOf = (email: string) => maxima.getByRole('row').filter({ hasText: email })
  await expect(page.getByText('Aucune enchère automatique')).toBeVisible()

  // Anne bids the start price and leaves a 300 € maximum; only she sees it.
  await placeBid(anne, 'Anne', '100', '300')
  await expect(toast(anne, 'Mise enregistrée')).toBeVisible()
  const notice = bidForm(anne).getByText("Votre enchère automatique jusqu'à 300,00\u00a0€ est active")
  await expect(notice).toBeVisible()
  // The administrator's screen shows it live.
  const anneRow = maximumOf(first.email)
  await expect(anneRow).toContainText('Anne Delorme', { timeout: 5_000 })
  await expect(anneRow).toContainText(/300,00\s€/)
  await expect(anneRow).toContainText('Active')
  await expect(basile.getByTestId('prix-actuel')).toHaveText(/^100,00\s€$/, { timeout: 5_000 })
  await expect(basile.getByText(/enchère automatique jusqu'à/)).toHaveCount(0)
  await expect(bidForm(basile).getByLabel('Montant (€)')).toHaveAttribute('min', '105')

  // Basile bids 150 €: Anne's automatic bid answers at once with 155 €, on both pages, live.
  await placeBid(basile, 'Basile', '150')
  await expect(toast(basile, 'Mise dépassée')).toBeVisible()
  await expect(bidForm(basile).getByText('une enchère automatique la dépasse déjà')).toBeVisible()
  for (const watcher of [anne, basile]) {
    await expect(watcher.getByTestId('prix-actuel')).toHaveText(/^155,00\s€$/, { timeout: 5_000 })
    await expect(watcher.getByTestId('nombre-mises')).toHaveText('3')
    const rows = history(watcher).getByRole('listitem')
    await expect(rows.first()).toContainText('Anne')
    await expect(rows.first()).toContainText('En tête')
    await expect(rows.nth(1)).toContainText('Basile')
    await expect(bidForm(watcher).getByLabel('Montant (€)')).toHaveAttribute('min', '160')
  }
  await expect(notice).toBeVisible()
  await expect(history(basile)).not.toContainText('300')

  // The bidder's page at a phone's and a desktop's width.
  for (const width of [390, 1280]) {
    await anne.setViewportSize({ width, height: 1200 })
    await anne.screenshot({
      path: test.info().outputPath(`enchere-automatique-${width}.png`),
      fullPage: true,
    })
  }

  // Basile leaves the same maximum: Anne's, earlier, wins the tie (409): her automatic bid goes to
  // 300 € and Basile's bid stores nothing (issue #10 §3).
  await placeBid(basile, 'Basile', '160', '300')
  await expect(toast(basile, 'Mise dépassée')).toBeVisible()
  await expect(
    bidForm(basile).getByText(
      "Une enchère automatique plus ancienne atteint déjà ce montant : votre mise n'est pas retenue.",
    ),
  ).toBeVisible()
  for (const watcher of [anne, basile]) {
    await expect(watcher.getByTestId('prix-actuel')).toHaveText(/^300,00\s€$/, { timeout: 5_000 })
    await expect(watcher.getByTestId('nombre-mises')).toHaveText('4')
    const top = history(watcher).getByRole('listitem').first()
    await expect(top).toContainText('Anne')
    await expect(top).toContainText('En tête')
    await expect(bidForm(watcher).getByLabel('Montant (€)')).toHaveAttribute('min', '305')
  }
  await expect(notice).toBeVisible()
  await expect(maximumOf(second.email)).toContainText('Épuisée', { timeout: 5_000 })
  await expect(maximumOf(second.email)).toContainText(/300,00\s€/)
  await expect(anneRow).toContainText('Active')

  // Basile goes past Anne's maximum: Anne's notice goes, live, and so does her maximum's lead.
  await placeBid(basile, 'Basile', '400')
  await expect(toast(basile, 'Mise enregistrée')).toBeVisible()
  await expect(anne.getByTestId('prix-actuel')).toHaveText(/^400,00\s€$/, { timeout: 5_000 })
  await expect(notice).toBeHidden()
  await expect(history(anne).getByRole('listitem').first()).toContainText('Basile')
  await expect(anneRow).toContainText('Épuisée', { timeout: 5_000 })
  // The back-office screen with its maxima at a phone's and a desktop's width.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    // Its tables scroll inside their frame, the participant pinned; the page itself fits (issue #36 §4).
    await expectFitsScreen(page)
    await page.screenshot({ path: test.info().outputPath(`admin-encheres-${width}.png`), fullPage: true })
  }

  // Both send 450 € at once: the first the server takes wins; the other, equal to the price it
  // reaches, gets the spec's refusal, and both pages show the same state.
  await Promise.all([placeBid(anne, 'Anne', '450'), placeBid(basile, 'Basile', '450')])
  const tooLow = 'Votre mise doit être supérieure à 450€'
  await expect
    .poll(
      async () =>
        (await bidForm(anne).getByText(tooLow).count()) + (await bidForm(basile).getByText(tooLow).count()),
    )
    .toBe(1)
  const anneLost = (await bidForm(anne).getByText(tooLow).count()) === 1
  const [loser, winnerName] = anneLost ? [anne, 'Basile'] : [basile, 'Anne']
  await expect(bidForm(loser).getByLabel('Montant (€)')).toHaveAttribute('aria-invalid', 'true')
  await expect(bidForm(loser).getByLabel('Montant (€)')).toHaveValue('450')
  for (const watcher of [anne, basile]) {
    await expect(watcher.getByTestId('prix-actuel')).toHaveText(/^450,00\s€$/, { timeout: 5_000 })
    await expect(watcher.getByTestId('nombre-mises')).toHaveText('6')
    const top = history(watcher).getByRole('listitem').first()
    await expect(top).toContainText(winnerName)
    await expect(top).toContainText('En tête')
    await expect(
      history(watcher)
        .getByRole('listitem')
        .filter({ hasText: /450,00/ }),
    ).toHaveCount(1)
    await expect(bidForm(watcher).getByLabel('Montant (€)')).toHaveAttribute('min', '455')
  }

  await endAuction(page)
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
