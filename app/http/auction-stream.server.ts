import { type ChildProcess, fork } from 'node:child_process'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import path from 'node:path'
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
 * Live streams one client address may hold open at once (issue #12 §5): a page per tab, and a
 * family behind one box fits; a script opening thousands of sockets does not.
 */
export const MAX_STREAMS_PER_CLIENT = 20
/** The refusal past {@link MAX_STREAMS_PER_CLIENT} (429), shown by a browser opening the stream's URL. */
export const TOO_MANY_STREAMS_MESSAGE =
  "Trop de pages d'enchère sont ouvertes depuis votre adresse. Fermez-en quelques-unes, puis rechargez celle-ci."

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

/** A bus event's text on the stream (none for 'started'). The event id of a bid is its bid count. */
function encodeEvent(event: AuctionEvent, reserveCents: number | null): string {
  const streamEvent = toStreamEvent(event, reserveCents)
  if (!streamEvent) return ''
  return message(streamEvent, streamEvent.type === 'bid' ? streamEvent.nombreMises : undefined)
}

/** The live pages process's script (decision 029), from the project's folder as every path here. */
const LIVE_PAGES_SCRIPT = path.resolve(process.cwd(), 'app/http/live-pages.process.mjs')

/** What the live pages process sends (see its script). */
type FromLivePages =
  | { type: 'snapshot'; enchereId: string; seq: number }
  | { type: 'left'; enchereId: string }

type Broadcast = {
  /** The auction's reserve in cents (null: none), read once when the broadcast starts. */
  reserveCents: Promise<number | null>
  /** Pages handed to the live pages process and not yet closed there. */
  pages: number
  window: AuctionEvent[]
  /** Whether a flush of {@link window} is due (by {@link timer}, or in this turn). */
  scheduled: boolean
  timer: NodeJS.Timeout | undefined
  /** When the last window went out (Date.now(), ms). */
  lastFlush: number
  /** The windows being encoded, one after the other (they leave in order). */
  delivery: Promise<void>
  stop: () => void
}
/** One bus subscription per auction with open pages in the live pages process. */
const broadcasts = new Map<string, Broadcast>()
let livePages: ChildProcess | undefined
let stopResync: (() => void) | undefined

/** Sends a message to the live pages process, if it still runs (a message it misses is moot). */
function tellLivePages(message: Record<string, unknown>): void {
  if (livePages?.connected) livePages.send(message)
}

function flushBroadcast(enchereId: string, cast: Broadcast): void {
  if (broadcasts.get(enchereId) !== cast) return
  cast.timer = undefined
  cast.scheduled = false
  cast.lastFlush = Date.now()
  const events = cast.window.splice(0)
  cast.delivery = cast.delivery
    .then(async () => {
      const reserveCents = await cast.reserveCents
      const text = events.map((event) => encodeEvent(event, reserveCents)).join('')
      if (text !== '') tellLivePages({ type: 'events', enchereId, text })
    })
    .catch((error: unknown) => {
      logger.error({ err: error }, "Échec de la diffusion d'évènements d'enchère")
    })
}

/**
 * Counts a page handed over for an auction: the first one subscribes to the auction's events,
 * which then go to the live pages process as one text per window, at most once per
 * {@link BROADCAST_WINDOW_MS} (the first after a quiet window at once).
 */
function joinBroadcast(enchereId: string): void {
  const cast = broadcasts.get(enchereId)
  if (cast) {
    cast.pages++
    return
  }
  const created: Broadcast = {
    reserveCents: getAuctionReserveCents(enchereId).catch((error: unknown) => {
      logger.warn({ err: error, enchereId }, "Échec de la lecture du prix de réserve d'une enchère")
      return null
    }),
    pages: 1,
    window: [],
    scheduled: false,
    timer: undefined,
    lastFlush: 0,
    delivery: Promise.resolve(),
    stop: () => undefined,
  }
  created.stop = subscribeAuctionEvents(enchereId, (event) => {
    created.window.push(event)
    if (created.scheduled) return
    created.scheduled = true
    const wait = created.lastFlush + BROADCAST_WINDOW_MS - Date.now()
    // After a quiet window, once the events delivered with this one are in (same turn): a timer,
    // even of 0 ms, would wait for the end of this turn's I/O, which in a bidding war is long.
    if (wait <= 0) queueMicrotask(() => flushBroadcast(enchereId, created))
    else created.timer = setTimeout(() => flushBroadcast(enchereId, created), wait)
  })
  broadcasts.set(enchereId, created)
}

/** A page of the auction closed: the last one ends the subscription. */
function leaveBroadcast(enchereId: string): void {
  const cast = broadcasts.get(enchereId)
  if (!cast || --cast.pages > 0) return
  clearTimeout(cast.timer)
  cast.stop()
  broadcasts.delete(enchereId)
}

/** Answers the live pages process's request for a snapshot of an auction (read after it came). */
async function answerSnapshot(enchereId: string, seq: number): Promise<void> {
  let text = ''
  try {
    await auctionEventsReady().catch(() => undefined)
    const state = await readLiveStateShared(enchereId)
    if (state)
      text = message({ type: 'snapshot', state, serverNow: new Date().toISOString() }, state.nombreMises)
  } catch (error) {
    logger.warn({ err: error, enchereId }, "Échec de la lecture de l'état d'une enchère")
  }
  tellLivePages({ type: 'snapshot', enchereId, text, seq })
}

/**
 * The live pages process, started with the first stream (decision 029). If it stops, its pages
 * close (the browsers reconnect within {@link RETRY_MS}) and the next stream starts another.
 */
function livePagesProcess(): ChildProcess {
  if (livePages?.connected) return livePages
  const settings = {
    maxPerClient: MAX_STREAMS_PER_CLIENT,
    tooMany: TOO_MANY_STREAMS_MESSAGE,
    heartbeatMs: HEARTBEAT_MS,
    retryMs: RETRY_MS,
    bufferBytes: STREAM_BUFFER_BYTES,
  }
  // Not the web process's options (a loader, a profiler, its heap size): a plain small process.
  const child = fork(LIVE_PAGES_SCRIPT, [JSON.stringify(settings)], {
    execArgv: ['--max-old-space-size=64'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  child.on('message', (received: FromLivePages) => {
    if (received.type === 'snapshot') void answerSnapshot(received.enchereId, received.seq)
    else if (received.type === 'left') leaveBroadcast(received.enchereId)
  })
  child.on('error', (error) => logger.error({ err: error }, 'Échec du processus des pages en direct'))
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') {
      logger.error({ code, signal }, 'Le processus des pages en direct s’est arrêté')
    }
    if (livePages && livePages !== child) return
    livePages = undefined
    // Its pages are gone with it.
    for (const enchereId of [...broadcasts.keys()]) {
      const cast = broadcasts.get(enchereId)
      if (cast) cast.pages = 1
      leaveBroadcast(enchereId)
    }
  })
  stopResync ??= onAuctionEventsResync(() => tellLivePages({ type: 'resync' }))
  livePages = child
  return child
}

/**
 * Stops the live pages process (its pages close) and waits for it to exit: at shutdown, before
 * the HTTP server closes (the server waits for the sockets handed over).
 */
export async function stopLivePages(): Promise<void> {
  const child = livePages
  livePages = undefined
  stopResync?.()
  stopResync = undefined
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

/**
 * The response head of a stream, as Node would write it: the headers the middlewares before set
 * (security headers) and the stream's own.
 */
function streamHead(req: IncomingMessage, res: ServerResponse, chunked: boolean): string {
  const headers: Record<string, string | number | string[]> = {
    ...(res.getHeaders() as Record<string, string | number | string[]>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    date: new Date().toUTCString(),
    ...(chunked ? { connection: 'keep-alive', 'transfer-encoding': 'chunked' } : { connection: 'close' }),
  }
  const lines = Object.entries(headers).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((item) => `${name}: ${item}`),
  )
  return `HTTP/1.${req.httpVersionMinor === 0 ? 0 : 1} 200 OK\r\n${lines.join('\r\n')}\r\n\r\n`
}

/**
 * Hands the page's socket to the live pages process, which writes the stream from then on; this
 * process only closes its own copy of the socket.
 */
function handOver(enchereId: string, req: IncomingMessage, res: ServerResponse, clientIp: string): void {
  const socket = req.socket
  const chunked = req.httpVersionMinor !== 0 || req.httpVersionMajor > 1
  const head = streamHead(req, res, chunked)
  const child = livePagesProcess()
  joinBroadcast(enchereId)
  // This copy of the socket lives only until it is sent: what the HTTP server listens for on it
  // (time-outs, errors) goes, and so does its server, which Node would otherwise tell to wait
  // for the live pages process's copy before it can close (the cluster module's bookkeeping).
  socket.removeAllListeners('timeout')
  socket.removeAllListeners('error')
  socket.on('error', () => undefined)
  socket.setTimeout(0)
  ;(socket as Socket & { server: unknown }).server = null
  child.send({ type: 'page', enchereId, clientIp, head, chunked }, socket, { keepOpen: true }, (error) => {
    if (error) {
      leaveBroadcast(enchereId)
      logger.error({ err: error }, "Échec de la remise d'une page en direct")
    }
    // The live pages process holds its own copy: closing this one leaves the connection open.
    socket.destroy()
  })
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end('Enchère non trouvée')
}

/**
 * GET /enchere/{lien_prive}/evenements — the live updates of a public auction page as
 * Server-Sent Events (issue #4 §3, issue #10 §2; DESIGN.md §6), answered before React Router:
 * once the link is checked, the page's socket goes to the live pages process, which writes the
 * stream (decisions 014 and 029: a thousand open pages are a thousand socket writes per window,
 * none of them in this process).
 *
 * Other requests go to `next()`. A malformed link, or one no active auction has, answers 404
 * `Enchère non trouvée` (plain text). Otherwise a `text/event-stream`
 * (`Cache-Control: no-cache, no-transform`, `X-Accel-Buffering: no`) that sends, in order: a
 * `retry: 2000` hint, an `event: snapshot` with the whole live state and the server's clock
 * (`{ state, serverNow }`), then `event: bid`
 * (`{ prixActuel, nombreMises, dateFin, mise: { id, prenom, montant, creeLe } }`) and
 * `event: closed` (`{ statut, prixActuel }`) as they happen on any instance, at most one chunk per
 * 40 ms (made once for every page; the first after a quiet moment at once), and a comment every
 * 15 s. Event ids are the bid count. A reconnecting browser (or every page, after this process
 * lost its LISTEN connection) gets a fresh snapshot, so nothing missed stays missing; so does a
 * page that reads slower than the events come (at most 32 KB wait for it), once its socket has
 * drained. A client address holding {@link MAX_STREAMS_PER_CLIENT} streams open (any auction)
 * gets 429 {@link TOO_MANY_STREAMS_MESSAGE} (plain text, `Retry-After: 30`) for the next one.
 *
 * @param req - the Node request (GET of the stream's path, else passed on).
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
      if (!enchereId) notFound(res)
      else handOver(enchereId, req, res, clientIp)
    },
    (error: unknown) => {
      logger.error({ err: error }, "Échec de l'ouverture du flux d'une enchère")
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '2' })
      res.end('Service momentanément indisponible')
    },
  )
}
