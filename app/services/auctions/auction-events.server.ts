import { randomUUID } from 'node:crypto'
import { EventEmitter } from 'node:events'
import { type Placeholder, type SQL, sql } from 'drizzle-orm'
import { type Executor, getDatabase, type OpenedDatabase } from '#app/db/client.server'
import { logger } from '#app/logger.server'
import { type ChannelListener, listenToChannel } from '#app/services/channel-listener.server'

/**
 * What open auction pages are told, live (issue #4 §3). Amounts are euro strings with 2 decimals
 * ('125.00'), dates ISO 8601 strings. Only the bidder's first name ever leaves the server.
 */
export type AuctionEvent =
  | {
      type: 'bid'
      enchereId: string
      prixActuel: string
      nombreMises: number
      dateFin: string
      mise: { id: string; prenom: string; montant: string; creeLe: string }
    }
  | { type: 'closed'; enchereId: string; statut: string; prixActuel: string }
  | { type: 'started'; enchereId: string }

/** PostgreSQL channel carrying every auction event between instances (DESIGN.md §6). */
export const AUCTION_EVENTS_CHANNEL = 'encre_encheres'

/** NOTIFY refuses payloads of 8000 bytes or more; first names are cut well before that. */
const MAX_PAYLOAD_BYTES = 7_900
const MAX_FIRST_NAME_LENGTH = 100

/** Identifies this process in NOTIFY payloads, so it does not deliver its own events twice. */
const instanceId = randomUUID()
/** Event name of the "you may have missed events" signal on {@link emitter}. */
const RESYNC = Symbol('resync')

const emitter = new EventEmitter()
emitter.setMaxListeners(0)

type Envelope = { origin: string; event: AuctionEvent }

type Listener = { opened: OpenedDatabase; channel: ChannelListener }

let listener: Listener | undefined

function currentDatabase(): OpenedDatabase | undefined {
  try {
    return getDatabase()
  } catch {
    return undefined
  }
}

function deliver(event: AuctionEvent): void {
  emitter.emit(event.enchereId, event)
}

function encode(event: AuctionEvent): string {
  let payload = JSON.stringify({ origin: instanceId, event } satisfies Envelope)
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES && event.type === 'bid') {
    const prenom = event.mise.prenom.slice(0, MAX_FIRST_NAME_LENGTH)
    payload = JSON.stringify({ origin: instanceId, event: { ...event, mise: { ...event.mise, prenom } } })
  }
  return payload
}

function parse(payload: string | undefined): Envelope | undefined {
  if (!payload) return undefined
  try {
    const value = JSON.parse(payload) as Partial<Envelope>
    if (typeof value.origin !== 'string' || typeof value.event?.enchereId !== 'string') return undefined
    return value as Envelope
  } catch {
    return undefined
  }
}

/**
 * Tells every open page of an auction what changed, on every server instance (issue #4 §3,
 * DESIGN.md §6). Call it after the transaction that made the change has committed.
 *
 * Local subscribers are called at once. On a PostgreSQL server (DATABASE_URL) the event is also
 * sent with `pg_notify('encre_encheres', json)`, which reaches the LISTEN client of every other
 * instance ({@link subscribeAuctionEvents}); on the embedded PGlite there is only one process, so
 * the local delivery is all. A failing NOTIFY is logged, never thrown: the change itself is
 * committed, and pages catch up from the snapshot they get when they reconnect. A use case that
 * makes several changes in one transaction uses {@link notifyAuctionEvents} inside it and
 * {@link deliverAuctionEvents} after it instead.
 *
 * @param event - see {@link AuctionEvent}.
 */
export async function publishAuctionEvent(event: AuctionEvent): Promise<void> {
  deliver(event)
  const opened = currentDatabase()
  if (opened?.kind !== 'postgres') return
  try {
    await opened.db.execute(sql`select pg_notify(${AUCTION_EVENTS_CHANNEL}, ${encode(event)})`)
  } catch (error) {
    logger.warn({ err: error, enchereId: event.enchereId }, "Échec de la diffusion d'un évènement d'enchère")
  }
}

/**
 * Sends events to the other instances from inside the transaction that makes the changes (issue
 * #10 §2): PostgreSQL delivers a NOTIFY at the commit, in commit order, and never for a rolled-back
 * transaction — one statement for all the events. Does nothing on the embedded PGlite. Pair it
 * with {@link deliverAuctionEvents} after the commit.
 *
 * @param tx - the transaction making the changes.
 * @throws the database error (the transaction then rolls back).
 */
export async function notifyAuctionEvents(tx: Executor, events: AuctionEvent[]): Promise<void> {
  const notices = auctionEventNotices(auctionEventPayloads(events))
  if (notices.length > 0) await tx.execute(sql`select ${sql.join(notices, sql`, `)}`)
}

/**
 * What tells the other instances about `events` (see {@link notifyAuctionEvents}): one
 * `pg_notify` payload per event. None on the embedded database: it has one instance.
 *
 * @returns the payloads (JSON, under PostgreSQL's 8,000 bytes); [] on PGlite or without events.
 */
export function auctionEventPayloads(events: AuctionEvent[]): string[] {
  if (events.length === 0 || currentDatabase()?.kind !== 'postgres') return []
  return events.map(encode)
}

/**
 * The `pg_notify` calls that send `payloads` ({@link auctionEventPayloads}) to the other instances
 * when the transaction commits, for a caller that selects them within a larger statement (issue
 * #10 §2). A payload may be a placeholder of a statement built once and run many times.
 *
 * @returns SQL expressions to select, one per payload.
 */
export function auctionEventNotices(payloads: Array<string | Placeholder>): SQL[] {
  return payloads.map((payload) => sql`pg_notify(${AUCTION_EVENTS_CHANNEL}, ${payload})`)
}

/** Tells this instance's open pages about events already committed (see {@link notifyAuctionEvents}). */
export function deliverAuctionEvents(events: AuctionEvent[]): void {
  for (const event of events) deliver(event)
}

/**
 * Listens to one auction's events, whichever instance published them. On PostgreSQL the first
 * subscription opens this process's one dedicated LISTEN connection (reconnected on error); await
 * {@link auctionEventsReady} before reading a snapshot so nothing published in between is missed.
 *
 * @param enchereId - the auction's id.
 * @param listener - called for each event, in the order this process receives them.
 * @returns a function that stops listening.
 */
export function subscribeAuctionEvents(
  enchereId: string,
  listener: (event: AuctionEvent) => void,
): () => void {
  ensureListener()
  emitter.on(enchereId, listener)
  return () => emitter.off(enchereId, listener)
}

/**
 * Registers a callback for when events may have been missed: the LISTEN connection was lost and
 * is back. Subscribers should then reload the state (the SSE route sends a fresh snapshot).
 *
 * @returns a function that removes the callback.
 */
export function onAuctionEventsResync(callback: () => void): () => void {
  emitter.on(RESYNC, callback)
  return () => emitter.off(RESYNC, callback)
}

/**
 * Resolves when events published by other instances reach this process: at once on PGlite,
 * once LISTEN is active on PostgreSQL — or after `timeoutMs` (default 5000 ms), so a page still
 * opens while the database is unreachable.
 */
export async function auctionEventsReady(timeoutMs = 5_000): Promise<void> {
  ensureListener()
  if (!listener) return
  let timer: NodeJS.Timeout | undefined
  await Promise.race([
    listener.channel.ready,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs)
      timer.unref()
    }),
  ])
  clearTimeout(timer)
}

/** Starts the LISTEN client when the database is a PostgreSQL server and none runs for it yet. */
function ensureListener(): void {
  const opened = currentDatabase()
  if (opened?.kind !== 'postgres' || !opened.pool) return
  if (listener?.opened === opened) return
  if (listener) void listener.channel.stop()
  listener = {
    opened,
    channel: listenToChannel({
      pool: opened.pool,
      channel: AUCTION_EVENTS_CHANNEL,
      lostMessage: 'Connexion LISTEN des enchères perdue, nouvel essai',
      onNotification: (payload) => {
        const envelope = parse(payload)
        if (envelope && envelope.origin !== instanceId) deliver(envelope.event)
      },
      onListening: (isReconnection) => {
        if (isReconnection) emitter.emit(RESYNC)
      },
    }),
  }
}

/**
 * Closes this process's LISTEN connection, if any (shutdown, and tests before their database is
 * dropped). A later subscription opens a new one.
 */
export async function stopAuctionEvents(): Promise<void> {
  const state = listener
  listener = undefined
  await state?.channel.stop()
}
