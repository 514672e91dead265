import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderRoute } from '#app/services/articles/test-fixtures.server'
import { BIDDER_EMAIL_STORAGE_KEY } from '#app/services/auctions/auction-rules'
import { requestAuctionLink } from '#app/services/auctions/request-auction-link.server'
import { createTestAuction, outboxRows, useArtistEmail } from '#app/services/auctions/test-helpers.server'
import { loader as validateLoader } from './enchere-valider'
import ValidationErreur, { loader as erreurLoader } from './validation-erreur'
import ValidationReussie, { loader as reussieLoader } from './validation-reussie'

const args = (url: string, params: Record<string, string> = {}) =>
  ({ request: new Request(url), params, context: { cspNonce: 'n', clientIp: '127.0.0.1' } }) as never

let restoreEnv: () => void
beforeAll(() => {
  restoreEnv = useArtistEmail('artiste@example.fr')
})
afterAll(() => restoreEnv())

/** Opens the link of the newest e-mail like a visitor: the validation route, then its redirect. */
async function openMailedLink(): Promise<{ response: Response; link: string }> {
  const [email] = (await outboxRows()).slice(-1)
  const link = String((email?.donnees as { lien_validation?: string } | undefined)?.lien_validation)
  const auctionLink = new URL(link).pathname.split('/')[2] ?? ''
  const response = (await validateLoader(args(link, { auctionLink }))) as Response
  return { response, link }
}

describe('/enchere/:auctionLink/valider', () => {
  it('validates the address, then /validation-reussie remembers it and links to the auction', async () => {
    await createTestAuction()
    await requestAuctionLink({ email: 'marie@example.fr' })

    const { response, link } = await openMailedLink()

    expect(response.status).toBe(302)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(response.headers.get('Referrer-Policy')).toBe('no-referrer')
    const location = new URL(response.headers.get('Location') ?? '', 'http://localhost')
    expect(location.pathname).toBe('/validation-reussie')
    expect(location.searchParams.get('token')).toBe(new URL(link).searchParams.get('token'))
    expect(location.searchParams.get('enchere')).toBe('lien-prive-test')

    const data = await reussieLoader(args(location.href))
    expect(data).toEqual({ email: 'marie@example.fr', auctionLink: 'lien-prive-test' })
    const html = renderRoute(ValidationReussie as never, data, '/validation-reussie')
    expect(html).toContain('Email validé avec succès !')
    expect(html).toContain('href="/enchere/lien-prive-test"')
    expect(html).toContain('Accéder à l&#x27;enchère')
    expect(BIDDER_EMAIL_STORAGE_KEY).toBe('encre:enchere-email')
  })

  it('sends a second opening to /validation-erreur with the cause and a way back to the auction', async () => {
    await createTestAuction()
    await requestAuctionLink({ email: 'marie@example.fr' })
    await openMailedLink()

    const { response } = await openMailedLink()

    const location = new URL(response.headers.get('Location') ?? '', 'http://localhost')
    expect(location.pathname).toBe('/validation-erreur')
    expect(location.searchParams.get('error')).toBe('Ce lien de validation a déjà été utilisé.')
    const data = erreurLoader(args(location.href))
    const html = renderRoute(ValidationErreur as never, data, '/validation-erreur')
    expect(html).toContain('Ce lien de validation a déjà été utilisé.')
    expect(html).toContain('href="/enchere/lien-prive-test"')
  })

  it('answers an unknown or missing token as invalid, without a link to any auction', async () => {
    await createTestAuction()
    for (const url of [
      'http://localhost/enchere/lien-prive-test/valider?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      'http://localhost/enchere/lien-prive-test/valider',
    ]) {
      const response = (await validateLoader(args(url, { auctionLink: 'lien-prive-test' }))) as Response
      const location = new URL(response.headers.get('Location') ?? '', 'http://localhost')
      expect(location.pathname).toBe('/validation-erreur')
      expect(location.searchParams.get('error')).toBe('Ce lien de validation est invalide.')
      expect(location.searchParams.has('enchere')).toBe(false)
    }
  })
})
