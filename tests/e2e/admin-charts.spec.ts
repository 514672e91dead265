/**
 * Issue #36 §2–§3 in the browser, on a server of its own whose database holds an auction ended
 * after a real bidding war (bids by hand and automatic, soft-close extensions, a reserve) and an
 * article read over the last 30 days (tests/e2e/support/bidding-war.ts): the dashboard's views
 * chart and the auction's price chart drawn by the chart library with their axes, legend, tooltips
 * (hover and keyboard) and table alternative; an article's versions, who saved them, what changed,
 * and the word-by-word comparison. axe finds no violation on these screens at 390 and 1280 px.
 *
 * With E2E_SCREENSHOTS set to a folder (docs/screenshots), each screen is saved there at both
 * widths (the README shows them).
 */
import {
  DEMO_SERVER,
  expect,
  expectFitsScreen,
  expectNoA11yViolations,
  keepScreenshots,
  test,
  waitForHydration,
} from './fixtures'
import { seedBiddingWar, WAR_ARTICLE, WAR_AUCTION } from './support/bidding-war'
import { type OwnServer, startOwnServer } from './support/own-server'
import { signIn } from './support/sign-in'

const OWN_PORT = DEMO_SERVER.port + 4
const WIDTHS = [390, 1280] as const

// One server for the file's tests, run in order by one worker; a failure does not skip the others.
test.describe.configure({ mode: 'default', timeout: 120_000 })

let server: OwnServer

test.beforeAll(async () => {
  test.setTimeout(120_000)
  server = await startOwnServer(OWN_PORT, {}, { prepare: seedBiddingWar })
})

test.afterAll(async () => {
  await server?.stop()
})

test('the dashboard charts the views of 30 days: total, axes, tooltip on hover and focus, a table', async ({
  page,
}) => {
  await signIn(page, undefined, { baseUrl: server.url })
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto(`${server.url}/admin`)
    await waitForHydration(page)
    const card = page.getByRole('region', { name: 'Articles les plus lus (30 jours)' })
    await expect(card.locator('figcaption')).toHaveText('89 vues sur les 30 derniers jours')
    const chart = card.getByTestId('graphique-vues')
    // A bar for each of the 13 days read; the other days stay at zero, drawn as nothing.
    await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(13)
    expect(
      await chart.locator('.recharts-xAxis .recharts-cartesian-axis-tick').count(),
    ).toBeGreaterThanOrEqual(3)
    expect(
      await chart.locator('.recharts-yAxis .recharts-cartesian-axis-tick').count(),
    ).toBeGreaterThanOrEqual(3)
    await expect(chart.locator('.recharts-cartesian-grid')).toHaveCount(1)

    await chart.locator('.recharts-bar-rectangle').last().hover()
    await expect(chart.locator('.recharts-tooltip-wrapper')).toContainText('4 vues')

    await card.getByText('Voir les données du graphique').click()
    const table = card.getByRole('table', { name: 'Vues par jour' })
    await expect(table.getByRole('row')).toHaveCount(31)
    await expectFitsScreen(page)
    await expectNoA11yViolations(page)
    await keepScreenshots(page, 'tableau-de-bord')
  }

  // Keyboard: the chart takes the focus and the arrows move the tooltip from day to day.
  const chart = page.getByTestId('graphique-vues')
  await chart.locator('svg.recharts-surface[tabindex="0"]').focus()
  await page.keyboard.press('ArrowRight')
  await expect(chart.locator('.recharts-tooltip-wrapper')).toContainText(/\d+ vues?/)
})

test('the auction screen charts a bidding war: axes, reserve, soft-close marks, bids and automatic bids apart, a table', async ({
  page,
}) => {
  await signIn(page, undefined, { baseUrl: server.url })
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto(`${server.url}/admin/encheres`)
    await waitForHydration(page)
    await expect(page.getByRole('region', { name: 'Enchère actuelle' })).toContainText(WAR_AUCTION.nom)
    const chart = page.getByTestId('graphique-prix')
    await expect(chart.locator('figcaption')).toHaveText(
      'De 100,00 € à 450,00 € en 11 mises, dont 4 automatiques, 4 prolongations.',
    )
    const legend = chart.getByRole('list', { name: 'Légende' })
    await expect(legend.getByRole('listitem')).toHaveText([
      'Mise',
      'Enchère automatique',
      'Prix de réserve (200,00 €)',
      "Prolongation de fin d'enchère",
    ])
    // Seven discs, four diamonds: a bid and the automatic bid it caused sit in slots of their own.
    await expect(chart.locator('.recharts-line-dots circle')).toHaveCount(7)
    await expect(chart.locator('.recharts-line-dots path')).toHaveCount(4)
    await expect(chart.locator('.recharts-reference-line')).toHaveCount(5)
    await expect(chart.getByText(/^Réserve 200,00\s€$/)).toBeVisible()
    expect(
      await chart.locator('.recharts-yAxis .recharts-cartesian-axis-tick').count(),
    ).toBeGreaterThanOrEqual(4)
    expect(
      await chart.locator('.recharts-xAxis .recharts-cartesian-axis-tick').count(),
    ).toBeGreaterThanOrEqual(3)
    // Every soft-close triangle lies inside the drawing, none clipped.
    const surface = await chart.locator('.recharts-surface').boundingBox()
    const marks = chart.locator('svg.recharts-surface path[fill="#b45309"]')
    await expect(marks).toHaveCount(4)
    for (const mark of await marks.all()) {
      const box = await mark.boundingBox()
      expect(box && surface && box.y >= surface.y && box.x >= surface.x).toBe(true)
      expect(box && surface && box.x + box.width <= surface.x + surface.width).toBe(true)
    }

    await chart.locator('.recharts-line-dots path').last().hover()
    await expect(chart.locator('.recharts-tooltip-wrapper')).toContainText('Enchère automatique de Paul')

    await chart.getByText('Voir les données du graphique').click()
    const table = chart.getByRole('table', { name: "Mises de l'enchère, dans l'ordre" })
    await expect(table.getByRole('row')).toHaveCount(13)
    // The start, then the bids: Paul's automatic 260 € answered Lina's 250 € and moved the end.
    await expect(table.getByRole('row').nth(7)).toContainText('Enchère automatique de Paul')
    await expect(table.getByRole('row').nth(7)).toContainText('Fin repoussée à')
    await expectFitsScreen(page)
    await expectNoA11yViolations(page)
    await keepScreenshots(page, 'encheres-graphique')
  }
})

test("an article's versions say who saved them and what changed, and compare word by word", async ({
  page,
}) => {
  await signIn(page, undefined, { baseUrl: server.url })
  await page.goto(`${server.url}/admin/articles`)
  await waitForHydration(page)
  await page.getByRole('button', { name: `Modifier l'article ${WAR_ARTICLE.titre}` }).click()
  const edit = page.getByRole('region', { name: `Modifier « ${WAR_ARTICLE.titre} »` })
  await edit.getByRole('textbox', { name: 'Titre', exact: true }).fill(`${WAR_ARTICLE.titre} mouillé`)
  await edit.getByRole('textbox', { name: 'Contenu' }).click()
  await page.keyboard.press('ControlOrMeta+End')
  await page.keyboard.type(' Le reste vient seul.')
  await edit.getByRole('button', { name: 'Enregistrer les modifications' }).click()
  await expect(edit).toHaveCount(0)

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto(`${server.url}/admin/articles`)
    await waitForHydration(page)
    await page.getByRole('button', { name: `Modifier l'article ${WAR_ARTICLE.titre} mouillé` }).click()
    const form = page.getByRole('region', { name: `Modifier « ${WAR_ARTICLE.titre} mouillé »` })
    await expect(form.getByTestId('version-actuelle')).toContainText(
      'Par Administrateur · Titre (+1 mot), Contenu (+4 mots)',
    )
    const versions = form.getByRole('list', { name: 'Versions précédentes' })
    await expect(versions.getByRole('listitem')).toHaveCount(2)
    await expect(versions.getByRole('listitem').first()).toContainText(
      'Auteur inconnu · Titre (+3 mots), Contenu (+3 mots)',
    )
    await versions
      .getByRole('button', { name: /^Comparer la version du/ })
      .last()
      .click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.locator('ins').filter({ hasText: 'mouillé' })).toBeVisible()
    await expect(dialog.locator('ins').filter({ hasText: 'humide' })).toBeVisible()
    await expect(dialog.locator('ins').filter({ hasText: 'Le reste vient seul' })).toBeVisible()
    await expectFitsScreen(page)
    await expectNoA11yViolations(page)
    await keepScreenshots(page, 'versions-comparaison')
    await page.keyboard.press('Escape')
  }
})
