import pg from 'pg'
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest'
import { getDatabase } from '#app/db/client.server'
import {
  AUCTION_EVENTS_CHANNEL,
  type AuctionEvent,
  auctionEventsReady,
  onAuctionEventsResync,
  publishAuctionEvent,
  stopAuctionEvents,
  subscribeAuctionEvents,
} from './auction-events.server'

const onPostgres = Boolean(inject('postgresTemplateUrl'))

function bidEvent(enchereId: string, montant: string, nombreMises = 1): AuctionEvent {
  return {
    type: 'bid',
    enchereId,
    prixActuel: montant,
    nombreMises,
    dateFin: '2030-01-01T12:00:00.000Z',
    mise: { id: `mise-${montant}`, prenom: 'Anne', montant, creeLe: '2030-01-01T11:00:00.000Z' },
  }
}

/** Resolves with the first `count` events a subscriber receives, or rejects after `timeoutMs`. */
function collect(enchereId: string, count: number, timeoutMs = 5_000): Promise<AuctionEvent[]> {
  return new Promise((resolve, reject) => {
    const received: AuctionEvent[] = []
    const timer = setTimeout(() => {
      stop()
      reject(new Error(`${received.length}/${count} évènements reçus`))
    }, timeoutMs)
    const stop = subscribeAuctionEvents(enchereId, (event) => {
      received.push(event)
      if (received.length === count) {
        clearTimeout(timer)
        stop()
        resolve(received)
      }
    })
  })
}

/** A second "instance": a raw connection of its own on the same database. */
async function otherInstance(): Promise<pg.Client> {
  const pool = getDatabase().pool
  if (!pool) throw new Error('pas de pool PostgreSQL')
  const client = new pg.Client(pool.options)
  await client.connect()
  return client
}

const clients: pg.Client[] = []

/**
 * Ends, from the server side, the connections of this database that LISTEN to the auctions'
 * channel — as a network cut or a database restart would.
 *
 * @returns how many connections were ended.
 */
async function cutListenConnections(): Promise<number> {
  const other = await otherInstance()
  clients.push(other)
  const { rowCount } = await other.query(
    `select pg_terminate_backend(pid) from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and query = $1`,
    [`LISTEN ${AUCTION_EVENTS_CHANNEL}`],
  )
  return rowCount ?? 0
}

afterEach(async () => {
  for (const client of clients.splice(0)) await client.end()
})

afterAll(async () => {
  await stopAuctionEvents()
})

describe('auction events in this process', () => {
  it('reaches the subscribers of that auction only, in publication order, until they unsubscribe', async () => {
    const seen: string[] = []
    const other: string[] = []
    const stop = subscribeAuctionEvents('enchere-a', (event) => {
      if (event.type === 'bid') seen.push(event.prixActuel)
    })
    const stopOther = subscribeAuctionEvents('enchere-b', (event) => other.push(event.type))
    await auctionEventsReady()

    await publishAuctionEvent(bidEvent('enchere-a', '110.00'))
    await publishAuctionEvent(bidEvent('enchere-a', '120.00', 2))
    stop()
    await publishAuctionEvent(bidEvent('enchere-a', '130.00', 3))
    stopOther()

    expect(seen).toEqual(['110.00', '120.00'])
    expect(other).toEqual([])
  })

  it('delivers each event once to a local subscriber, whatever the engine', async () => {
    const received = collect('enchere-once', 1)
    await auctionEventsReady()
    await publishAuctionEvent({
      type: 'closed',
      enchereId: 'enchere-once',
      statut: 'termine_prix_atteint',
      prixActuel: '200.00',
    })
    expect(await received).toHaveLength(1)
    // A NOTIFY echo of our own event would arrive now if it were delivered twice.
    const late: AuctionEvent[] = []
    const stop = subscribeAuctionEvents('enchere-once', (event) => late.push(event))
    await new Promise((resolve) => setTimeout(resolve, 300))
    stop()
    expect(late).toEqual([])
  })
})

describe.runIf(onPostgres)('auction events across instances (PostgreSQL LISTEN/NOTIFY)', () => {
  it('sends every published event on the encre_encheres channel as JSON', async () => {
    const other = await otherInstance()
    clients.push(other)
    await other.query(`LISTEN ${AUCTION_EVENTS_CHANNEL}`)
    const notified = new Promise<string>((resolve) => {
      other.on('notification', (message) => resolve(message.payload ?? ''))
    })

    await publishAuctionEvent(bidEvent('enchere-x', '150.00'))

    const payload = JSON.parse(await notified) as { origin: string; event: AuctionEvent }
    expect(payload.event).toEqual(bidEvent('enchere-x', '150.00'))
    expect(payload.origin).toMatch(/^[0-9a-f-]{36}$/)
  })

  it("delivers another instance's events to local subscribers", async () => {
    const received = collect('enchere-y', 2)
    await auctionEventsReady()
    const other = await otherInstance()
    clients.push(other)

    for (const montant of ['160.00', '170.00']) {
      const payload = JSON.stringify({ origin: 'autre-instance', event: bidEvent('enchere-y', montant) })
      await other.query('select pg_notify($1, $2)', [AUCTION_EVENTS_CHANNEL, payload])
    }

    const events = await received
    expect(events.map((event) => (event.type === 'bid' ? event.prixActuel : ''))).toEqual([
      '160.00',
      '170.00',
    ])
  })

  it('ignores malformed payloads on the channel', async () => {
    const received = collect('enchere-z', 1)
    await auctionEventsReady()
    const other = await otherInstance()
    clients.push(other)
    await other.query('select pg_notify($1, $2)', [AUCTION_EVENTS_CHANNEL, 'pas du json'])
    await other.query('select pg_notify($1, $2)', [AUCTION_EVENTS_CHANNEL, '{"origin":1}'])
    const payload = JSON.stringify({ origin: 'autre-instance', event: bidEvent('enchere-z', '180.00') })
    await other.query('select pg_notify($1, $2)', [AUCTION_EVENTS_CHANNEL, payload])

    const [event] = await received
    expect(event?.type === 'bid' ? event.prixActuel : '').toBe('180.00')
  })

  it('reconnects after losing its LISTEN connection, signals a resync, and receives again', async () => {
    const stopKeepAlive = subscribeAuctionEvents('enchere-r', () => undefined)
    await auctionEventsReady()
    const resynced = new Promise<void>((resolve) => {
      const off = onAuctionEventsResync(() => {
        off()
        resolve()
      })
    })

    expect(await cutListenConnections()).toBe(1)
    await resynced
    const received = collect('enchere-r', 1)
    const other = await otherInstance()
    clients.push(other)
    const payload = JSON.stringify({ origin: 'autre-instance', event: bidEvent('enchere-r', '190.00') })
    await other.query('select pg_notify($1, $2)', [AUCTION_EVENTS_CHANNEL, payload])

    const [event] = await received
    stopKeepAlive()
    expect(event?.type === 'bid' ? event.prixActuel : '').toBe('190.00')
  }, 20_000)
})
