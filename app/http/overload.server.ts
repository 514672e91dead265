import type { IncomingMessage, ServerResponse } from 'node:http'
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks'
import { getEnv } from '#app/env.server'
import { BID_REGION_PATH } from '#app/lib/auction-live-state'
import { logger } from '#app/logger.server'

/**
 * Overload protection of the bid path (issue #34 §2), the usual two ways: Node's own measure of
 * the event loop's delay (`perf_hooks.monitorEventLoopDelay`), read every {@link WINDOW_MS}, and a
 * bound on the bids being answered at once. While the last window's 99th percentile is over
 * `OVERLOAD_DELAY_MS` (the setting, 200 ms by default; 0: never), or `OVERLOAD_MAX_BIDS` bids (32
 * by default; 0: no bound) are already being answered, a bid is answered at once with 503 and
 * `Retry-After` instead of joining a queue that would answer it too late — and hold up the pages'
 * own reads behind it (the embedded database answers one statement at a time) — and the auction
 * page's script posts it again after that wait (app/components/enhance/form.ts).
 *
 * A bid holds its place until the end of the event loop's turn in which it was answered
 * (`setImmediate`: after the turn's I/O callbacks). On the embedded database a bid is often
 * answered within the very callback that read it — its statements run in the process, with no
 * I/O to wait for — so counting it out at once let a single turn take in every bid that had
 * arrived: 200 bids and 400–700 ms in one turn under a closed loop of 200 bidders, during which
 * the other requests and the timers waited. Held to the turn's end, a turn takes in at most
 * `OVERLOAD_MAX_BIDS` bids and answers the others 503 (decision 014).
 */

/** Length of a measuring window, in ms. */
const WINDOW_MS = 500
/** What `Retry-After` asks, in seconds. */
export const OVERLOAD_RETRY_AFTER_S = 1

let histogram: IntervalHistogram | undefined
/** The last window's 99th percentile of the event loop's delay, in ms. */
let delayMs = 0

/** Starts measuring, once (a timer that does not keep the process alive). */
function measure(): void {
  if (histogram) return
  histogram = monitorEventLoopDelay({ resolution: 10 })
  histogram.enable()
  const current = histogram
  setInterval(() => {
    delayMs = current.percentile(99) / 1e6
    current.reset()
  }, WINDOW_MS).unref()
}

/**
 * Whether the process is overloaded now: the last window's delay is over `OVERLOAD_DELAY_MS`. The
 * first call starts the measure, and answers false until its first window has passed.
 */
export function isOverloaded(): boolean {
  const threshold = getEnv().OVERLOAD_DELAY_MS
  if (threshold === 0) return false
  measure()
  return delayMs > threshold
}

/** A bid posted by the auction page's script: `/enchere/{lien}/mise`, with or without a query. */
const BID_PATH = new RegExp(`^/enchere/[^/?]+/${BID_REGION_PATH}(?:\\?|$)`)

/**
 * Whether a request is a bid posted by the auction page's script: a POST to
 * `/enchere/{lien}/mise` (app/routes/enchere-mise.ts), with or without a query.
 *
 * @param req - the Node request (its method and raw URL).
 */
export function isBidPost(req: IncomingMessage): boolean {
  return req.method === 'POST' && BID_PATH.test(req.url ?? '')
}

/**
 * Bids this process is answering now, and those answered during the current turn of the event
 * loop ({@link shedBidsWhenOverloaded}).
 */
let bidsInFlight = 0
const releaseBid = () => {
  bidsInFlight--
}
/** When the last bid was shed (performance.now(), ms), to warn once per overload. */
let lastShedAt = Number.NEGATIVE_INFINITY
/** A shed bid after this long without one starts a new overload, warned in the log, in ms. */
const OVERLOAD_QUIET_MS = 10_000

/** Bids answered 503 by this process since it started, for `GET /healthz`. */
export const shedCounts = { bidsShed: 0 }

/**
 * The very first step of every request (server.ts), before the access log: a bid posted by the
 * auction page's script (a POST to `/enchere/{lien}/mise`, app/routes/enchere-mise.ts)
 * is answered at once with 503, `Retry-After` ({@link OVERLOAD_RETRY_AFTER_S} s) and a short
 * French text when the process is overloaded — the event loop lags ({@link isOverloaded}) or
 * `OVERLOAD_MAX_BIDS` bids are being answered already. A shed bid costs next to nothing, so that
 * a flood of them does not lengthen each turn of the event loop, where the pages' own work waits:
 * it has no line in the access log but is counted (`shedCounts`, in `GET /healthz`), and an
 * overload's first shed bid is logged as a warning. Any other request, and a bid taken in, goes to
 * `next`; a bid taken in counts until its response is finished or its connection closed, and at
 * least until the end of the event loop's turn in which that happened.
 *
 * @param req - the Node request.
 * @param res - its response, headers not sent yet.
 * @param next - the rest of the site.
 */
export function shedBidsWhenOverloaded(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  if (!isBidPost(req)) {
    next()
    return
  }
  const maxBids = getEnv().OVERLOAD_MAX_BIDS
  if (isOverloaded() || (maxBids > 0 && bidsInFlight >= maxBids)) {
    const now = performance.now()
    if (now - lastShedAt > OVERLOAD_QUIET_MS) {
      logger.warn(
        { bidsInFlight, eventLoopDelayMs: Math.round(delayMs) },
        'Surcharge : des mises sont renvoyées (503, Retry-After)',
      )
    }
    lastShedAt = now
    shedCounts.bidsShed++
    answerRetryLater(
      res,
      OVERLOAD_RETRY_AFTER_S,
      'Le serveur est très sollicité : votre mise va être renvoyée dans un instant.',
    )
    return
  }
  bidsInFlight++
  res.once('close', () => {
    setImmediate(releaseBid)
  })
  next()
}

/**
 * Answers 503 with `Retry-After` and a short French text, never cached: the request was not
 * taken, and may be sent again after that wait (the auction page's script does so). Used when the
 * process is overloaded, and when the database cannot be reached or the disk is full (issue #37 §4).
 *
 * @param res - the response, headers not sent yet (else only ended).
 * @param retryAfterS - the wait asked, in seconds.
 * @param message - the French text.
 */
export function answerRetryLater(res: ServerResponse, retryAfterS: number, message: string): void {
  if (!res.headersSent) {
    res.writeHead(503, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Retry-After': String(retryAfterS),
      'Cache-Control': 'no-store',
    })
  }
  res.end(message)
}
