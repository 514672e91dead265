import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { validationsEmail } from '#app/db/schema'
import { BIDDER_EMAIL_STORAGE_KEY } from '#app/lib/auction-rules'
import { requestAuctionLink } from '#app/services/auctions/request-auction-link.server'
import { auctions } from '#tests/support/auctions'
import { renderRoute } from '#tests/support/routes'
import { loader as auctionLoader, action as bidAction } from './enchere'
import ConfirmValidation, { action as confirmAction, loader as validateLoader } from './enchere-valider'
import ValidationErreur, { loader as erreurLoader } from './validation-erreur'
import ValidationReussie, { loader as reussieLoader } from './validation-reussie'

const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: { cspNonce: 'n', clientIp: '127.0.0.1' } }) as never

let restoreEnv: () => void
beforeAll(() => {
  restoreEnv = auctions.useArtistEmail('artiste@example.fr')
})
afterAll(() => restoreEnv())

/** The link of the newest e-mail and its parts. */
async function mailedLink() {
  const [email] = (await auctions.outbox()).slice(-1)
  const link = String((email?.donnees as { lien_validation?: string } | undefined)?.lien_validation)
  const url = new URL(link)
  return { link, auctionLink: url.pathname.split('/')[2] ?? '', token: url.searchParams.get('token') ?? '' }
}

/** Presses the page's button: the POST the browser sends, with its cookies. */
async function confirm(auctionLink: string, token: string, cookie = ''): Promise<Response> {
  const request = new Request(`http://localhost/enchere/${auctionLink}/valider?token=${token}`, {
    method: 'POST',
    body: new URLSearchParams({ token }),
    headers: cookie ? { Cookie: cookie } : {},
  })
  return (await confirmAction(args(request, { auctionLink }))) as Response
}

/** The cookies a browser would send back after `response` (name=value pairs). */
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ')

describe('/enchere/:auctionLink/valider', () => {
  it('opening the link (a mail scanner, a preview) consumes nothing: it shows a confirm button', async () => {
    await auctions.create()
    await requestAuctionLink({ email: 'marie@example.fr', clientIp: '192.0.2.1' })
    const { link, auctionLink, token } = await mailedLink()

    const data = await validateLoader(args(new Request(link), { auctionLink }))
    await validateLoader(args(new Request(link), { auctionLink }))

    expect(data).toEqual({ token, email: 'marie@example.fr' })
    const [row] = await getDb().select().from(validationsEmail)
    expect(row?.valide).toBe(false)
    const html = renderRoute(ConfirmValidation as never, data, `/enchere/${auctionLink}/valider`)
    expect(html).toContain('Confirmer votre adresse email')
    expect(html).toMatch(/<form [^>]*method="post"/)
    expect(html).toContain(`name="token" value="${token}"`)
    expect(html).toContain('Confirmer mon adresse email</button>')
  })

  it('the button validates, gives this browser its credential, and its bids then count', async () => {
    const auction = await auctions.create()
    await requestAuctionLink({ email: 'marie@example.fr', clientIp: '192.0.2.1' })
    const { auctionLink, token } = await mailedLink()

    const response = await confirm(auctionLink, token)

    expect(response.status).toBe(302)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const location = new URL(response.headers.get('Location') ?? '', 'http://localhost')
    expect(location.pathname).toBe('/validation-reussie')
    // Issue #37 §5: neither the token nor the auction in the page's address.
    expect(location.search).toBe('')
    const [credential, , receipt] = response.headers.getSetCookie()
    expect(credential).toMatch(/^encre_encherisseur_[0-9a-f]{16}=/)
    expect(credential).toContain('Path=/enchere')
    expect(credential).toContain('HttpOnly')
    expect(credential).toContain('SameSite=Lax')
    expect(credential).toMatch(/Expires=/)
    expect(receipt).toMatch(/^encre_validation=/)
    expect(receipt).toContain('Path=/;')
    expect(receipt).toContain('HttpOnly')
    expect(receipt).toContain('Max-Age=600')

    const shown = (await reussieLoader(
      args(new Request(location.href, { headers: { Cookie: cookiesOf(response) } })),
    )) as unknown as { data: { email: string | null; auctionLink: string | null }; init: ResponseInit }
    expect(shown.data).toEqual({ email: 'marie@example.fr', auctionLink: 'lien-prive-test' })
    // Read once: the answer removes the receipt.
    expect(new Headers(shown.init.headers).get('Set-Cookie')).toMatch(/^encre_validation=;.*Max-Age=0/)
    const html = renderRoute(ValidationReussie as never, shown.data, '/validation-reussie')
    expect(html).toContain('Email validé avec succès !')
    expect(html).toContain('href="/enchere/lien-prive-test"')
    expect(BIDDER_EMAIL_STORAGE_KEY).toBe('encre:enchere-email')

    // A later holder of the page's address (a reload after the receipt was cleared, another
    // browser, the old `?token=` address) sees no address.
    const later = (await reussieLoader(args(new Request(location.href)))) as unknown as {
      data: { email: string | null }
    }
    expect(later.data.email).toBeNull()
    const oldLink = await reussieLoader(
      args(new Request(`http://localhost/validation-reussie?token=${token}&enchere=lien-prive-test`)),
    ).catch((thrown: unknown) => thrown)
    expect(oldLink).toBeInstanceOf(Response)
    expect((oldLink as Response).status).toBe(302)
    expect((oldLink as Response).headers.get('Location')).toBe('/validation-reussie')

    // The auction page knows the address of this browser, and its bid counts at once.
    const cookie = cookiesOf(response)
    const page = (await auctionLoader(
      args(new Request('http://localhost/enchere/lien-prive-test', { headers: { Cookie: cookie } }), {
        auctionLink: 'lien-prive-test',
      }),
    )) as { bidderEmail: string | null }
    expect(page.bidderEmail).toBe('marie@example.fr')
    const {
      lienPrive,
      credential: _,
      ...fields
    } = auctions.bidInput('lien-prive-test', 'marie@example.fr', '150')
    const bid = (await bidAction(
      args(
        new Request('http://localhost/enchere/lien-prive-test', {
          method: 'POST',
          body: new URLSearchParams(fields as Record<string, string>),
          headers: { Cookie: cookie },
        }),
        { auctionLink: lienPrive },
      ),
    )) as { data: { outcome: string } }
    expect(bid.data.outcome).toBe('accepted')
    // A 150 € maximum, the first bid: in at the start price (issue #36 §1).
    expect((await auctions.row(auction.id)).prix_actuel).toBe('100.00')
  })

  it('a second press goes to /validation-erreur?cause=used with a way back to the auction', async () => {
    await auctions.create()
    await requestAuctionLink({ email: 'marie@example.fr', clientIp: '192.0.2.1' })
    const { auctionLink, token, link } = await mailedLink()
    await confirm(auctionLink, token)

    const response = await confirm(auctionLink, token)
    const reopened = (await validateLoader(args(new Request(link), { auctionLink }))) as Response

    for (const answer of [response, reopened]) {
      const location = new URL(answer.headers.get('Location') ?? '', 'http://localhost')
      expect(location.pathname).toBe('/validation-erreur')
      expect(location.searchParams.get('cause')).toBe('used')
      expect(location.searchParams.has('error')).toBe(false)
      expect(answer.headers.getSetCookie()).toEqual([])
      const data = erreurLoader(args(new Request(location.href)))
      const html = renderRoute(ValidationErreur as never, data, '/validation-erreur')
      expect(html).toContain('Ce lien de validation a déjà été utilisé.')
      expect(html).toContain('href="/enchere/lien-prive-test"')
    }
  })

  it('answers an unknown, missing or other auction’s token as invalid, without a link to any auction', async () => {
    await auctions.create()
    await auctions.create({ lien_prive: 'autre-lien-prive', statut: 'programme' })
    await requestAuctionLink({ email: 'marie@example.fr', clientIp: '192.0.2.1' })
    const { token } = await mailedLink()
    const unknown = 'A'.repeat(43)
    const answers = [
      await validateLoader(
        args(new Request(`http://localhost/enchere/lien-prive-test/valider?token=${unknown}`), {
          auctionLink: 'lien-prive-test',
        }),
      ),
      await validateLoader(
        args(new Request('http://localhost/enchere/lien-prive-test/valider'), {
          auctionLink: 'lien-prive-test',
        }),
      ),
      await confirm('lien-prive-test', unknown),
      await confirm('autre-lien-prive', token),
    ] as Response[]
    for (const response of answers) {
      const location = new URL(response.headers.get('Location') ?? '', 'http://localhost')
      expect(location.pathname).toBe('/validation-erreur')
      expect(location.searchParams.get('cause')).toBe('invalid')
      expect(location.searchParams.has('enchere')).toBe(false)
    }
    const [row] = await getDb().select().from(validationsEmail)
    expect(row?.valide).toBe(false)
  })
})
