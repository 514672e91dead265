/**
 * Every back-office screen at 390 px (issue #36 §4), with the demo site's data: the page is no
 * wider than the screen, no word is broken anywhere, and each table's key column is in view (the
 * tables scroll inside their frame with that column pinned). The screens are read from the route
 * table (app/routes.ts): a back-office route module with a component is a screen; one added later
 * is visited too. The same screens at 1280 px keep the page within the screen.
 */
import fs from 'node:fs'
import {
  expect,
  expectFitsScreen,
  keepScreenshots,
  MOBILE,
  type Page,
  test,
  waitForHydration,
} from './fixtures'
import { signedInStorageState } from './support/sign-in'

test.use({ storageState: signedInStorageState })

/** A value for each route parameter of a back-office screen, read from the demo site. */
const PARAMETERS: Record<string, (page: Page) => Promise<string>> = {
  // The first article's id, from its form's 'Aperçu' link (/blog/apercu/{id}).
  articleId: async (page) => {
    await page.goto('/admin/articles')
    await waitForHydration(page)
    await page
      .getByRole('button', { name: /^Modifier l'article/ })
      .first()
      .click()
    const href = await page.getByRole('link', { name: 'Aperçu' }).getAttribute('href')
    const id = href?.split('/').pop()
    if (!id) throw new Error("Aucun article de démonstration n'a de lien d'aperçu")
    return id
  },
}

/**
 * The back-office screens of app/routes.ts: '/admin', then each child route whose module has a
 * component (a route answering data only — the upload, the versions' list — is no screen); the
 * catch-all as an unknown address.
 */
function adminScreens(): string[] {
  const config = fs.readFileSync('app/routes.ts', 'utf8')
  const screens = ['/admin']
  for (const [, path, file] of config.matchAll(/route\('([^']+)', '(routes\/admin\/[^']+\.tsx)'\)/g)) {
    if (!/^export default /m.test(fs.readFileSync(`app/${file}`, 'utf8'))) continue
    screens.push(path === '*' ? '/admin/ecran-inconnu' : `/admin/${path}`)
  }
  return screens
}

/** The screen's address with its parameters filled from the demo site. */
async function addressOf(screen: string, page: Page): Promise<string> {
  let address = screen
  for (const [, name] of screen.matchAll(/:(\w+)/g)) {
    const read = name ? PARAMETERS[name] : undefined
    if (!read)
      throw new Error(`Aucune valeur de démonstration pour :${name} (${screen}) : ajoutez-la à PARAMETERS`)
    address = address.replace(`:${name}`, await read(page))
  }
  return address
}

const SCREENS = adminScreens()

test('the route table lists the back-office screens', () => {
  expect(SCREENS).toEqual(
    expect.arrayContaining(['/admin', '/admin/encheres', '/admin/users', '/admin/messages']),
  )
  expect(SCREENS.length).toBeGreaterThanOrEqual(14)
})

/** Each screen opened at the viewport of its `describe`: its heading shown, nothing wider than the screen. */
function checkEveryScreen() {
  for (const screen of SCREENS) {
    test(`${screen} fits the screen`, async ({ page }) => {
      await page.goto(await addressOf(screen, page))
      await waitForHydration(page)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectFitsScreen(page)
      await keepScreenshots(page, screen.replace(/^\//, '').replace(/[/:*]+/g, '-'))
    })
  }
}

test.describe('at 390 px', () => {
  test.use(MOBILE)
  checkEveryScreen()
})

test.describe('at 1280 px', () => {
  checkEveryScreen()
})
