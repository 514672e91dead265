import type { IncomingMessage, ServerResponse } from 'node:http'
import { shedCounts } from '#app/http/overload.server'
import { deskCounts } from '#app/services/auctions/bid-desk.server'
import { checkHealth } from '#app/services/health/check-health.server'

/** The health check's path, for load balancers and uptime monitors. */
export const HEALTH_PATH = '/healthz'

/**
 * Answers `GET /healthz` (and HEAD) for load balancers (issue #12 §4), before anything else of the
 * site (no session, no rate limit, no page cache): 200 when the database answers, else 503, with
 * a JSON body `{ status: 'ok' | 'unavailable', database: 'ok' | 'unreachable', outboxBacklog:
 * number | null, outboxFailing: number | null (waiting e-mails whose last attempt failed), disk:
 * 'ok' | 'full' (the embedded database is read-only for lack of space: reads go on), uptimeSeconds: number, bidBatches: { batches, retriedUnderLock, decidedUnderLock }, bidsShed: number }`
 * (this process's bid desk since it started: batches settled, those decided again under the lock
 * because another writer had moved the auction, those decided under the lock at once; the bids
 * answered 503 for overload, app/http/overload.server.ts) and
 * `Cache-Control: no-store`. Any other request goes
 * to `next`.
 */
export function serveHealth(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const path = req.url?.split('?', 1)[0]
  if (path !== HEALTH_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
    next()
    return
  }
  void checkHealth().then(({ isDatabaseReachable, outboxBacklog, outboxFailing, isDiskFull }) => {
    const body = JSON.stringify({
      status: isDatabaseReachable ? 'ok' : 'unavailable',
      database: isDatabaseReachable ? 'ok' : 'unreachable',
      outboxBacklog,
      outboxFailing,
      disk: isDiskFull ? 'full' : 'ok',
      uptimeSeconds: Math.round(process.uptime()),
      bidBatches: deskCounts,
      bidsShed: shedCounts.bidsShed,
    })
    res.writeHead(isDatabaseReachable ? 200 : 503, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  })
}
