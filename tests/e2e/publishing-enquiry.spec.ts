/**
 * Issue #11 §3–§5 in the browser: an article published for the next minutes is invisible to
 * visitors, previewed by the administrator (a visitor asking for the preview goes to /auth), edited
 * and restored from its previous version, then appears by itself when its time comes; a visitor
 * asks about an available work from its page and the artist receives the message naming it, linked
 * from the admin message card. The server's clock decides: the article is scheduled a minute or
 * two ahead (the form's time has minute precision), so the test waits for it.
 */
import { DEMO_ARTWORKS, DEMO_GALLERY_ARTWORK } from '#app/db/seed/demo-data'
import { formatZonedDateTimeInput } from '#app/lib/time-zone'
import { cardTitled, expect, type Page, test, toast, waitForHydration, waitForMail } from './fixtures'
import { demoRow } from './support/demo'
import { signIn } from './support/sign-in'

test.describe.configure({ timeout: 240_000 })

async function expectToast(page: Page, text: string) {
  await expect(toast(page, text)).toBeVisible({ timeout: 20_000 })
}

/** The Paris wall-clock minute at least 70 s from now, as a datetime-local value, and its instant. */
function nextParisMinute(): { value: string; at: number } {
  const at = Math.ceil((Date.now() + 70_000) / 60_000) * 60_000
  return { value: formatZonedDateTimeInput(new Date(at), 'Europe/Paris'), at }
}

test('a scheduled article: hidden, previewed, restored, then public at its time without any action', async ({
  page,
  browser,
  baseURL,
}) => {
  const stamp = Date.now()
  const titre = `Programmé ${stamp}`
  const slug = `programme-${stamp}`
  const visitor = await browser.newContext()
  const anonymous = await visitor.newPage()
  const when = nextParisMinute()

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
  await page.context().addInitScript(() => {
    // No share sheet: the share button copies the address it shares.
    Reflect.deleteProperty(Navigator.prototype, 'share')
  })
  await signIn(page)
  await page.goto('/admin/articles')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Nouvel article' }).click()
  const form = page.getByRole('region', { name: 'Nouvel article' })
  await form.getByRole('textbox', { name: 'Titre', exact: true }).fill(titre)
  await form.getByRole('textbox', { name: 'Contenu' }).click()
  await page.keyboard.type('Première version')
  await form.getByLabel('Statut').selectOption({ label: 'Publié' })
  await form.getByLabel('Date de publication').fill(when.value)
  await form.getByRole('switch', { name: 'Article masqué' }).click()
  await form.getByRole('button', { name: "Créer l'article" }).click()
  await expectToast(page, 'Article créé')
  const card = cardTitled(page, titre)
  await expect(card).toContainText('Programmé pour le')
  // Its badge says it is scheduled, never the green 'Publié' (issue #36 §6).
  await expect(card.getByText(/^Programmé · \d{1,2} \S+ \d{4} à \d{2}:\d{2}$/)).toBeVisible()
  await expect(card.getByText('Publié', { exact: true })).toHaveCount(0)

  expect((await anonymous.goto(`/blog/${slug}`))?.status()).toBe(404)
  await anonymous.goto('/blog')
  await expect(anonymous.getByRole('main').getByText(titre)).toHaveCount(0)

  // Edit: the first content becomes a version; the preview shows the form, marked as a preview.
  await card.getByRole('button', { name: `Modifier l'article ${titre}` }).click()
  const edit = page.getByRole('region', { name: `Modifier « ${titre} »` })
  const editor = edit.getByRole('textbox', { name: 'Contenu' })
  await editor.click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('Seconde version')
  await edit.getByRole('button', { name: 'Enregistrer les modifications' }).click()
  await expectToast(page, 'Article modifié')

  await card.getByRole('button', { name: `Modifier l'article ${titre}` }).click()
  const [preview] = await Promise.all([
    page.waitForEvent('popup'),
    edit.getByRole('button', { name: 'Aperçu' }).click(),
  ])
  await expect(preview.getByRole('note', { name: 'Aperçu' })).toContainText('Programmé pour le')
  await expect(preview.getByRole('heading', { level: 1, name: titre })).toBeVisible()
  await expect(preview.getByText('Seconde version')).toBeVisible()
  await expect(preview.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  // Shared from the preview, the article's public address, not the administrators' one.
  await preview.getByRole('button', { name: 'Partager' }).click()
  await expect(preview.getByText('URL copiée', { exact: true })).toBeVisible()
  expect(await preview.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/blog/${slug}`)
  const previewUrl = preview.url()
  const answer = await preview.request.get(previewUrl)
  expect(answer.headers()['cache-control']).toBe('private, no-store')
  await preview.close()
  await anonymous.goto(previewUrl)
  await expect(anonymous).toHaveURL(/\/auth$/)

  // Restore the first version: a save; the form closes and the content is back.
  const versions = edit.getByRole('list', { name: 'Versions précédentes' })
  await expect(versions.getByRole('listitem')).toHaveCount(1)
  await versions.getByRole('button', { name: /^Restaurer la version du/ }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restaurer' }).click()
  await expectToast(page, 'Version restaurée')
  await expect(edit).toHaveCount(0)

  // The server's scheduler makes it public at its time: no action from anyone.
  await page.waitForTimeout(Math.max(0, when.at - Date.now()))
  await expect(async () => {
    const response = await anonymous.goto(`/blog/${slug}`)
    expect(response?.status()).toBe(200)
  }).toPass({ timeout: 15_000, intervals: [500] })
  await expect(anonymous.getByText('Première version')).toBeVisible()
  // The list follows once the scheduler's pass, due at that instant (or 1 s later when it ran a
  // hair early), has emptied the page cache.
  await expect(async () => {
    await anonymous.goto('/blog')
    await expect(anonymous.getByRole('main').getByText(titre).first()).toBeVisible({ timeout: 500 })
  }).toPass({ timeout: 15_000, intervals: [500] })
  await visitor.close()

  await page.goto('/admin/articles')
  await card.getByRole('button', { name: `Supprimer l'article ${titre}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click()
  await expectToast(page, 'Article supprimé')
})

test('a visitor asks about an available work; the artist gets it named and linked', async ({
  page,
  browser,
}) => {
  const artwork = demoRow(DEMO_ARTWORKS, 'nom', DEMO_GALLERY_ARTWORK)
  const token = `${Date.now()}`
  const visitor = await browser.newContext()
  const anonymous = await visitor.newPage()

  await anonymous.goto('/portfolio')
  await anonymous.getByRole('main').getByRole('link', { name: artwork.categorie, exact: true }).click()
  await anonymous.getByRole('main').getByRole('link', { name: DEMO_GALLERY_ARTWORK, exact: true }).click()
  await anonymous.getByRole('link', { name: 'Demander des informations sur cette œuvre' }).click()
  const form = anonymous.getByRole('region', { name: 'Envoyez-moi un message' })
  await expect(form.getByRole('textbox', { name: /^Sujet/ })).toHaveValue(
    `À propos de « ${DEMO_GALLERY_ARTWORK} »`,
  )
  await form.getByRole('textbox', { name: /^Nom/ }).fill('Dupont')
  await form.getByRole('textbox', { name: /^Email/ }).fill(`enquete-${token}@exemple.org`)
  await form.getByRole('textbox', { name: /^Message/ }).fill(`Est-elle encadrée ? ${token}`)
  await anonymous.getByRole('button', { name: 'Envoyer le message' }).click()
  await expect(toast(anonymous, 'Message envoyé !')).toBeVisible()
  const mail = await waitForMail((item) => item.text?.includes(token) ?? false)
  expect(mail.subject).toBe(`Nouveau message : À propos de « ${DEMO_GALLERY_ARTWORK} »`)
  expect(mail.text).toContain('Œuvre concernée')
  expect(mail.text).toMatch(/\/portfolio\/oeuvre\/[0-9a-f-]{36}/)
  await visitor.close()

  await signIn(page)
  await page.goto('/admin/messages')
  const card = page.getByRole('article').filter({ hasText: token })
  await expect(card.getByRole('link', { name: DEMO_GALLERY_ARTWORK })).toHaveAttribute(
    'href',
    /^\/portfolio\/oeuvre\/[0-9a-f-]{36}$/,
  )
})
