/**
 * Issue #37 §1 "the lockout replay", seen by a person (decision 040): on a server of its own behind
 * a proxy (TRUST_PROXY=true, each request's client address in X-Forwarded-For), strangers ask the
 * home card for the auction's link 100 times from 20 addresses — of one /24 network, then of 20
 * /64 networks. A new bidder then asks on the home page in a real browser: the answer shows the
 * verification (the `altcha` widget, whose script loads only then), the browser solves it, the
 * bidder clicks « Recevoir le lien » again, receives the e-mail and opens the private link.
 *
 * With E2E_SCREENSHOTS set to a folder, the dialog holding the verification is saved there at 390
 * and 1280 px.
 */
import type { Browser } from '@playwright/test'
import { AUCTION_LINK_INTENT } from '#app/components/home/auction-access-card'
import { openDatabase } from '#app/db/client.server'
import { encheres } from '#app/db/schema'
import {
  DEMO_SERVER,
  expect,
  expectNoA11yViolations,
  keepScreenshots,
  type Page,
  readMails,
  test,
  toast,
  waitForMail,
} from './fixtures'
import { type OwnServer, startOwnServer } from './support/own-server'

/** The auction running on the server: its name and private link. */
const AUCTION = { nom: 'Vente privée « La vague sous la pluie »', lienPrive: 'lien-prive-sous-attaque' }
/** Exact answers of the home card (public spec §8; issue #37 §1). */
const SENT = "Merci ! Vous recevrez le lien vers l'enchère privée dans quelques instants."
/** The note of the dialog, where the verification's widget runs: no word of pages without JavaScript. */
const CHALLENGE =
  'Beaucoup de demandes arrivent en ce moment\u00a0: une courte vérification est demandée. Laissez-la se terminer ci-dessous, puis cliquez à nouveau sur «\u00a0Recevoir le lien\u00a0».'
/** The note of the panel of a page without JavaScript, where no verification can run. */
const CHALLENGE_WITHOUT_SCRIPT =
  'Beaucoup de demandes arrivent en ce moment\u00a0: une courte vérification est demandée. Elle demande JavaScript\u00a0: activez-le pour cette page, ou réessayez dans quelques minutes.'

// Each test on a server of its own, one after the other: the attack never spends the limits of
// the demo server the other specs share, nor of the other test.
test.describe.configure({ mode: 'default', timeout: 90_000 })

/**
 * Fills a fresh data folder (startOwnServer's `prepare`): the embedded database, migrated, with
 * one active auction started an hour ago and ending in a day.
 */
async function seedRunningAuction(dataDir: string): Promise<void> {
  const opened = await openDatabase({ dataDir })
  try {
    await opened.migrate()
    await opened.db.insert(encheres).values({
      nom: AUCTION.nom,
      lien_prive: AUCTION.lienPrive,
      prix_depart: '100.00',
      prix_actuel: '100.00',
      date_debut: new Date(Date.now() - 3_600_000),
      date_fin: new Date(Date.now() + 86_400_000),
      statut: 'active',
    })
  } finally {
    await opened.close()
  }
}

/** The strangers' address asked by the attack's request `index`. */
const strangerOf = (index: number) => `inconnu${index}@exemple.org`

/**
 * The attack: 100 link requests for strangers' addresses, 5 from each of the 20 `addresses` in
 * turn, posted as the home card's dialog posts them (its fields), each through
 * the proxy that names the client in X-Forwarded-For.
 *
 * @returns each answer's status and whether its page holds a verification.
 */
async function attack(server: OwnServer, addresses: string[]) {
  const answers: { status: number; isChallenge: boolean }[] = []
  for (let index = 0; index < 100; index++) {
    const response = await fetch(`${server.url}/?index`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
        origin: server.url,
        'x-forwarded-for': addresses[index % addresses.length] as string,
      },
      body: new URLSearchParams({ intent: AUCTION_LINK_INTENT, email: strangerOf(index) }),
    })
    answers.push({ status: response.status, isChallenge: (await response.text()).includes('<altcha-widget') })
  }
  return answers
}

/**
 * The new bidder's journey in the browser, from `clientIp`: asks on the home card, is shown the
 * verification (its script loaded only now), lets the browser solve it, asks again, receives the
 * e-mail and opens the private link, which validates the address and leads to the auction.
 *
 * @param screenshots - the name of the pictures of the dialog holding the solved verification
 *   (keepScreenshots), if they are to be kept.
 */
async function askThroughTheVerification(
  page: Page,
  server: OwnServer,
  clientIp: string,
  email: string,
  screenshots?: string,
) {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientIp })
  await page.goto(`${server.url}/`)
  await page.getByRole('link', { name: "Accéder à l'enchère privée" }).click()
  const dialog = page.getByRole('dialog', { name: "Accéder à l'enchère privée" })
  await dialog.getByLabel('Adresse email').fill(email)
  // The widget costs nothing until asked: no script of it in the page yet.
  expect(await page.evaluate(() => customElements.get('altcha-widget') === undefined)).toBe(true)
  await dialog.getByRole('button', { name: 'Recevoir le lien' }).click()

  // A note, not an error: the address is kept and not marked wrong, and no 'Erreur' toast.
  await expect(dialog.getByRole('status').filter({ hasText: 'Beaucoup de demandes' })).toHaveText(CHALLENGE)
  await expect(dialog.getByLabel('Adresse email')).toHaveValue(email)
  await expect(dialog.getByLabel('Adresse email')).not.toHaveAttribute('aria-invalid')
  await expect(toast(page, 'Erreur')).toHaveCount(0)
  const widget = dialog.locator('altcha-widget')
  await expect(widget).toBeVisible()
  // The browser solves it by itself (auto="onload"): no click needed; it fills the form's field.
  await expect(widget.locator('[data-state]').first()).toHaveAttribute('data-state', 'verified', {
    timeout: 30_000,
  })
  await expect(widget.getByText('Vérifié')).toBeVisible()
  await expect(dialog.locator('input[name="altcha"]')).toHaveValue(/^[A-Za-z0-9+/=]{40,}$/)
  await expectNoA11yViolations(page)
  if (screenshots) await keepScreenshots(page, screenshots, [390, 1280])

  await dialog.getByRole('button', { name: 'Recevoir le lien' }).click()
  await expect(toast(page, SENT)).toBeVisible()
  await expect(dialog).toBeHidden()

  const mail = await waitForMail((item) => item.to.includes(email), 20_000, server.mailDir)
  expect(mail.subject).toBe(`Votre lien vers l'enchère privée « ${AUCTION.nom} »`)
  const validationLink = mail.text.match(/https?:\/\/\S+\/enchere\/[\w-]+\/valider\?token=[\w-]+/)?.[0]
  expect(validationLink, mail.text).toBeTruthy()
  await page.goto(validationLink ?? '')
  await page.getByRole('button', { name: 'Confirmer mon adresse email' }).click()
  await expect(page.getByText('Email validé avec succès !')).toBeVisible()
  await page.getByRole('link', { name: "Accéder à l'enchère" }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Enchère en cours' })).toBeVisible()
  await expect(page.getByText(AUCTION.nom, { exact: true })).toBeVisible()
  expect(page.url()).toBe(`${server.url}/enchere/${AUCTION.lienPrive}`)
  // The auction page's live stream ends with the page, before its server stops.
  await page.close()
}

/**
 * A visitor without JavaScript, from `clientIp`, asks on the home card's panel while verifications
 * are asked: no widget can run there, so the note says what to do instead, and nothing is sent.
 */
async function askWithoutJavaScript(browser: Browser, server: OwnServer, clientIp: string) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'X-Forwarded-For': clientIp },
  })
  try {
    const page = await context.newPage()
    await page.goto(`${server.url}/`)
    await page.getByRole('link', { name: "Accéder à l'enchère privée" }).click()
    const panel = page.locator('#acces-enchere')
    await panel.getByLabel('Adresse email').fill('sans-script@exemple.fr')
    await panel.getByRole('button', { name: 'Recevoir le lien' }).click()
    await expect(
      page.locator('#acces-enchere').getByRole('status').filter({ hasText: 'Beaucoup de demandes' }),
    ).toHaveText(CHALLENGE_WITHOUT_SCRIPT)
    await expect(page.locator('#acces-enchere altcha-widget')).toHaveCount(0)
    await keepScreenshots(page, 'lien-enchere-sans-javascript', [390, 1280])
  } finally {
    await context.close()
  }
}

/** The strangers mailed, once the bidder's e-mail and `count` of theirs are written. */
async function strangersMailed(server: OwnServer, count: number): Promise<string[]> {
  await expect.poll(async () => (await readMails(server.mailDir)).length, { timeout: 15_000 }).toBe(count + 1)
  return (await readMails(server.mailDir))
    .flatMap((mail) => mail.to)
    .filter((to) => to.startsWith('inconnu'))
    .sort()
}

/** The strangers' addresses of the attack's first `count` requests, sorted as {@link strangersMailed}. */
const firstStrangers = (count: number) =>
  Array.from({ length: count }, (_, index) => strangerOf(index)).sort()

/**
 * The two replays of issue #37 §1: where the attack comes from, how many of its requests are
 * mailed before verifications are asked, and the new bidder who asks afterwards.
 */
const REPLAYS = [
  {
    title:
      '100 requests from 20 addresses of one /24 network: a new bidder solves the verification in the browser and gets the link',
    portOffset: 5,
    addresses: Array.from({ length: 20 }, (_, index) => `198.51.100.${index + 1}`),
    // The network goes past its 30 at the 31st request: verifications from then on, not e-mails;
    // the auction had 100 requests in 10 minutes (past its 60), so a bidder elsewhere is asked too.
    mailed: 30,
    bidder: { ip: '192.0.2.77', email: 'vraie@exemple.fr', screenshots: 'lien-enchere-verification' },
  },
  {
    title:
      '100 requests from 20 /64 networks: the auction asks everyone a verification, and a new bidder solves it in the browser',
    portOffset: 6,
    addresses: Array.from(
      { length: 20 },
      (_, index) => `2001:db8:${(index + 1).toString(16)}:1::${index + 1}`,
    ),
    // 5 per address are within every address's and network's limit; the auction's 60 are not.
    mailed: 60,
    bidder: { ip: '2001:db8:ffff:1::5', email: 'vraie-ipv6@exemple.fr', screenshots: undefined },
  },
] as const

for (const replay of REPLAYS) {
  test(replay.title, async ({ page, browser }) => {
    const server = await startOwnServer(
      DEMO_SERVER.port + replay.portOffset,
      { TRUST_PROXY: 'true' },
      { prepare: seedRunningAuction },
    )
    try {
      const answers = await attack(server, [...replay.addresses])
      expect(answers.slice(0, replay.mailed)).toEqual(
        Array(replay.mailed).fill({ status: 200, isChallenge: false }),
      )
      expect(answers.slice(replay.mailed)).toEqual(
        Array(100 - replay.mailed).fill({ status: 429, isChallenge: true }),
      )

      const { ip, email, screenshots } = replay.bidder
      await askThroughTheVerification(page, server, ip, email, screenshots)
      await askWithoutJavaScript(browser, server, ip)
      expect(await strangersMailed(server, replay.mailed)).toEqual(firstStrangers(replay.mailed))
    } finally {
      await server.stop()
    }
  })
}
