import fs from 'node:fs'
import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router'
import { isRouteErrorResponse, ServerRouter } from 'react-router'
import { type ServerDocument, ServerDocumentContext } from './components/server-document'
import { logPath } from './http/access-log.server'
import { isStaticPage } from './lib/static-page'
import { UNAVAILABLE_RETRY_AFTER_S, unavailability } from './lib/unavailable'
import { logger } from './logger.server'

export { logRequests } from './http/access-log.server'
export { serveAuctionEvents } from './http/auction-stream.server'
export { limitRequestBody } from './http/body-limit.server'
export { serveHealth } from './http/health.server'
export { isBidPost, shedBidsWhenOverloaded } from './http/overload.server'
export { servePageFromCache } from './http/page-cache.server'
export { SEED_PROCESS_ENV, seedDemoDatabase, startServices, stopServices } from './runtime.server'

export const streamTimeout = 5_000

/**
 * The static pages' scripts: the assets scripts/build-server.mjs built (named in
 * build/enhance.json) in production, the sources served by Vite otherwise.
 * @throws in production when the build has no build/enhance.json (run `npm run build`).
 */
function findEnhanceScript(): ServerDocument['enhanceScript'] {
  if (process.env.NODE_ENV !== 'production')
    return {
      src: '/app/components/enhance/index.ts',
      pageScripts: { auction: '/app/components/enhance/auction-page.ts' },
      proofOfWork: '/app/components/enhance/proof-of-work-widget.ts',
      isModule: true,
    }
  const built = JSON.parse(fs.readFileSync('build/enhance.json', 'utf8')) as Omit<
    ServerDocument['enhanceScript'],
    'isModule'
  >
  return { ...built, isModule: false }
}
const enhanceScript = findEnhanceScript()

/**
 * Renders every document request on the server, with the request's CSP nonce on React's inline
 * scripts. A static page (app/lib/static-page.ts) has none: no nonce in its HTML, so the page cache
 * keeps it compressed once (its one inline script is allowed by its hash, server.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A page that failed because the database cannot be reached or the disk is full: 503, asked
  // again shortly, never cached (issue #37 §4); the error page says why (UnavailableNotice).
  const { unavailable } = loadContext
  if (unavailable && responseStatusCode >= 500) {
    responseStatusCode = 503
    responseHeaders.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S))
    responseHeaders.set('Cache-Control', 'no-store')
  }
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const deepest = routerContext.staticHandlerContext.matches.map((match) => ({
    handle: routerContext.routeModules[match.route.id]?.handle,
  }))
  const nonce = isStaticPage(deepest) ? undefined : loadContext.cspNonce
  return new Promise((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(
      <ServerDocumentContext.Provider
        value={{ enhanceScript, requestId: loadContext.requestId, unavailable }}
      >
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ServerDocumentContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId)
              timeoutId = undefined
              callback()
            },
          })
          const stream = createReadableStreamFromReadable(body)
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          pipe(body)
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) logger.error({ err: error, reqId: loadContext.requestId }, 'Erreur de rendu')
        },
      },
    )
  })
}

/**
 * Logs unexpected loader/action errors once, with the request's id (`reqId`, the « Référence » the
 * error page shows); expected 4xx responses are not errors. A database that cannot be reached or
 * a full disk (app/lib/unavailable.ts) is a fault of the moment, not a defect: logged as a
 * warning, and marked on the load context so that the page is answered 503 (issue #37 §4).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return
  if (isRouteErrorResponse(error) && error.status < 500) return
  const unavailable = unavailability(error)
  if (unavailable) {
    context.unavailable = unavailable
    logger.warn(
      { err: error, reqId: context.requestId, path: logPath(new URL(request.url).pathname), unavailable },
      'Page indisponible',
    )
    return
  }
  logger.error(
    { err: error, reqId: context.requestId, path: logPath(new URL(request.url).pathname) },
    'Erreur serveur',
  )
}
