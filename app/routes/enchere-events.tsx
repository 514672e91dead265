import type { AuctionStreamEvent } from '#app/lib/auction-live-state'
import { logger } from '#app/logger.server'
import {
  type AuctionEvent,
  auctionEventsReady,
  onAuctionEventsResync,
  subscribeAuctionEvents,
} from '#app/services/auctions/auction-events.server'
import {
  findActiveAuctionId,
  getAuctionLiveState,
  getAuctionReserveCents,
  isReserveMet,
} from '#app/services/auctions/get-public-auction.server'
import type { Route } from './+types/enchere-events'

/** A comment line sent this often keeps proxies from closing an idle stream, in ms. */
export const HEARTBEAT_MS = 15_000
/** How long the browser waits before reconnecting after a cut, in ms (the SSE `retry:` field). */
export const RETRY_MS = 2_000

const encoder = new TextEncoder()

function message(event: AuctionStreamEvent, id?: number): string {
  const { type, ...payload } = event
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${type}\ndata: ${JSON.stringify(payload)}\n\n`
}

/**
 * Bytes a page's stream may hold unread before its next events are skipped; it then gets a fresh
 * snapshot once it has caught up (issue #10 §2: a slow page costs bounded memory).
 */
const STREAM_BUFFER_BYTES = 32 * 1024

type LiveState = Awaited<ReturnType<typeof getAuctionLiveState>>
type SnapshotWaiter = { resolve: (state: LiveState) => void; reject: (error: unknown) => void }
/** Pages waiting for a snapshot of an auction, until the next read starts. */
const snapshotWaiters = new Map<string, SnapshotWaiter[]>()

/**
 * The live state for a snapshot, read once for all the pages of an auction that ask in the same
 * turn of the event loop (a thousand pages opening, or catching up, at once cost a few reads). The
 * read always starts after the request, so the snapshot holds every bid the page was not sent.
 */
function readLiveStateShared(enchereId: string): Promise<LiveState> {
  return new Promise((resolve, reject) => {
    const waiting = snapshotWaiters.get(enchereId)
    if (waiting) {
      waiting.push({ resolve, reject })
      return
    }
    const batch: SnapshotWaiter[] = [{ resolve, reject }]
    snapshotWaiters.set(enchereId, batch)
    setImmediate(() => {
      snapshotWaiters.delete(enchereId)
      getAuctionLiveState(enchereId).then(
        (state) => {
          for (const waiter of batch) waiter.resolve(state)
        },
        (error: unknown) => {
          for (const waiter of batch) waiter.reject(error)
        },
      )
    })
  })
}

/**
 * The stream's form of a bus event; 'started' concerns pages not yet open, so it is not sent. A
 * bid says whether the reserve is met now (issue #10 §4), never the reserve itself.
 *
 * @param reserveCents - the auction's reserve in cents, or null without one.
 */
function toStreamEvent(event: AuctionEvent, reserveCents: number | null): AuctionStreamEvent | null {
  if (event.type === 'bid') {
    return {
      type: 'bid',
      prixActuel: event.prixActuel,
      nombreMises: event.nombreMises,
      dateFin: event.dateFin,
      mise: event.mise,
      reserveAtteinte: isReserveMet(event.prixActuel, reserveCents),
    }
  }
  if (event.type === 'closed') return { type: 'closed', statut: event.statut, prixActuel: event.prixActuel }
  return null
}

/**
 * A bus event's bytes on the stream, made once for all the open pages (issue #10 §2: a thousand
 * pages cost one serialization, not a thousand). The event id of a bid is its bid count.
 */
const encodedEvents = new WeakMap<AuctionEvent, Uint8Array | null>()
function encodeEvent(event: AuctionEvent, reserveCents: number | null): Uint8Array | null {
  let bytes = encodedEvents.get(event)
  if (bytes === undefined) {
    const streamEvent = toStreamEvent(event, reserveCents)
    bytes = streamEvent
      ? encoder.encode(message(streamEvent, streamEvent.type === 'bid' ? streamEvent.nombreMises : undefined))
      : null
    encodedEvents.set(event, bytes)
  }
  return bytes
}

/** Events of an auction are sent to its pages together, at most this often, in ms (issue #10 §2). */
const BROADCAST_WINDOW_MS = 40

/** An open page, as the broadcast sees it: gets the window's bytes and the events they hold. */
type Page = { receive: (chunk: Uint8Array, events: AuctionEvent[]) => void }
type Broadcast = {
  /** The auction's reserve in cents (null: none), read once when the broadcast starts. */
  reserveCents: Promise<number | null>
  pages: Set<Page>
  window: AuctionEvent[]
  timer: NodeJS.Timeout | undefined
  stop: () => void
}
/** One bus subscription per auction with open pages in this process. */
const broadcasts = new Map<string, Broadcast>()

function flushBroadcast(cast: Broadcast): void {
  cast.timer = undefined
  const events = cast.window.splice(0)
  // Callbacks on one promise run in order, so windows keep their order once the reserve is known.
  void cast.reserveCents.then((reserveCents) => {
    const parts = events
      .map((event) => encodeEvent(event, reserveCents))
      .filter((bytes): bytes is Uint8Array => bytes !== null)
    if (parts.length === 0) return
    const chunk = parts.length === 1 ? (parts[0] as Uint8Array) : Buffer.concat(parts)
    for (const page of cast.pages) page.receive(chunk, events)
  })
}

/**
 * Adds a page to its auction's broadcast: the events that arrive within
 * {@link BROADCAST_WINDOW_MS} go to every page as one chunk, made once — a thousand pages in a
 * bidding war cost a few writes each a second, not one per bid.
 *
 * @returns a function that removes the page (the last one leaving ends the subscription).
 */
function joinBroadcast(enchereId: string, page: Page): () => void {
  let cast = broadcasts.get(enchereId)
  if (!cast) {
    const created: Broadcast = {
      reserveCents: getAuctionReserveCents(enchereId).catch((error: unknown) => {
        logger.warn({ err: error, enchereId }, "Échec de la lecture du prix de réserve d'une enchère")
        return null
      }),
      pages: new Set(),
      window: [],
      timer: undefined,
      stop: () => undefined,
    }
    created.stop = subscribeAuctionEvents(enchereId, (event) => {
      created.window.push(event)
      created.timer ??= setTimeout(() => flushBroadcast(created), BROADCAST_WINDOW_MS)
    })
    broadcasts.set(enchereId, created)
    cast = created
  }
  const joined = cast
  joined.pages.add(page)
  return () => {
    joined.pages.delete(page)
    if (joined.pages.size > 0 || broadcasts.get(enchereId) !== joined) return
    clearTimeout(joined.timer)
    joined.stop()
    broadcasts.delete(enchereId)
  }
}

/**
 * GET /enchere/{auctionLink}/evenements — the live updates of a public auction page as
 * Server-Sent Events (issue #4 §3; DESIGN.md §6).
 *
 * Answers 404 (plain text) when the link is malformed or no active auction has it. Otherwise a
 * `text/event-stream` (`Cache-Control: no-transform`, so the compression middleware leaves it
 * unbuffered) that sends, in order: a `retry: 2000` hint, an `event: snapshot` with the whole
 * live state and the server's clock (`{ state, serverNow }`), then `event: bid`
 * (`{ prixActuel, nombreMises, dateFin, mise: { id, prenom, montant, creeLe } }`) and
 * `event: closed` (`{ statut, prixActuel }`) as they happen on any instance, and a comment every
 * 15 s. Event ids are the bid count. A reconnecting browser (or this process after losing its
 * LISTEN connection) gets a fresh snapshot, so nothing missed stays missing; so does a page that
 * reads slower than the events come, once it has caught up (at most 32 KB wait for it). Events are
 * sent in windows of 40 ms, one chunk made once for every page ({@link joinBroadcast}).
 * Unsubscribes when the client goes away (request.signal).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const enchereId = await findActiveAuctionId(params.auctionLink)
  if (!enchereId) {
    return new Response('Enchère non trouvée', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  }

  const cleanups: Array<() => void> = []
  const cleanup = () => {
    for (const stop of cleanups.splice(0)) stop()
  }
  // Set when events were skipped because the page reads slower than they come: once it has read
  // what is queued (`pull`), it gets a fresh snapshot instead of the backlog.
  let behind = false
  let sendSnapshot: () => Promise<void> = async () => undefined

  const body = new ReadableStream<Uint8Array>(
    {
      async start(controller) {
        let open = true
        const send = (chunk: string | Uint8Array) => {
          if (!open) return
          try {
            controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk)
          } catch {
            open = false
            cleanup()
          }
        }
        cleanups.push(() => {
          if (!open) return
          open = false
          try {
            controller.close()
          } catch {
            // already closed by the client
          }
        })

        // Events that arrive while a snapshot is being read wait for it, then follow it.
        let pending: AuctionEvent[] | null = []
        const receive = (chunk: Uint8Array, events: AuctionEvent[]) => {
          if (pending) {
            pending.push(...events)
            return
          }
          if (behind) return
          if ((controller.desiredSize ?? 1) <= 0) {
            behind = true
            return
          }
          send(chunk)
        }
        sendSnapshot = async () => {
          pending ??= []
          try {
            const state = await readLiveStateShared(enchereId)
            if (!state) return
            send(message({ type: 'snapshot', state, serverNow: new Date().toISOString() }, state.nombreMises))
          } catch (error) {
            logger.warn({ err: error, enchereId }, "Échec de la lecture de l'état d'une enchère")
          } finally {
            // Pages receive events already encoded by their broadcast (flushBroadcast).
            const queued = (pending ?? [])
              .map((event) => encodedEvents.get(event))
              .filter((bytes): bytes is Uint8Array => bytes instanceof Uint8Array)
            pending = null
            if (queued.length > 0) send(Buffer.concat(queued))
          }
        }

        cleanups.push(joinBroadcast(enchereId, { receive }))
        cleanups.push(onAuctionEventsResync(() => void sendSnapshot()))
        const heartbeat = setInterval(() => send(': ping\n\n'), HEARTBEAT_MS)
        cleanups.push(() => clearInterval(heartbeat))
        if (request.signal.aborted) {
          cleanup()
          return
        }
        request.signal.addEventListener('abort', cleanup, { once: true })

        send(`retry: ${RETRY_MS}\n\n`)
        await auctionEventsReady()
        await sendSnapshot()
      },
      pull() {
        if (!behind) return
        behind = false
        void sendSnapshot()
      },
      cancel() {
        cleanup()
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: STREAM_BUFFER_BYTES }),
  )

  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    },
  })
}
