import { describe, expect, it } from 'vitest'
import { BID_FORM_REGION_ID } from '#app/lib/auction-live-state'
import { BID_MESSAGES } from '#app/lib/auction-rules'
import { auctions, setUpAuctionTests } from '#tests/support/auctions'
import { setUpRouteServer } from '#tests/support/route-handler'
import * as route from './enchere-mise'

setUpAuctionTests()

const served = setUpRouteServer('enchere/:auctionLink/mise', route)

/** The bid form as the page's script posts it: urlencoded, to `/enchere/{lien}/mise`, from the site. */
function post(
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  body: URLSearchParams | FormData | string = new URLSearchParams(fields),
) {
  return fetch(`${served.origin}/enchere/${auctions.link}/mise`, {
    method: 'POST',
    body,
    headers: { Accept: 'text/html', Origin: served.origin, ...headers },
    redirect: 'manual',
  })
}

const form = auctions.bidFormFields

describe("POST /enchere/{lien}/mise: the bid form's region, for the page's script (issue #34 §3)", () => {
  it('accepts a validated bidder’s bid and answers with the region only: the toast, the kept details, the new minimum', async () => {
    const auction = await auctions.create()
    const cookie = await auctions.validatedCookie(auction.id, 'marie@exemple.fr')

    const response = await post(form('marie@exemple.fr', '150'), { Cookie: cookie })
    const html = await response.text()

    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(html.startsWith(`<section id="${BID_FORM_REGION_ID}"`)).toBe(true)
    expect(html).not.toContain('<html')
    expect(html).toContain('data-outcome="accepted"')
    expect(html).toContain(BID_MESSAGES.accepted)
    expect(html).toContain('value="Marie"')
    // Her 150 € is a maximum: in at the start price, the next minimum above it.
    expect(html).toContain(`min="105"`)
    expect(html).toContain('Adresse validée sur cet appareil')
    // The answered form posts its next bid here again.
    expect(html).toContain('data-region-path="mise"')
    expect((await auctions.row(auction.id)).prix_actuel).toBe('100.00')
  })

  it('takes the same bid posted as multipart (another client than the page’s script)', async () => {
    const auction = await auctions.create()
    const cookie = await auctions.validatedCookie(auction.id, 'marie@exemple.fr')
    const multipart = new FormData()
    for (const [name, value] of Object.entries(form('marie@exemple.fr', '150'))) multipart.set(name, value)

    const response = await post({}, { Cookie: cookie }, multipart)

    expect(response.status).toBe(200)
    expect(await response.text()).toContain('data-outcome="accepted"')
    expect((await auctions.row(auction.id)).prix_actuel).toBe('100.00')
  })

  it('refuses a bid under the start price with the minimum beside the amount, and changes nothing', async () => {
    const auction = await auctions.create()

    const response = await post(form('marie@exemple.fr', '50'))
    const html = await response.text()

    expect(response.status).toBe(400)
    expect(html).toContain('data-outcome="refused"')
    expect(html).toMatch(/Votre mise doit être d&#x27;au moins 100,00\s€/)
    expect(html).toContain('aria-invalid="true"')
    expect(await auctions.bids(auction.id)).toEqual([])
  })

  it('keeps a bid from a browser without credential pending, with its claim cookie', async () => {
    const auction = await auctions.create()

    const response = await post(form('paul@exemple.fr', '150'))

    expect(response.status).toBe(202)
    expect(response.headers.get('Set-Cookie')).toMatch(/^encre_mises_/)
    expect(await response.text()).toContain('data-outcome="pending"')
    expect((await auctions.row(auction.id)).prix_actuel).not.toBe('150.00')
  })

  it('tells each bidder where they stand, their own maximum only (issue #36 §1)', async () => {
    const auction = await auctions.create()
    const anne = await auctions.validatedCookie(auction.id, 'anne@exemple.fr')
    const basile = await auctions.validatedCookie(auction.id, 'basile@exemple.fr')
    const ahead = 'data-live="position" data-standing="ahead" data-max="300.00"'

    const firstHtml = await (await post(form('anne@exemple.fr', '300', 'Anne'), { Cookie: anne })).text()
    expect(firstHtml).toContain(ahead)
    expect(firstHtml).toContain('data-live="note-mise"')
    // Basile's 200 € is beaten at once by Anne's automatic bid: outbid, with his own maximum only.
    const secondHtml = await (
      await post(form('basile@exemple.fr', '200', 'Basile'), { Cookie: basile })
    ).text()
    expect(secondHtml).toContain('data-outcome="outbid"')
    expect(secondHtml).toContain('data-live="position" data-standing="outbid" data-max="200.00"')
    expect(secondHtml).not.toContain('300,00')
    expect(secondHtml).not.toContain('300.00')
    // Anne, still leading, sees where she stands in any answer, even a refusal.
    const third = await post(form('anne@exemple.fr', '10', 'Anne'), { Cookie: anne })
    expect(third.status).toBe(400)
    expect(await third.text()).toContain(ahead)
    // A browser typing Anne's address without her credential learns nothing of her.
    const stranger = await post(form('anne@exemple.fr', '10', 'Anne'))
    expect(await stranger.text()).not.toContain('data-live="position"')
    expect((await auctions.row(auction.id)).prix_actuel).toBe('205.00')
  })

  it('answers an unknown auction with 404 and the French message', async () => {
    const response = await fetch(`${served.origin}/enchere/lien-inconnu/mise`, {
      method: 'POST',
      body: new URLSearchParams(form('marie@exemple.fr', '150')),
      headers: { Origin: served.origin },
    })

    expect(response.status).toBe(404)
    expect(await response.text()).toContain(BID_MESSAGES.notFound.replaceAll("'", '&#x27;'))
  })

  it('answers an incomplete or malformed form with the field messages', async () => {
    await auctions.create()

    const response = await post({}, { 'Content-Type': 'multipart/form-data; boundary=x' }, '--x\r\nbroken')

    expect(response.status).toBe(400)
    expect((await response.text()).match(/aria-invalid="true"/g)?.length).toBeGreaterThanOrEqual(4)
  })

  it('cuts off a body over the site’s limit with 413, and stores nothing', async () => {
    const auction = await auctions.create()
    const cookie = await auctions.validatedCookie(auction.id, 'marie@exemple.fr')

    const response = await post(
      { ...form('marie@exemple.fr', '150'), nom: 'x'.repeat(1_100_000) },
      { Cookie: cookie },
    )

    expect(response.status).toBe(413)
    expect(await response.text()).toBe('La requête est trop volumineuse.')
    expect(await auctions.bids(auction.id)).toEqual([])
  })

  it('refuses a bid posted from another site, or from an opaque origin, as React Router refuses a page action: 400, nothing stored', async () => {
    const auction = await auctions.create()
    const cookie = await auctions.validatedCookie(auction.id, 'marie@exemple.fr')

    for (const foreign of [
      'https://ailleurs.example',
      'null',
      'pas une adresse',
      served.origin.replace('http:', 'https:'),
    ]) {
      const response = await post(form('marie@exemple.fr', '150'), { Cookie: cookie, Origin: foreign })
      expect(response.status, foreign).toBe(400)
      expect(await response.text()).toBe('Bad Request')
    }
    expect(await auctions.bids(auction.id)).toEqual([])
    // Without `Origin` (a client that sends none), the bid is taken, as by the page's action.
    const plain = await fetch(`${served.origin}/enchere/${auctions.link}/mise`, {
      method: 'POST',
      body: new URLSearchParams(form('marie@exemple.fr', '150')),
      headers: { Cookie: cookie },
    })
    expect(plain.status).toBe(200)
  })

  it('sends a person who opens the address to the auction page', async () => {
    const response = await fetch(`${served.origin}/enchere/${auctions.link}/mise`, { redirect: 'manual' })

    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(`/enchere/${auctions.link}`)
  })
})
