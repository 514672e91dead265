import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { validationsEmail } from '#app/db/schema'
import { validationReceiptCookie } from '#app/http/auction-cookies.server'
import { auctions } from '#tests/support/auctions'
import { configurePage } from '#tests/support/content-fixtures'
import { expectHtmlToContain, renderRoute } from '#tests/support/routes'
import MentionsLegales, { loader as mentionsLoader } from './mentions-legales'
import ValidationErreur, { loader as erreurLoader } from './validation-erreur'
import ValidationReussie, { loader as reussieLoader } from './validation-reussie'

const args = (url: string) =>
  ({ request: new Request(url), params: {}, context: { cspNonce: 'n', clientIp: '127.0.0.1' } }) as never
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

describe('/mentions-legales', () => {
  it('shows the default title, then the configured banner, title and rich description', async () => {
    const empty = await mentionsLoader()
    expect(empty.page).toMatchObject({ titre: 'Mentions Légales', imageHeight: '300px', image: null })

    await configurePage('mentions-legales', {
      titre: 'Informations légales',
      description: '<p>Éditeur : <strong>Atelier Encre</strong></p>',
      image_url: '/uploads/pages/legal.jpg',
    })
    const data = await mentionsLoader()
    const html = renderRoute(MentionsLegales as never, data, '/mentions-legales')

    expectHtmlToContain(html, [
      'Informations légales</h1>',
      '<p>Éditeur : <strong>Atelier Encre</strong></p>',
      'src="/uploads/pages/legal.jpg"',
      'height:300px',
    ])
  })
})

describe('/validation-reussie', () => {
  it('shows the success texts and no address without a token', async () => {
    const answer = (await reussieLoader(args('http://localhost/validation-reussie'))) as unknown as {
      data: { email: string | null }
    }
    const html = renderRoute(ValidationReussie as never, answer.data, '/validation-reussie')

    expect(answer.data.email).toBeNull()
    expect(html).toContain('Email validé avec succès !')
    expect(html).toContain('Votre email a été validé. Vous pouvez maintenant participer aux enchères.')
    expect(html).toContain('href="/"')
  })

  it('shows no address for a token in the URL (issue #37 §5): it sends to the bare address', async () => {
    const auction = await auctions.create({ nom: 'Printemps', lien_prive: 'lien' })
    await getDb()
      .insert(validationsEmail)
      .values({
        email: 'valide@example.fr',
        token: sha256('jeton-valide'),
        enchere_id: auction.id,
        valide: true,
        expire_le: new Date(Date.now() + 86_400_000),
      })

    for (const query of ['token=jeton-valide', `token=${'x'.repeat(500)}`, 'enchere=lien']) {
      const answer = await reussieLoader(args(`http://localhost/validation-reussie?${query}`)).catch(
        (thrown: unknown) => thrown,
      )
      expect(answer, query).toBeInstanceOf(Response)
      expect((answer as Response).headers.get('Location'), query).toBe('/validation-reussie')
    }
  })

  it('shows no address for a forged or another auction’s receipt', async () => {
    await auctions.create({ nom: 'Printemps', lien_prive: 'lien' })
    const forged = await validationReceiptCookie({ lienPrive: 'lien', credential: 'faux.jeton' })
    const unknown = await validationReceiptCookie({ lienPrive: 'inconnu', credential: 'faux.jeton' })
    for (const cookie of [forged, unknown]) {
      const request = new Request('http://localhost/validation-reussie', {
        headers: { Cookie: cookie.split(';')[0] ?? '' },
      })
      const answer = (await reussieLoader({
        ...(args('http://localhost/') as object),
        request,
      } as never)) as unknown as {
        data: { email: string | null; auctionLink: string | null }
      }
      expect(answer.data).toEqual({ email: null, auctionLink: null })
    }
  })
})

describe('/validation-erreur', () => {
  it('shows the default error, the possible causes and a link home', async () => {
    const data = erreurLoader(args('http://localhost/validation-erreur'))
    const html = renderRoute(ValidationErreur as never, data, '/validation-erreur')

    expectHtmlToContain(html, [
      'Erreur de validation',
      'Une erreur est survenue lors de la validation',
      '24 heures maximum',
      'déjà été utilisé',
      'invalide',
      'href="/"',
    ])
  })

  it('shows only the known causes: text planted in the URL is never printed', async () => {
    for (const query of [
      'error=Votre%20compte%20est%20bloqu%C3%A9%2C%20appelez%20le%2008%2099',
      'cause=Votre%20compte%20est%20bloqu%C3%A9',
      'cause=constructor',
      'cause=__proto__',
    ]) {
      const data = erreurLoader(args(`http://localhost/validation-erreur?${query}`))
      const html = renderRoute(ValidationErreur as never, data, '/validation-erreur')
      expect(data.error, query).toBe('Une erreur est survenue lors de la validation')
      expect(html).not.toContain('bloqu')
    }
    for (const [cause, text] of [
      ['used', 'Ce lien de validation a déjà été utilisé.'],
      ['expired', 'Ce lien de validation a expiré : il est valable 24 heures maximum.'],
      ['invalid', 'Ce lien de validation est invalide.'],
    ] as const) {
      expect(erreurLoader(args(`http://localhost/validation-erreur?cause=${cause}`)).error).toBe(text)
    }
  })
})
