/**
 * "Prévenez-moi de la prochaine enchère" and the ending-soon reminders, end to end (issue #10 §4,
 * §5 "Browser"), on the empty site (no auction runs there until this spec creates one, and no other
 * back-office spec writes to it): a visitor leaves an address on the home card, confirms it from
 * the e-mail's link (a page whose button posts); the administrator creates an auction ending in
 * 50 minutes and sees the subscriber; the subscriber receives its private link with a one-click
 * unsubscribe; as a validated bidder, they bid and see the reserve line change live, get the
 * ending-soon e-mail once and ask for the 10-minute one; the chart shows on the back-office;
 * the one-click unsubscribe works without signing in. The access card's private-link request
 * (dialog, and the plain form without JavaScript) is tried while the auction runs.
 */
import crypto from 'node:crypto'
import { formatZonedDateTimeInput } from '#app/lib/time-zone'
import {
  EMPTY_SERVER,
  expect,
  type Mail,
  readMails,
  test,
  toast,
  waitForHydration,
  waitForMail,
} from './fixtures'
import { signIn } from './support/sign-in'

test.describe.configure({ mode: 'serial', timeout: 240_000 })
test.use({ allowedConsoleErrors: [/^Failed to load resource: the server responded with a status of 400/] })

const site = EMPTY_SERVER.url
const waitForSiteMail = (predicate: (mail: Mail) => boolean, timeoutMs = 20_000) =>
  waitForMail(predicate, timeoutMs, EMPTY_SERVER.mailDir)
const linkIn = (mail: Mail, pattern: RegExp) => {
  const link = mail.text.match(pattern)?.[0]
  expect(link, mail.text).toBeTruthy()
  return link ?? ''
}

test('the next auction: subscription by e-mail, announcement, ending-soon reminder once, reserve line, chart, one-click unsubscribe', async ({
  page,
  browser,
}) => {
  const unique = crypto.randomBytes(4).toString('hex')
  const email = `abonne-${unique}@exemple.fr`
  const nom = `Vente du soir ${unique}`
  const newPage = async (options: { javaScriptEnabled?: boolean } = {}) => {
    const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris', ...options })
    return context.newPage()
  }

  // No auction runs: the home card offers to hear of the next one.
  const visitor = await newPage()
  await visitor.goto(`${site}/`)
  const card = visitor.getByRole('complementary', { name: 'Enchères privées' })
  await card.getByLabel('Adresse email').fill(email)
  await card.getByRole('button', { name: 'Prévenez-moi de la prochaine enchère' }).click()
  const thanks =
    'Merci ! Confirmez votre inscription grâce au lien que nous venons de vous envoyer par email.'
  await expect(card.getByRole('status')).toHaveText(thanks)
  await expect(toast(visitor, thanks)).toBeVisible()

  // Double opt-in: the e-mail's link opens a page whose button confirms.
  const confirmation = await waitForSiteMail(
    (mail) =>
      mail.to.includes(email) && mail.subject === 'Confirmez votre inscription aux prochaines enchères',
  )
  await visitor.goto(linkIn(confirmation, /https?:\/\/\S+\/prochaine-enchere\/confirmer\?jeton=[\w-]+/))
  await expect(visitor.getByRole('heading', { level: 1, name: 'Confirmer votre inscription' })).toBeVisible()
  await expect(visitor.getByText(email)).toBeVisible()
  await visitor.getByRole('button', { name: 'Confirmer mon inscription' }).click()
  await expect(visitor.getByRole('heading', { level: 1, name: 'Inscription confirmée' })).toBeVisible()

  // The administrator sees the subscriber and creates an auction ending in 50 minutes, reserve 200 €.
  await signIn(page, undefined, { baseUrl: site })
  await page.goto(`${site}/admin/encheres`)
  await waitForHydration(page)
  const subscribers = page.getByTestId('abonnes-prochaine-enchere')
  await expect(subscribers.locator('strong')).toHaveText(/^1\sadresse confirmée$/)
  await expect(subscribers.getByRole('paragraph').filter({ hasText: email })).toBeVisible()
  await page.getByLabel("Nom de l'enchère").fill(nom)
  await page.getByLabel('Prix de départ (€)').fill('100')
  await page.getByLabel('Prix de réserve (€)').fill('200')
  await page
    .getByLabel('Date de fin')
    .fill(formatZonedDateTimeInput(new Date(Date.now() + 50 * 60_000), 'Europe/Paris'))
  await page.getByRole('button', { name: "Créer l'enchère" }).click()
  await expect(toast(page, 'Enchère créée et activée')).toBeVisible()

  // The subscriber receives its private link, with a one-click unsubscribe.
  const announcement = await waitForSiteMail(
    (mail) => mail.to.includes(email) && mail.subject === `Nouvelle enchère privée : « ${nom} »`,
  )
  const auctionUrl = linkIn(announcement, /https?:\/\/\S+\/enchere\/[\w-]+(?=\s|$)/)
  const unsubscribeUrl = /^<(\S+)>$/.exec(announcement.headers['list-unsubscribe'] ?? '')?.[1] ?? ''
  expect(unsubscribeUrl).toMatch(/\/prochaine-enchere\/desinscription\?jeton=[\w-]+$/)
  expect(announcement.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
  expect(announcement.text).toContain(unsubscribeUrl)

  // While it runs, the card asks for the private link instead: an invalid address is explained…
  await visitor.goto(`${site}/`)
  const trigger = visitor.getByRole('link', { name: "Accéder à l'enchère privée" })
  await trigger.click()
  const dialog = visitor.getByRole('dialog', { name: "Accéder à l'enchère privée" })
  await dialog.getByLabel('Adresse email').fill('pas-une-adresse')
  await dialog.getByRole('button', { name: 'Recevoir le lien' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Veuillez saisir une adresse email valide')
  await visitor.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(trigger).toBeFocused()
  // …also without JavaScript, in the in-page panel…
  const plain = await newPage({ javaScriptEnabled: false })
  await plain.goto(`${site}/`)
  await plain.getByRole('link', { name: "Accéder à l'enchère privée" }).click()
  const panel = plain.locator('#acces-enchere')
  await panel.getByLabel('Adresse email').fill('sans-arobase')
  await panel.getByRole('button', { name: 'Recevoir le lien' }).click()
  await expect(panel.getByRole('alert')).toHaveText('Veuillez saisir une adresse email valide')
  await plain.context().close()
  // …and the subscriber validates their address through the link it sends.
  await trigger.click()
  await dialog.getByLabel('Adresse email').fill(email)
  await dialog.getByRole('button', { name: 'Recevoir le lien' }).click()
  const linkMail = await waitForSiteMail(
    (mail) => mail.to.includes(email) && mail.text.includes('/valider?token='),
  )
  await visitor.goto(linkIn(linkMail, /https?:\/\/\S+\/enchere\/[\w-]+\/valider\?token=[\w-]+/))
  await visitor.getByRole('button', { name: 'Confirmer mon adresse email' }).click()
  await expect(visitor.getByText('Email validé avec succès !')).toBeVisible()

  // The bidder's page shows whether the reserve is met, live, never its amount.
  await visitor.goto(auctionUrl)
  await waitForHydration(visitor)
  await expect(visitor.getByTestId('reserve')).toHaveText('Prix de réserve non atteint')
  const form = visitor.getByRole('region', { name: 'Placer une enchère' })
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Prénom').fill('Lina')
  await form.getByRole('textbox', { name: /^Nom/ }).fill('Morel')
  await form.getByLabel('Téléphone').fill('06 12 34 56 78')
  // A 150 € maximum, under the reserve: in at the start price.
  await form.getByLabel('Votre maximum (€)').fill('150')
  await form.getByRole('button', { name: 'Enchérir' }).click()
  // The form's answer replaces its region: wait for it before typing the next amount.
  await expect(form.getByText('Mise enregistrée')).toBeVisible()
  await expect(visitor.getByTestId('prix-actuel')).toHaveText(/^100,00\s€$/)
  await expect(visitor.getByTestId('reserve')).toHaveText('Prix de réserve non atteint')
  expect(await visitor.content()).not.toContain('200,00')
  // Raised to 250 €, past the reserve: as on eBay, the price goes to the reserve, and no further.
  await form.getByLabel('Votre maximum (€)').fill('250')
  await form.getByRole('button', { name: 'Enchérir' }).click()
  await expect(visitor.getByTestId('prix-actuel')).toHaveText(/^200,00\s€$/)
  await expect(visitor.getByTestId('reserve')).toHaveText('Prix de réserve atteint')

  // Within the hour of the end: the ending-soon e-mail, sent once whatever the schedule's runs.
  const isReminder = (mail: Mail) =>
    mail.to.includes(email) && mail.subject.startsWith(`L'enchère « ${nom} » se termine dans`)
  const reminder = await waitForSiteMail(isReminder, 30_000)
  await visitor.waitForTimeout(21_000)
  expect((await readMails(EMPTY_SERVER.mailDir)).filter(isReminder)).toHaveLength(1)
  await visitor.goto(linkIn(reminder, /https?:\/\/\S+\/enchere\/[\w-]+\/rappel\?jeton=[\w-]+/))
  await visitor.getByRole('button', { name: 'Me prévenir 10 minutes avant la fin' }).click()
  await expect(visitor.getByRole('heading', { level: 1, name: 'Rappel programmé' })).toBeVisible()

  // The back-office charts the price.
  await page.goto(`${site}/admin/encheres`)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'Évolution du prix' })).toBeVisible()
  await expect(page.getByTestId('graphique-prix')).toContainText('en 2 mises')

  // Unsubscribe: the link's page changes nothing by itself; the mail client's one-click POST does.
  await visitor.goto(unsubscribeUrl)
  await expect(visitor.getByRole('button', { name: 'Me désinscrire' })).toBeVisible()
  const oneClick = await visitor.request.post(unsubscribeUrl, { form: { 'List-Unsubscribe': 'One-Click' } })
  expect(oneClick.status()).toBe(200)
  await visitor.goto(unsubscribeUrl)
  await expect(visitor.getByRole('heading', { level: 1, name: 'Lien non valable' })).toBeVisible()
  await page.goto(`${site}/admin/encheres`)
  await expect(page.getByTestId('abonnes-prochaine-enchere').locator('strong')).toHaveText(
    /^0\sadresse confirmée$/,
  )

  // The site goes back to no running auction.
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Terminer' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Terminer' }).click()
  await expect(toast(page, 'Enchère terminée')).toBeVisible()
  await visitor.context().close()
})
