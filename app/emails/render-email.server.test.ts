import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import { AuctionBidNotificationEmail } from './auction-bid-notification-email'
import { AuctionValidationEmail } from './auction-validation-email'
import { createEmailTemplate, renderEmail } from './render-email.server'

const artwork = { nom: 'Marée basse', imageUrl: 'https://exemple.fr/uploads/maree-640.webp' }
const fixed = {
  siteTitle: 'Atelier Lune',
  auctionName: 'Vente « Marée » & co',
  artwork,
  adminUrl: 'https://exemple.fr/admin/encheres',
}

/** The preview line's padding of invisible characters is sized for the markers (documented). */
const withoutPreviewPadding = (text: string) => text.replace(/[\u00a0\u200b-\u200f\ufeff]{2,}/g, '…')

describe('createEmailTemplate (issue #10 §2: an accepted bid costs no React render)', () => {
  const notification = createEmailTemplate(
    ['prenom', 'nom', 'email', 'amount', 'placedAt'],
    (props: typeof fixed, slots) => createElement(AuctionBidNotificationEmail, { ...props, ...slots }),
  )

  it('fills the rendering with the values, escaped as React escapes them, equal to a direct render', async () => {
    const values = {
      prenom: 'Zoé <script>alert(1)</script>',
      nom: 'O\'Brien & "fils"',
      email: 'zoe@exemple.fr',
      amount: '1 250,50 €',
      placedAt: '25/11/2026 15:04',
    }
    const filled = await notification(fixed, values)
    const direct = await renderEmail(createElement(AuctionBidNotificationEmail, { ...fixed, ...values }))
    expect(withoutPreviewPadding(filled.html)).toBe(withoutPreviewPadding(direct.html))
    expect(withoutPreviewPadding(filled.texte)).toBe(withoutPreviewPadding(direct.texte))
    expect(filled.html).not.toContain('<script>')
    expect(filled.html).toContain('Zoé &lt;script&gt;')
    expect(filled.texte).toContain('Zoé <script>alert(1)</script> O\'Brien & "fils" <zoe@exemple.fr>')
  })

  it('keeps one rendering per fixed part: another auction gets its own text', async () => {
    const values = { prenom: 'Ana', nom: 'Ruiz', email: 'ana@exemple.fr', amount: '130 €', placedAt: 'hier' }
    const first = await notification(fixed, values)
    const other = await notification({ ...fixed, auctionName: 'Autre vente' }, values)
    expect(first.texte).toContain('Vente « Marée » & co')
    expect(other.texte).toContain('Autre vente')
    expect(other.texte).not.toContain('Marée »')
  })

  it('puts a value in a link as a direct render does (the validation link and its token)', async () => {
    const validation = createEmailTemplate(['validationLink'], (props: typeof fixed, slots) =>
      createElement(AuctionValidationEmail, { ...props, ...slots }),
    )
    const link = 'https://exemple.fr/enchere/lien-prive/valider?token=a_b-C&x=1'
    const filled = await validation(fixed, { validationLink: link })
    const direct = await renderEmail(
      createElement(AuctionValidationEmail, { ...fixed, validationLink: link }),
    )
    expect(withoutPreviewPadding(filled.html)).toBe(withoutPreviewPadding(direct.html))
    expect(withoutPreviewPadding(filled.texte)).toBe(withoutPreviewPadding(direct.texte))
  })
})
