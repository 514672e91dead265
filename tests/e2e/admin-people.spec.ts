/**
 * Back-office people screens (back-office spec §2 "Contact messages", "Users", "Timeline events"):
 * a message sent through /contact is read, archived and deleted in /admin/messages; an event
 * created in /admin/evenements shows on /parcours, is hidden, then deleted; the users screen marks
 * the administrator's own card. Rows are made unique with a random token (the demo database is
 * shared by the specs running in parallel). One sign-in per worker: the sign-in limit is 5 per
 * address per 15 minutes.
 */
import crypto from 'node:crypto'
import {
  E2E_ADMIN,
  expect,
  expectNoA11yViolations,
  type Page,
  test,
  toast,
  waitForHydration,
} from './fixtures'
import { signedInStorageState } from './support/sign-in'

test.use({ storageState: signedInStorageState })

const unique = () => crypto.randomBytes(4).toString('hex')
/** Confirms the open alert dialog with its 'Supprimer' button. */
async function confirmDelete(page: Page) {
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Supprimer' }).click()
}

test('messages found by a search are marked read then deleted all at once (issue #35 §2)', async ({
  page,
}) => {
  test.slow()
  const token = unique()
  const email = `lot-${token}@exemple.org`
  await page.goto('/contact')
  const contact = page.getByRole('region', { name: 'Envoyez-moi un message' })
  await contact.getByRole('textbox', { name: /^Nom/ }).fill('Robot')
  await contact.getByRole('textbox', { name: /^Email/ }).fill(email)
  await contact.getByRole('textbox', { name: /^Sujet/ }).fill(`Promotion ${token}`)
  await contact.getByRole('textbox', { name: /^Message/ }).fill('Gagnez un voyage.')
  await contact.getByRole('button', { name: 'Envoyer le message' }).click()
  await expect(toast(page, 'Message envoyé !')).toBeVisible()

  await page.goto('/admin/messages')
  await waitForHydration(page)
  await page.getByLabel('Rechercher un message').fill(`LOT-${token}`)
  await page.getByRole('button', { name: 'Rechercher' }).click()
  await expect(page).toHaveURL(new RegExp(`\\?q=LOT-${token}$`))
  await expect(page.getByTestId('liste-compte')).toHaveText(`1 message pour « LOT-${token} »`)
  const bulk = page.getByRole('form', { name: 'Actions groupées' })
  await bulk.getByLabel('Les 1 message correspondant').check()
  await bulk.getByRole('button', { name: 'Marquer comme lu' }).click()
  await expect(toast(page, '1 message marqué comme lu')).toBeVisible()
  await expect(page.getByRole('article', { name: `Promotion ${token}` })).not.toContainText('Non lu')

  await bulk.getByLabel('Messages sélectionnés').check()
  await page.getByRole('checkbox', { name: `Sélectionner le message « Promotion ${token} »` }).check()
  await bulk.getByRole('button', { name: 'Supprimer' }).click()
  await confirmDelete(page)
  await expect(toast(page, '1 message supprimé')).toBeVisible()
  await expect(page.getByText('Aucun message', { exact: true })).toBeVisible()
})

test('a message sent through /contact is read, archived and deleted in /admin/messages', async ({ page }) => {
  // A long journey (two pages, five actions, an axe audit) on a machine shared by several runs.
  test.slow()
  const token = unique()
  const subject = `Question ${token}`
  const email = `visiteur-${token}@exemple.org`
  await page.goto('/contact')
  const contact = page.getByRole('region', { name: 'Envoyez-moi un message' })
  await contact.getByRole('textbox', { name: /^Nom/ }).fill('Durand')
  await contact.getByRole('textbox', { name: /^Prénom/ }).fill('Iris')
  await contact.getByRole('textbox', { name: /^Email/ }).fill(email)
  await contact.getByRole('textbox', { name: /^Téléphone/ }).fill('06 11 22 33 44')
  await contact.getByRole('textbox', { name: /^Sujet/ }).fill(subject)
  await contact.getByRole('textbox', { name: /^Message/ }).fill('Bonjour,\n  deux lignes gardées.')
  await contact.getByRole('button', { name: 'Envoyer le message' }).click()
  await expect(toast(page, 'Message envoyé !')).toBeVisible()

  await page.goto('/admin/messages?filtre=non-lus')
  await waitForHydration(page)
  await expect(page.getByRole('tab', { name: /^Non lus/ })).toHaveAttribute('aria-selected', 'true')
  const card = page.getByRole('article', { name: subject })
  await expect(card).toContainText('Non lu')
  await expect(card).toContainText('Iris Durand')
  await expect(card.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`)
  await expect(card.getByText('deux lignes gardées.')).toHaveCSS('white-space', 'pre-wrap')
  await expectNoA11yViolations(page, { exclude: ['[data-sonner-toaster]'] })

  await card.getByRole('button', { name: 'Marquer comme lu' }).click()
  await expect(toast(page, 'Message marqué comme lu')).toBeVisible()
  await expect(card).toHaveCount(0)

  await page.getByRole('tab', { name: /^Lus/ }).click()
  await expect(page).toHaveURL(/\/admin\/messages\?filtre=lus$/)
  await expect(card).not.toContainText('Non lu')
  await card.getByRole('button', { name: 'Archiver' }).click()
  await expect(toast(page, 'Message archivé')).toBeVisible()
  await expect(card).toHaveCount(0)

  await page.getByRole('tab', { name: /^Archivés/ }).click()
  await expect(page).toHaveURL(/filtre=archives$/)
  await page.reload()
  await waitForHydration(page)
  await expect(page.getByRole('tab', { name: /^Archivés/ })).toHaveAttribute('aria-selected', 'true')
  await expect(card).toContainText('Archivé')
  await expect(card.getByRole('button', { name: 'Archiver' })).toHaveCount(0)
  await card.getByRole('button', { name: /^Supprimer/ }).click()
  await confirmDelete(page)
  await expect(toast(page, 'Message supprimé')).toBeVisible()
  await expect(card).toHaveCount(0)
})

test('an event created in /admin/evenements shows on /parcours, is hidden, then deleted', async ({
  page,
}) => {
  test.slow()
  const title = `Résidence ${unique()}`
  await page.goto('/admin/evenements')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Nouvel événement' }).click()
  const form = page.getByRole('form', { name: 'Nouvel événement' })
  await form.getByRole('button', { name: "Créer l'événement" }).click()
  await expect(form.getByText('Le titre est obligatoire')).toBeVisible()
  await expect(form.getByText('La date est obligatoire')).toBeVisible()

  await form.getByLabel('Titre', { exact: true }).fill(title)
  await form.getByLabel('Date', { exact: true }).fill('2024-03-20')
  await expect(form.getByText('Année : 2024')).toBeVisible()
  await expect(form.getByLabel('Type', { exact: true })).toHaveValue('projet')
  await form.getByLabel('Type', { exact: true }).selectOption('exposition')
  await expect(form.getByRole('switch', { name: 'Événement visible' })).toBeChecked()
  const editor = form.getByRole('textbox', { name: 'Description' })
  await editor.click()
  await editor.pressSequentially('Trois semaines ')
  await form.getByRole('button', { name: 'Gras' }).click()
  await editor.pressSequentially('au studio')
  await form.getByRole('button', { name: "Créer l'événement" }).click()
  await expect(toast(page, 'Événement créé')).toBeVisible()
  const card = page.getByRole('article', { name: title })
  await expect(card).toContainText('Exposition')
  await expect(card).toContainText('Année 2024')
  await expect(card.locator('strong')).toHaveText('au studio')

  await page.goto('/parcours')
  await expect(page.getByRole('heading', { name: title })).toBeVisible()

  await page.goto('/admin/evenements')
  await waitForHydration(page)
  await card.getByRole('switch').click()
  await expect(toast(page, 'Événement masqué')).toBeVisible()
  await expect(card).toContainText('Masqué')
  await page.goto('/parcours')
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0)

  await page.goto('/admin/evenements')
  await waitForHydration(page)
  await expectNoA11yViolations(page, { exclude: ['[data-sonner-toaster]'] })
  await card.getByRole('button', { name: /^Supprimer/ }).click()
  await confirmDelete(page)
  await expect(toast(page, 'Événement supprimé')).toBeVisible()
  await expect(card).toHaveCount(0)
})

test('the users screen marks the administrator’s own card, with no delete button', async ({ page }) => {
  await page.goto('/admin/users')
  await expect(page.getByRole('heading', { level: 1, name: 'Gestion des utilisateurs' })).toBeVisible()
  const own = page.getByRole('article').filter({ hasText: E2E_ADMIN.email })
  await expect(own).toContainText("C'est votre compte")
  await expect(own).toContainText('Administrateur')
  await expect(own.getByRole('button', { name: /^Modifier/ })).toBeVisible()
  await expect(own.getByRole('button', { name: /^Supprimer/ })).toHaveCount(0)
  await expectNoA11yViolations(page)
})
