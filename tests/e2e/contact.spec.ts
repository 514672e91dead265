/**
 * /contact (public spec §2, §5 "Contact", §8): the page, the form's French messages with and
 * without JavaScript, the success toast, the cleared form and the notification e-mail the outbox
 * writes (Reply-To the visitor). Each successful send uses a unique subject; the contact rate limit
 * (5 valid messages per IP per 10 minutes) leaves room for the two sent here.
 */
import crypto from 'node:crypto'
import {
  E2E_CONTACT_EMAIL,
  expect,
  expectNoA11yViolations,
  MOBILE,
  type Page,
  test,
  toast,
  waitForMail,
} from './fixtures'

const SUCCESS = 'Votre message a été envoyé avec succès. Je vous répondrai dans les plus brefs délais.'
const REQUIRED = 'Veuillez remplir tous les champs obligatoires'

const form = (page: Page) => page.getByRole('region', { name: 'Envoyez-moi un message' })
/** A field of the form by the start of its accessible name ('Nom' is not 'Prénom'). */
const field = (page: Page, label: string) =>
  form(page).getByRole('textbox', { name: new RegExp(`^${label}`) })
const unique = () => crypto.randomBytes(4).toString('hex')

test.describe('/contact page', () => {
  test('shows the title, the description, the form and the contact details', async ({ page }) => {
    await page.goto('/contact')

    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Envoyez-moi un message' })).toBeVisible()
    for (const label of ['Nom', 'Prénom', 'Email', 'Téléphone', 'Sujet', 'Message']) {
      await expect(field(page, label)).toBeVisible()
      await expect(
        form(page)
          .locator('label')
          .filter({ hasText: new RegExp(`^${label}`) }),
      ).toBeVisible()
    }
    await expect(page.getByRole('textbox', { name: 'Nom (obligatoire)', exact: true })).toHaveAttribute(
      'required',
      '',
    )
    await expect(field(page, 'Prénom')).not.toHaveAttribute('required', '')
    await expect(page.getByRole('textbox', { name: 'Email (obligatoire)', exact: true })).toHaveAttribute(
      'type',
      'email',
    )
    await expect(page.getByRole('textbox', { name: 'Message (obligatoire)', exact: true })).toHaveAttribute(
      'rows',
      '6',
    )
    await expect(page.getByRole('button', { name: 'Envoyer le message' })).toBeEnabled()
    const details = page.getByRole('complementary', { name: 'Informations de contact' })
    await expect(details.getByRole('link', { name: 'contact@exemple.fr' })).toHaveAttribute(
      'href',
      'mailto:contact@exemple.fr',
    )
    await expect(details.getByRole('link', { name: '+33 1 23 45 67 89' })).toBeVisible()
    await expect(details.getByText('75004 Paris')).toBeVisible()
    await expectNoA11yViolations(page)
  })

  test('refuses an empty form with the French messages and sends nothing', async ({ page }) => {
    await page.goto('/contact')

    await page.getByRole('button', { name: 'Envoyer le message' }).click()

    await expect(toast(page, 'Erreur')).toContainText(REQUIRED)
    await expect(form(page).getByRole('alert')).toContainText(REQUIRED)
    await expect(form(page).getByText('Veuillez indiquer votre nom')).toBeVisible()
    await expect(field(page, 'Nom')).toHaveAttribute('aria-invalid', 'true')
    await expect(field(page, 'Nom')).toBeFocused()
    await expectNoA11yViolations(page)
  })

  test('explains an invalid e-mail address and keeps what was typed', async ({ page }) => {
    await page.goto('/contact')

    await field(page, 'Nom').fill('Dupont')
    await field(page, 'Email').fill('camille@')
    await page.getByRole('button', { name: 'Envoyer le message' }).click()

    await expect(form(page).getByText('Veuillez saisir une adresse email valide')).toBeVisible()
    await expect(field(page, 'Nom')).toHaveValue('Dupont')
    await expect(field(page, 'Email')).toHaveValue('camille@')
    await field(page, 'Email').fill('camille@exemple.fr')
    await page.getByRole('button', { name: 'Envoyer le message' }).click()
    await expect(form(page).getByText('Veuillez saisir une adresse email valide')).toHaveCount(0)
  })

  test('sends a message: toast, cleared form and an e-mail replying to the visitor', async ({ page }) => {
    const token = unique()
    const visitor = `camille-${token}@exemple.org`
    await page.goto('/contact')

    await field(page, 'Nom').fill('Dupont')
    await field(page, 'Prénom').fill('Camille')
    await field(page, 'Email').fill(visitor)
    await field(page, 'Téléphone').fill('06 12 34 56 78')
    await field(page, 'Sujet').fill(`Commande ${token}`)
    await field(page, 'Message').fill('Bonjour,\nje voudrais offrir une calligraphie.')
    await page.getByRole('button', { name: 'Envoyer le message' }).click()

    await expect(toast(page, 'Message envoyé !')).toContainText(SUCCESS)
    await expect(form(page).getByRole('status')).toContainText(SUCCESS)
    await expect(field(page, 'Nom')).toHaveValue('')
    await expect(field(page, 'Message')).toHaveValue('')
    const mail = await waitForMail((item) => item.subject === `Nouveau message : Commande ${token}`)
    expect(mail.to).toEqual([E2E_CONTACT_EMAIL])
    expect(mail.replyTo).toEqual([visitor])
    expect(mail.text).toContain('je voudrais offrir une calligraphie.')
    expect(mail.text).toContain('Camille Dupont')
  })
})

test.describe('/contact without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('shows the server messages, keeps the values, then confirms the sending', async ({ page }) => {
    const token = unique()
    await page.goto('/contact')
    await field(page, 'Nom').fill('Martin')
    await field(page, 'Email').fill('lea@exemple')
    await field(page, 'Sujet').fill(`Sans JavaScript ${token}`)
    await field(page, 'Message').fill('Un message envoyé sans JavaScript.')

    await page.getByRole('button', { name: 'Envoyer le message' }).click()

    await expect(form(page).getByRole('alert')).toContainText('Veuillez saisir une adresse email valide')
    await expect(field(page, 'Nom')).toHaveValue('Martin')
    await expect(field(page, 'Message')).toHaveValue('Un message envoyé sans JavaScript.')

    await field(page, 'Email').fill(`lea-${token}@exemple.org`)
    await page.getByRole('button', { name: 'Envoyer le message' }).click()

    await expect(form(page).getByRole('status')).toContainText(SUCCESS)
    await expect(field(page, 'Nom')).toHaveValue('')
    const mail = await waitForMail((item) => item.subject === `Nouveau message : Sans JavaScript ${token}`)
    expect(mail.replyTo).toEqual([`lea-${token}@exemple.org`])
  })
})

test.describe('/contact on a phone', () => {
  test.use(MOBILE)

  test('fits 390 px: fields full width, no horizontal scroll', async ({ page }) => {
    await page.goto('/contact')

    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(scrollWidth).toBeLessThanOrEqual(390)
    const box = await field(page, 'Sujet').boundingBox()
    expect(box?.width ?? 0).toBeGreaterThan(280)
    const details = await page.getByRole('complementary', { name: 'Informations de contact' }).boundingBox()
    expect(details?.y ?? 0).toBeGreaterThan((box?.y ?? 0) + (box?.height ?? 0))
  })
})
