import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BID_FORM_REGION_ID } from '#app/lib/auction-live-state'
import { BID_MESSAGES } from '#app/lib/auction-rules'
import { FORM_REGION_HEADER } from '#app/lib/static-page'
import { setSiteDataCacheEnabled } from '#app/services/site-data-cache.server'
import { auctions } from '#tests/support/auctions'
import { startTestServer, type TestServer } from '#tests/support/http-server'
import { serveBidRegion } from './bid-region.server'

let server: TestServer
let origin = ''

beforeAll(async () => {
  // serveBidRegion, and 'page' (299) for what it passes on.
  server = await startTestServer((req, res) =>
    serveBidRegion(req, res, '203.0.113.9', () => {
      req.resume()
      res.writeHead(299, { 'Content-Type': 'text/plain' })
      res.end('page')
    }),
  )
  origin = server.origin
})

afterAll(() => server.close())

/** The bid form as the page's script posts it: urlencoded, with the region's header. */
function post(
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  path = auctions.link,
  body: URLSearchParams | FormData = new URLSearchParams(fields),
) {
  return fetch(`${origin}/enchere/${path}`, {
    method: 'POST',
    body,
    headers: { Accept: 'text/html', [FORM_REGION_HEADER]: BID_FORM_REGION_ID, Origin: origin, ...headers },
  })
}

const form = auctions.bidFormFields

describe("the bid form's region, for the page's script", () => {
  it('accepts a validated bidder’s bid and answers with the region only: the toast, the kept details, the new minimum', async () => {
    const auction = await auctions.create()
    const cookie = await auctions.validatedCookie(auction.id, 'marie@exemple.fr')

    const response = await post(form('marie@exemple.fr', '150'), { Cookie: cookie })
    const html = await response.text()

    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(html.startsWith(`<section id="${BID_FORM_REGION_ID}"`)).toBe(true)
    expect(html).not.toContain('<html')
    expect(html).toContain('data-outcome="accepted"')
    expect(html).toContain(BID_MESSAGES.accepted)
    expect(html).toContain('value="Marie"')
    // Her 150 € is a maximum: in at the start price, the next minimum above it.
    expect(html).toContain(`min="105"`)
    expect(html).toContain('Adresse validée sur cet appareil')
    expect((await auctions.row(auction.id)).prix_actuel).toBe('100.00')
  })

  it('takes the same bid posted as multipart (another client than the page’s script)', async () => {
    const auction = await auctions.create()
    const cookie = await auctions.validatedCookie(auction.id, 'marie@exemple.fr')
    const multipart = new FormData()
    for (const [name, value] of Object.entries(form('marie@exemple.fr', '150'))) multipart.set(name, value)

    const response = await post({}, { Cookie: cookie }, auctions.link, multipart)

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

  it("tells each bidder where they stand, their own maximum only, from the desk's state (cache on; issue #36 §1)", async () => {
    // As in production: the early checks and the leader come from the desk's memory.
    setSiteDataCacheEnabled(true)
    try {
      const auction = await auctions.create()
      const anne = await auctions.validatedCookie(auction.id, 'anne@exemple.fr')
      const basile = await auctions.validatedCookie(auction.id, 'basile@exemple.fr')
      const ahead = 'data-live="position" data-standing="ahead" data-max="300.00"'

      const first = await post(form('anne@exemple.fr', '300', 'Anne'), { Cookie: anne })
      const firstHtml = await first.text()
      expect(firstHtml).toContain(ahead)
      expect(firstHtml).toContain('data-live="note-mise"')
      // Basile's 200 € is beaten at once by Anne's automatic bid: outbid, with his own maximum only.
      const second = await post(form('basile@exemple.fr', '200', 'Basile'), { Cookie: basile })
      const secondHtml = await second.text()
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
    } finally {
      setSiteDataCacheEnabled(false)
    }
  })

  it('answers an incomplete or malformed form with the field messages', async () => {
    await auctions.create()

    const response = await fetch(`${origin}/enchere/${auctions.link}`, {
      method: 'POST',
      body: '--x\r\nbroken',
      headers: {
        'Content-Type': 'multipart/form-data; boundary=x',
        [FORM_REGION_HEADER]: BID_FORM_REGION_ID,
      },
    })

    expect(response.status).toBe(400)
    expect((await response.text()).match(/aria-invalid="true"/g)?.length).toBeGreaterThanOrEqual(4)
  })

  it('cuts off a body over 16 KB with 413', async () => {
    await auctions.create()

    const response = await post({ ...form('marie@exemple.fr', '150'), nom: 'x'.repeat(20_000) })

    expect(response.status).toBe(413)
    expect(await response.text()).toBe('La requête est trop volumineuse.')
  })

  it("passes on what is not the script's bid: no header, another origin, another path or method", async () => {
    await auctions.create()
    const passedOn = [
      await fetch(`${origin}/enchere/${auctions.link}`, {
        method: 'POST',
        body: new URLSearchParams(form('marie@exemple.fr', '150')),
      }),
      await post(form('marie@exemple.fr', '150'), { Origin: 'https://ailleurs.example' }),
      await post(form('marie@exemple.fr', '150'), {}, `${auctions.link}/valider`),
      await fetch(`${origin}/enchere/${auctions.link}`, {
        headers: { [FORM_REGION_HEADER]: BID_FORM_REGION_ID },
      }),
    ]
    for (const response of passedOn) {
      expect(response.status).toBe(299)
      expect(await response.text()).toBe('page')
    }
  })
})
