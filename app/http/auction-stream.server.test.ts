import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { getDb } from '#app/db/client.server'
import { encheres, mises } from '#app/db/schema'
import { publishAuctionEvent, stopAuctionEvents } from '#app/services/auctions/auction-events.server'
import { readMessages } from '#tests/support/event-stream'
import { startTestServer, type TestServer } from '#tests/support/http-server'
import {
  MAX_STREAMS_PER_CLIENT,
  serveAuctionEvents,
  stopLivePages,
  TOO_MANY_STREAMS_MESSAGE,
} from './auction-stream.server'

let test: TestServer
let origin = ''

beforeAll(async () => {
  // serveAuctionEvents, and 'suite' (418) for anything else.
  test = await startTestServer((req, res) =>
    serveAuctionEvents(req, res, String(req.headers['x-test-client'] ?? '127.0.0.1'), () => {
      res.writeHead(418, { 'Content-Type': 'text/plain' })
      res.end('suite')
    }),
  )
  origin = test.origin
})

async function insertAuction(statut: 'active' | 'programme', lien_prive: string, prix_reserve?: string) {
  const [row] = await getDb()
    .insert(encheres)
    .values({
      nom: 'Vente privée',
      prix_depart: '100.00',
      prix_actuel: '130.00',
      date_debut: new Date(Date.now() - 60_000),
      date_fin: new Date(Date.now() + 3_600_000),
      statut,
      lien_prive,
      prix_reserve,
    })
    .returning()
  if (!row) throw new Error('insert failed')
  return row
}

/** Opens the stream of `link`, as the client at `client` (the address the server is told). */
async function open(link: string, client = '127.0.0.1') {
  const controller = new AbortController()
  const response = await fetch(`${origin}/enchere/${link}/evenements`, {
    signal: controller.signal,
    headers: { 'x-test-client': client },
  })
  return { response, controller }
}

function dataOf(message: string | undefined): unknown {
  const line = message?.split('\n').find((item) => item.startsWith('data: '))
  return line ? JSON.parse(line.slice(6)) : undefined
}

afterAll(async () => {
  // The live pages process holds the streams' sockets: they close with it.
  await stopLivePages()
  await test.close()
  await stopAuctionEvents()
})

describe('GET /enchere/:auctionLink/evenements', () => {
  it('passes every other request on', async () => {
    for (const url of ['/enchere/lien-actif-1234', '/enchere/a/b/evenements', '/evenements']) {
      const response = await fetch(`${origin}${url}`)
      expect(response.status, url).toBe(418)
      expect(await response.text()).toBe('suite')
    }
    const post = await fetch(`${origin}/enchere/lien-actif-1234/evenements`, { method: 'POST' })
    expect(post.status).toBe(418)
    await post.text()
  })

  it('answers 404 for a malformed, unknown or inactive link', async () => {
    await insertAuction('programme', 'lien-programme-1234')
    for (const link of ['x', '%E0%A4%A', 'inconnu-inconnu-1234', 'lien-programme-1234']) {
      const { response } = await open(link)
      expect(response.status, link).toBe(404)
      expect(await response.text()).toBe('Enchère non trouvée')
    }
  })

  it('refuses a client address its 21st open stream with 429 and a French message, until one closes', async () => {
    await insertAuction('active', 'lien-actif-places')
    const pages = []
    for (let page = 0; page < MAX_STREAMS_PER_CLIENT; page++)
      pages.push(await open('lien-actif-places', '198.51.100.20'))
    expect(pages.map(({ response }) => response.status)).toEqual(pages.map(() => 200))

    const refused = await open('lien-actif-places', '198.51.100.20')
    const neighbour = await open('lien-actif-places', '198.51.100.21')

    expect(refused.response.status).toBe(429)
    expect(refused.response.headers.get('retry-after')).toBe('30')
    expect(await refused.response.text()).toBe(TOO_MANY_STREAMS_MESSAGE)
    expect(neighbour.response.status).toBe(200)

    pages[0]?.controller.abort()
    await vi.waitFor(async () => {
      const again = await open('lien-actif-places', '198.51.100.20')
      expect(again.response.status).toBe(200)
      pages.push(again)
    })
    for (const { controller } of [...pages, neighbour]) controller.abort()
  })

  it('streams a retry hint, a snapshot of the state, then the bids and the closing as they happen', async () => {
    const auction = await insertAuction('active', 'lien-actif-1234')
    await getDb().insert(mises).values({
      enchere_id: auction.id,
      participant_email: 'anne@exemple.fr',
      participant_nom: 'Martin',
      participant_prenom: 'Anne',
      montant: '130.00',
      email_valide: true,
    })
    const { response, controller } = await open('lien-actif-1234')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/event-stream; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toContain('no-transform')
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()

    const [retry, snapshot] = await readMessages(reader, 2)
    expect(retry).toBe('retry: 2000')
    expect(snapshot).toMatch(/^id: 1\nevent: snapshot\n/)
    const snapshotData = dataOf(snapshot) as { state: Record<string, unknown>; serverNow: string }
    expect(snapshotData.state).toMatchObject({ enchereId: auction.id, prixActuel: '130.00', nombreMises: 1 })
    expect(Math.abs(Date.parse(snapshotData.serverNow) - Date.now())).toBeLessThan(5_000)
    expect(snapshot).not.toContain('anne@exemple.fr')
    expect(snapshot).not.toContain('Martin')

    const mise = { id: 'm2', prenom: 'Carl', montant: '150.00', creeLe: new Date().toISOString() }
    await publishAuctionEvent({
      type: 'bid',
      enchereId: auction.id,
      prixActuel: '150.00',
      nombreMises: 2,
      dateFin: auction.date_fin.toISOString(),
      mise,
    })
    await publishAuctionEvent({ type: 'started', enchereId: auction.id })
    await publishAuctionEvent({
      type: 'bid',
      enchereId: 'autre-enchere',
      prixActuel: '999.00',
      nombreMises: 9,
      dateFin: '',
      mise,
    })
    await publishAuctionEvent({
      type: 'closed',
      enchereId: auction.id,
      statut: 'termine_prix_atteint',
      prixActuel: '150.00',
    })

    const [bid, closed] = await readMessages(reader, 2)
    expect(bid).toMatch(/^id: 2\nevent: bid\n/)
    expect(dataOf(bid)).toEqual({
      prixActuel: '150.00',
      nombreMises: 2,
      dateFin: auction.date_fin.toISOString(),
      mise,
      reserveAtteinte: null,
    })
    expect(closed).toMatch(/^event: closed\n/)
    expect(dataOf(closed)).toEqual({ statut: 'termine_prix_atteint', prixActuel: '150.00' })

    controller.abort()
    await expect(reader.read()).rejects.toThrow()
  })

  it('says whether the reserve is met, live, never its amount (issue #10 §4)', async () => {
    const auction = await insertAuction('active', 'lien-reserve-1234', '147.00')
    const { response, controller } = await open('lien-reserve-1234')
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const [, snapshot] = await readMessages(reader, 2)
    expect((dataOf(snapshot) as { state: { reserveAtteinte: unknown } }).state.reserveAtteinte).toBe(false)

    const bid = (montant: string, nombreMises: number) =>
      publishAuctionEvent({
        type: 'bid',
        enchereId: auction.id,
        prixActuel: montant,
        nombreMises,
        dateFin: auction.date_fin.toISOString(),
        mise: { id: `m${nombreMises}`, prenom: 'Carl', montant, creeLe: new Date().toISOString() },
      })
    await bid('140.00', 1)
    const [below] = await readMessages(reader, 1)
    await bid('150.00', 2)
    const [above] = await readMessages(reader, 1)

    expect((dataOf(below) as { reserveAtteinte: unknown }).reserveAtteinte).toBe(false)
    expect((dataOf(above) as { reserveAtteinte: unknown }).reserveAtteinte).toBe(true)
    // The amount as any field would carry it (ids are random UUIDs and may hold the digits 147).
    for (const message of [snapshot, below, above]) expect(message).not.toMatch(/\b147(?:\.00)?\b|\b14700\b/)
    controller.abort()
  })

  it('stops listening when the visitor leaves, and listens again for the next page', async () => {
    const auction = await insertAuction('active', 'lien-depart-1234')
    // A socket of its own (no keep-alive pool), as a browser tab's stream has.
    const { request, firstBytes } = await new Promise<{ request: http.ClientRequest; firstBytes: string }>(
      (resolve, reject) => {
        const request = http.get(
          `${origin}/enchere/lien-depart-1234/evenements`,
          { agent: false },
          (response) =>
            response.once('data', (chunk: Buffer) => resolve({ request, firstBytes: chunk.toString() })),
        )
        request.on('error', reject)
      },
    )
    expect(firstBytes).toContain('retry: 2000')
    request.destroy()
    // The auction's broadcast ended with its last page; a page that opens now gets a new one.
    await new Promise((resolve) => setTimeout(resolve, 50))
    const { response, controller } = await open('lien-depart-1234')
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    await readMessages(reader, 2)
    await publishAuctionEvent({
      type: 'closed',
      enchereId: auction.id,
      statut: 'annulee',
      prixActuel: '100.00',
    })
    const [closedEvent] = await readMessages(reader, 1)
    expect(closedEvent).toMatch(/^event: closed\n/)
    controller.abort()
  })
})
