import type { IncomingMessage, ServerResponse } from 'node:http'
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

/** A comment line sent this often keeps proxies from closing an idle stream, in ms. */
export const HEARTBEAT_MS = 15_000
/** How long the browser waits before reconnecting after a cut, in ms (the SSE `retry:` field). */
export const RETRY_MS = 2_000
/**
 * An auction's pages get its events at most once per this window, in ms (issue #10 §2): the first
 * event after a quiet window goes out at once (in the same turn as the events committed with it),
 * the next ones wait for the window's end and go together.
 */
export const BROADCAST_WINDOW_MS = 40
/**
 * Bytes a page's socket may hold unsent before its next events are skipped; it then gets a fresh
 * snapshot once the socket has drained (issue #10 §2: a slow page costs bounded memory).
 */
export const STREAM_BUFFER_BYTES = 32 * 1024
/**
 * Longest run of page writes in one turn of the event loop when a window goes out, in ms (issue
 * #10 §2): a socket write costs about 10 µs of this thread's time, so a thousand pages in one go
 * would hold bids back for 10 ms; in slices of this length, bids are answered between them. Not
 * shorter: each turn between two slices answers bids too, and the pages written last would wait
 * for many (30 s open loop, PGlite: 3 ms gave bid p99 53 ms but live p99 101 ms; 6 ms, 63 and 82).
 */
export const BROADCAST_SLICE_MS = 6

/**
 * Live streams one client address may hold open at once (issue #12 §5): a page per tab, and a
 * family behind one box fits; a script opening thousands of sockets does not.
 */
export const MAX_STREAMS_PER_CLIENT = 20
/** The refusal past {@link MAX_STREAMS_PER_CLIENT} (429), shown by a browser opening the stream's URL. */
export const TOO_MANY_STREAMS_MESSAGE =
  "Trop de pages d'enchère sont ouvertes depuis votre adresse. Fermez-en quelques-unes, puis rechargez celle-ci."
/** Open streams per client address in this process (an address leaves the map at zero). */
const streamsByClient = new Map<string, number>()

/**
 * Takes one of the client's {@link MAX_STREAMS_PER_CLIENT} places, given back when the response
 * closes (whatever it was: the stream, a 404, an error).
 *
 * @returns false when the client holds them all already.
 */
function takeStreamPlace(clientIp: string, res: ServerResponse): boolean {
  const open = streamsByClient.get(clientIp) ?? 0
  if (open >= MAX_STREAMS_PER_CLIENT) return false
  streamsByClient.set(clientIp, open + 1)
  res.once('close', () => {
    const left = (streamsByClient.get(clientIp) ?? 1) - 1
    if (left > 0) streamsByClient.set(clientIp, left)
    else streamsByClient.delete(clientIp)
  })
  return true
}

/** The path of an auction page's live stream: `/enchere/{lien_prive}/evenements`. */
const STREAM_PATH = /^\/enchere\/([^/?]+)\/evenements\/?(?:\?.*)?$/

function message(event: AuctionStreamEvent, id?: number): string {
  const { type, ...payload } = event
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${type}\ndata: ${JSON.stringify(payload)}\n\n`
}

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
 * A bus event's text on the stream, made once for all the open pages (issue #10 §2: a thousand
 * pages cost one serialization, not a thousand). The event id of a bid is its bid count.
 */
const encodedEvents = new WeakMap<AuctionEvent, string>()
function encodeEvent(event: AuctionEvent, reserveCents: number | null): string {
  let text = encodedEvents.get(event)
  if (text === undefined) {
    const streamEvent = toStreamEvent(event, reserveCents)
    text = streamEvent
      ? message(streamEvent, streamEvent.type === 'bid' ? streamEvent.nombreMises : undefined)
      : ''
    encodedEvents.set(event, text)
  }
  return text
}

/** An open page, as the broadcast sees it: gets each window's bytes and the events they hold. */
type Page = { receive: (chunk: BroadcastChunk, events: AuctionEvent[]) => void; ping: () => void }
/**
 * A window's bytes, made once for every page: as they are (`data`), and framed as one chunk of a
 * chunked HTTP/1.1 body (`framed`: its size in hex, CRLF, the bytes, CRLF), which a page's socket
 * takes as it is (see `follow`).
 */
type BroadcastChunk = { data: Buffer; framed: Buffer }
const CRLF = Buffer.from('\r\n')
type Broadcast = {
  /** The auction's reserve in cents (null: none), read once when the broadcast starts. */
  reserveCents: Promise<number | null>
  pages: Set<Page>
  window: AuctionEvent[]
  timer: NodeJS.Timeout | undefined
  /** When the last chunk went out (Date.now(), ms). */
  lastFlush: number
  /** The windows being written, one after the other (each page gets them in order). */
  delivery: Promise<void>
  heartbeat: NodeJS.Timeout
  stop: () => void
}
/** One bus subscription per auction with open pages in this process. */
const broadcasts = new Map<string, Broadcast>()

function flushBroadcast(cast: Broadcast): void {
  cast.timer = undefined
  cast.lastFlush = Date.now()
  const events = cast.window.splice(0)
  // One window after the other: a page gets each window's bytes in order, even when a window is
  // still being written by slices as the next one comes.
  cast.delivery = cast.delivery
    .then(async () => {
      const reserveCents = await cast.reserveCents
      const text = events.map((event) => encodeEvent(event, reserveCents)).join('')
      if (text === '') return
      const data = Buffer.from(text)
      const chunk = {
        data,
        framed: Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, CRLF]),
      }
      // The pages open when the window went out; one that left meanwhile ignores it (`receive`).
      const pages = [...cast.pages]
      let sliceStart = performance.now()
      for (const page of pages) {
        if (performance.now() - sliceStart > BROADCAST_SLICE_MS) {
          await new Promise<void>((resolve) => setImmediate(resolve))
          sliceStart = performance.now()
        }
        page.receive(chunk, events)
      }
    })
    .catch((error: unknown) => {
      logger.error({ err: error }, "Échec de la diffusion d'évènements d'enchère")
    })
}

/**
 * Adds a page to its auction's broadcast: the events go to every page as one chunk, made once,
 * at most once per {@link BROADCAST_WINDOW_MS}, and one timer sends every page its heartbeat — a thousand pages in a bidding war cost a few socket writes each a second.
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
      lastFlush: 0,
      delivery: Promise.resolve(),
      heartbeat: setInterval(() => {
        for (const member of created.pages) member.ping()
      }, HEARTBEAT_MS),
      stop: () => undefined,
    }
    created.heartbeat.unref()
    created.stop = subscribeAuctionEvents(enchereId, (event) => {
      created.window.push(event)
      created.timer ??= setTimeout(
        () => flushBroadcast(created),
        Math.max(0, created.lastFlush + BROADCAST_WINDOW_MS - Date.now()),
      )
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
    clearInterval(joined.heartbeat)
    joined.stop()
    broadcasts.delete(enchereId)
  }
}

/** Follows one page: its snapshot, then the broadcast's chunks, written straight to its socket. */
function follow(enchereId: string, res: ServerResponse): void {
  let open = true
  // Set when events were skipped because the page reads slower than they come: once its socket has
  // drained, it gets a fresh snapshot instead of the backlog.
  let behind = false
  // Events that arrive while a snapshot is being read wait for it, then follow it.
  let pending: AuctionEvent[] | null = []
  const write = (chunk: string | Buffer) => {
    if (open) res.write(chunk)
  }
  const socket = res.socket
  /**
   * A broadcast chunk goes straight to the page's socket, already framed: a thousand pages each
   * skip the response's own work per write (chunk header, three buffers, cork). Only when the body
   * is chunked (HTTP/1.1, every browser) and the response holds nothing unsent; else through it.
   */
  const writeBroadcast = (chunk: BroadcastChunk) => {
    if (!open) return
    const chunked = (res as ServerResponse & { chunkedEncoding?: boolean }).chunkedEncoding === true
    if (chunked && socket && res.headersSent && res.writableLength === socket.writableLength) {
      socket.write(chunk.framed)
    } else res.write(chunk.data)
  }

  const sendSnapshot = async () => {
    pending ??= []
    try {
      const state = await readLiveStateShared(enchereId)
      if (state) {
        write(message({ type: 'snapshot', state, serverNow: new Date().toISOString() }, state.nombreMises))
      }
    } catch (error) {
      logger.warn({ err: error, enchereId }, "Échec de la lecture de l'état d'une enchère")
    } finally {
      // Pages receive events already encoded by their broadcast (flushBroadcast).
      const queued = (pending ?? []).map((event) => encodedEvents.get(event) ?? '').join('')
      pending = null
      if (queued !== '') write(queued)
    }
  }

  const receive = (chunk: BroadcastChunk, events: AuctionEvent[]) => {
    if (pending) {
      pending.push(...events)
      return
    }
    if (behind) return
    // The response's count of unsent bytes includes its socket's: the chunks written there too.
    if (res.writableLength > STREAM_BUFFER_BYTES) {
      behind = true
      return
    }
    writeBroadcast(chunk)
  }
  const leaveBroadcast = joinBroadcast(enchereId, { receive, ping: () => write(': ping\n\n') })
  const stopResync = onAuctionEventsResync(() => void sendSnapshot())
  const onDrain = () => {
    if (!behind) return
    behind = false
    void sendSnapshot()
  }
  res.on('drain', onDrain)
  // Broadcast chunks written to the socket itself: the socket says when its client caught up.
  socket?.on('drain', onDrain)
  res.once('close', () => {
    open = false
    leaveBroadcast()
    stopResync()
    res.off('drain', onDrain)
    socket?.off('drain', onDrain)
  })

  write(`retry: ${RETRY_MS}\n\n`)
  void auctionEventsReady().then(sendSnapshot, sendSnapshot)
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end('Enchère non trouvée')
}

/**
 * GET /enchere/{lien_prive}/evenements — the live updates of a public auction page as
 * Server-Sent Events (issue #4 §3, issue #10 §2; DESIGN.md §6), answered on the Node response
 * itself, before React Router: a thousand open pages are a thousand sockets written to directly,
 * not a thousand web streams piped into them (decision 014).
 *
 * Other requests go to `next()`. A malformed link, or one no active auction has, answers 404
 * `Enchère non trouvée` (plain text). Otherwise a `text/event-stream`
 * (`Cache-Control: no-cache, no-transform`, `X-Accel-Buffering: no`) that sends, in order: a
 * `retry: 2000` hint, an `event: snapshot` with the whole live state and the server's clock
 * (`{ state, serverNow }`), then `event: bid`
 * (`{ prixActuel, nombreMises, dateFin, mise: { id, prenom, montant, creeLe } }`) and
 * `event: closed` (`{ statut, prixActuel }`) as they happen on any instance, at most one chunk per
 * 40 ms (made once for every page; the first after a quiet moment at once), and a comment every 15 s. Event ids are the bid count. A
 * reconnecting browser (or this process after losing its LISTEN connection) gets a fresh
 * snapshot, so nothing missed stays missing; so does a page that reads slower than the events
 * come (at most 32 KB wait for it), once its socket has drained. Leaves when the client goes away.
 * A client address holding {@link MAX_STREAMS_PER_CLIENT} streams open (any auction) gets 429
 * {@link TOO_MANY_STREAMS_MESSAGE} (plain text, `Retry-After: 30`) for the next one.
 *
 * @param req - the Node request (GET or HEAD of the stream's path, else passed on).
 * @param res - the Node response.
 * @param clientIp - the client's address (TRUST_PROXY honoured by Express).
 * @param next - called for every other request.
 */
export function serveAuctionEvents(
  req: IncomingMessage,
  res: ServerResponse,
  clientIp: string,
  next: () => void,
): void {
  const match = req.method === 'GET' ? STREAM_PATH.exec(req.url ?? '') : null
  if (!match) {
    next()
    return
  }
  if (!takeStreamPlace(clientIp, res)) {
    res.writeHead(429, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': '30',
    })
    res.end(TOO_MANY_STREAMS_MESSAGE)
    return
  }
  let link: string
  try {
    link = decodeURIComponent(match[1] as string)
  } catch {
    notFound(res)
    return
  }
  findActiveAuctionId(link).then(
    (enchereId) => {
      if (res.destroyed) return
      if (!enchereId) {
        notFound(res)
        return
      }
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      })
      follow(enchereId, res)
    },
    (error: unknown) => {
      logger.error({ err: error }, "Échec de l'ouverture du flux d'une enchère")
      if (res.headersSent) res.destroy()
      else {
        res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '2' })
        res.end('Service momentanément indisponible')
      }
    },
  )
}
