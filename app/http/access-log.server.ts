import crypto from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type pino from 'pino'
import { pinoHttp } from 'pino-http'
import { logger } from '#app/logger.server'

/** The header that carries a request's id, in both directions (issue #12 §4). */
export const REQUEST_ID_HEADER = 'x-request-id'

/**
 * A request id a client or proxy may give: 1 to 64 letters, digits, `.`, `_`, `:` or `-` (a UUID,
 * a ULID, nginx's `$request_id`, a load balancer's trace id). Anything else — control characters,
 * spaces, something meant to forge a log line — is replaced by an id of ours.
 */
const SANE_REQUEST_ID = /^[\w.:-]{1,64}$/

/**
 * The request's id: the `X-Request-Id` header when it is sane ({@link SANE_REQUEST_ID}), else a new
 * random UUID. Also sent back as the response's `X-Request-Id` header.
 *
 * @returns the id, e.g. `'9b2f0c8e-…'`.
 */
export function requestIdOf(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers[REQUEST_ID_HEADER]
  const id = typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : crypto.randomUUID()
  res.setHeader('X-Request-Id', id)
  return id
}

/** Paths logged at `debug` when they succeed: files (hashed assets, images, fonts) and health probes. */
const QUIET_PATH = /^\/(?:assets\/|uploads\/|fonts\/|healthz$|favicon\.ico$|robots\.txt$)/

/** A private auction link in a path (`/enchere/{lien_prive}…`) is a secret: never written to the logs. */
const AUCTION_LINK = /^\/enchere\/[^/]+/

/**
 * The path a log line shows: without the query string (password-reset and validation tokens
 * travel there) and with any private auction link masked.
 *
 * @example logPath('/enchere/abc123/evenements?x=1') // '/enchere/…/evenements'
 */
export function logPath(url: string | undefined): string {
  return (url ?? '').split('?', 1)[0]?.replace(AUCTION_LINK, '/enchere/…') ?? ''
}

/** The URL as received: Express shortens `req.url` inside a mounted middleware (`/assets`). */
const originalUrl = (req: IncomingMessage) => (req as { originalUrl?: string }).originalUrl ?? req.url ?? ''

/**
 * Express middleware of the structured access log (issue #12 §4), placed first in server.ts: gives
 * every request its id ({@link requestIdOf}, `req.id`), a child logger `req.log` carrying it
 * (`reqId`), and writes one line to `target` when the response is finished: `{ reqId, req: {
 * method, path, ip }, res: { statusCode }, responseTime (ms), msg: 'GET /portfolio 200 3 ms' }`.
 *
 * @param target - the pino logger to write to (the process's {@link logger}, or a test's).
 */
export function createRequestLogger(target: pino.Logger) {
  return pinoHttp({
    logger: target,
    genReqId: requestIdOf,
    // 5xx (and aborted requests) as errors, other answers — a 503 asked again later included — as
    // info, quiet paths as debug: a site's files and a load balancer's probes would otherwise be
    // most of the log.
    customLogLevel: (req, res, error) => {
      if (!error && isAskedAgainLater(res)) return 'info'
      if (error || res.statusCode >= 500) return 'error'
      return QUIET_PATH.test(originalUrl(req)) ? 'debug' : 'info'
    },
    customSuccessMessage: (req, res, responseTime) =>
      `${req.method} ${logPath(originalUrl(req))} ${res.statusCode} ${Math.round(responseTime)} ms`,
    customErrorMessage: (req, res) => `${req.method} ${logPath(originalUrl(req))} ${res.statusCode}`,
    // What a line needs, no more: no headers (cookies are sessions), no query strings; the id is
    // the line's `reqId`, as on every line logged through `req.log`. The address is Express's
    // `req.ip` (the client's behind a trusted proxy, TRUST_PROXY) when Express is there.
    serializers: {
      req: (req: { method: string; url: string; remoteAddress?: string; raw?: { ip?: string } }) => ({
        method: req.method,
        path: logPath(req.url),
        ip: req.raw?.ip ?? req.remoteAddress,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    quietReqLogger: true,
    // The request is written on the response's line only, when it is logged: pino-http would
    // otherwise make a second child logger, bound to it, for every request (serialized at once,
    // whatever the level): 7 % of what the process allocated in the auction bench (issue #10 §2).
    quietResLogger: true,
    customSuccessObject: (req, _res, line) => ({ req, ...line }),
    customErrorObject: (req, res, _error, { err, ...line }) =>
      isAskedAgainLater(res) ? { req, ...line } : { req, err, ...line },
  })
}

/**
 * Whether an answer is a 503 with Retry-After: a planned answer, asked again later — the
 * overload's (app/http/overload.server.ts), or the database's absence, whose cause is logged where
 * it is met. Under load, an error line with its stack for each would add to the load.
 */
function isAskedAgainLater(res: { statusCode: number; hasHeader: (name: string) => boolean }): boolean {
  return res.statusCode === 503 && res.hasHeader('Retry-After')
}

/** The access log of the process, on its {@link logger} (JSON, or pretty in a terminal). */
export const logRequests = createRequestLogger(logger)
