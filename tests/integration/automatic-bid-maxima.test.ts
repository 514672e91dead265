/**
 * The automatic-bid maxima are the artist's to see (issue #10 §4: the back-office auction screen
 * shows them, admin only) and nobody else's (issue #10 §3, decision 016: never revealed): the
 * administrator's loader and screen list them; the public auction page — its loader's data and its
 * HTML, for a visitor and for an outbid bidder — and its live stream carry nothing of the
 * leader's maximum nor of the table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveAuctionEvents, stopLivePages } from '#app/http/auction-stream.server'
import AdminAuctions, { action, loader } from '#app/routes/admin/encheres'
import AuctionPage, { loader as publicLoader } from '#app/routes/enchere'
import { placeBid } from '#app/services/auctions/place-bid.server'
import { auctions, setUpAuctionTests } from '#tests/support/auctions'
import { readMessages } from '#tests/support/event-stream'
import { startTestServer, type TestServer } from '#tests/support/http-server'
import { adminRoute, loadPage, renderRoute } from '#tests/support/routes'

setUpAuctionTests()
const admin = adminRoute('/admin/encheres', { action, loader })

let stream: TestServer
beforeAll(async () => {
  stream = await startTestServer((req, res) =>
    serveAuctionEvents(req, res, String(req.headers['x-test-client'] ?? '127.0.0.1'), () => {
      res.writeHead(418)
      res.end()
    }),
  )
})
afterAll(async () => {
  // The live pages process holds the streams' sockets: they close with it.
  await stopLivePages()
  await stream.close()
})

/** Anne's maximum: an amount no bid reaches, written as the server, the French and the stream would. */
const ANNE_MAX = '347.50'
const LEAKS = [ANNE_MAX, '347,50', '347,5', 'Enchères automatiques', 'Aucune enchère automatique']

describe('automatic-bid maxima (issue #10 §4)', () => {
  it('are listed for the administrator, and never reach the public page nor its live stream', async () => {
    const auction = await auctions.create({ prix_depart: '100.00' })
    const cookies: Record<string, string> = {}
    for (const prenom of ['anne', 'basile', 'chloe'])
      cookies[prenom] = await auctions.validatedCookie(auction.id, `${prenom}@exemple.fr`)
    const controller = new AbortController()
    const response = await fetch(`${stream.origin}/enchere/${auctions.link}/evenements`, {
      signal: controller.signal,
    })
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const opening = (await readMessages(reader, 2)).join('\n\n')

    // Anne leaves 347.50 €; Basile's 212.50 € maximum is beaten at once (217.50 €); Chloé's 230 €
    // too (235 €). Every bid is a maximum (issue #36 §1).
    const bid = (email: string, maximum: string) =>
      placeBid(auctions.bidInput(auctions.link, email, maximum, email.split('@')[0]))
    expect(await bid('anne@exemple.fr', ANNE_MAX)).toMatchObject({ status: 'accepted' })
    expect(await bid('basile@exemple.fr', '212.50')).toMatchObject({ prixActuel: '217.50' })
    expect(await bid('chloe@exemple.fr', '230')).toMatchObject({ prixActuel: '235.00' })
    const live = (await readMessages(reader, 5)).join('\n\n')
    controller.abort()

    // The administrator's screen lists the maxima, highest first, with the bidder in full.
    const data = await admin.load()
    expect(
      data.maxima.map((row) => [
        row.participant_prenom,
        row.participant_nom,
        row.participant_email,
        row.montant_max,
        row.state,
      ]),
    ).toEqual([
      ['anne', 'Curie', 'anne@exemple.fr', ANNE_MAX, 'active'],
      ['chloe', 'Curie', 'chloe@exemple.fr', '230.00', 'exhausted'],
      ['basile', 'Curie', 'basile@exemple.fr', '212.50', 'exhausted'],
    ])
    for (const row of data.maxima) {
      expect(Math.abs(Date.parse(row.modifie_le) - Date.now())).toBeLessThan(60_000)
    }
    const adminHtml = renderRoute(AdminAuctions as never, data, '/admin/encheres')
    expect(adminHtml).toContain('Enchères automatiques')
    // Addresses break at their dots and @ (<wbr>, app/components/email-address.tsx).
    expect(adminHtml.replaceAll('<wbr/>', '')).toMatch(/anne@exemple\.fr.*347,50\s€.*Active/)
    expect(adminHtml.replaceAll('<wbr/>', '')).toMatch(/basile@exemple\.fr.*212,50\s€.*Épuisée/)
    // The spec's history table keeps its columns.
    expect(adminHtml).toMatch(/Nom.*Début.*Fin.*Dernier montant.*Statut/)

    // The public page, for a visitor and for the outbid bidders, shows none of it.
    expect(live.match(/event: bid/g)).toHaveLength(5)
    expect(live).toContain('235.00')
    for (const [who, cookie] of [
      ['visitor', ''],
      ['basile', cookies.basile ?? ''],
      ['chloe', cookies.chloe ?? ''],
    ] as const) {
      const page = await loadPage(
        publicLoader,
        `/enchere/${auctions.link}`,
        { auctionLink: auctions.link },
        {
          headers: cookie ? { Cookie: cookie } : {},
        },
      )
      expect(page.status, who).toBe(200)
      // Each sees their own standing at most (outbid, with their own maximum), never Anne's.
      expect(page.data.position?.standing ?? 'none', who).toBe(who === 'visitor' ? 'none' : 'outbid')
      const html = renderRoute(AuctionPage as never, page.data, `/enchere/${auctions.link}`)
      expect(html, who).toContain('235,00')
      for (const text of [...LEAKS, 'Curie']) {
        expect(JSON.stringify(page.data), `${who}: ${text}`).not.toContain(text)
        expect(html, `${who}: ${text}`).not.toContain(text)
      }
    }
    for (const text of [...LEAKS, 'Curie', '@exemple.fr']) {
      expect(opening + live, text).not.toContain(text)
    }
  })

  it('says "Aucune enchère automatique" when the auction has none, and nothing without an auction', async () => {
    expect(renderRoute(AdminAuctions as never, await admin.load(), '/admin/encheres')).not.toContain(
      'Enchères automatiques',
    )
    await auctions.create()
    const data = await admin.load()
    expect(data.maxima).toEqual([])
    expect(renderRoute(AdminAuctions as never, data, '/admin/encheres')).toContain(
      'Aucune enchère automatique',
    )
  })
})
