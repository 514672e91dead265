/**
 * Node entry (DESIGN.md §3): Express 5 serving static assets, uploads and the React Router SSR
 * handler, with compression, security headers, a request-body size limit and graceful shutdown.
 * Everything from app/ is reached through the server build (one module graph, one database).
 */
// First: the .env file's variables, before anything reads one (app/env-file.server.ts).
import './app/env-file.server'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'
import expressStaticGzip from 'express-static-gzip'
import helmet from 'helmet'
import type { ServerBuild } from 'react-router'
import type { ViteDevServer } from 'vite'
// Pure modules (constants, a parser, the server's constructor): importing them here duplicates no
// state of the app.
import { createExpressServer } from './app/http/express-server.server'
import { describeAddress, listen, listenAddressOf } from './app/http/listen.server'
import { PLAYER_FRAME_SOURCES } from './app/lib/podcast-player'
import { CACHED_FONTS_SCRIPT } from './app/lib/static-page'
import { parseTrustProxy } from './app/trust-proxy.server'

/** A handler mounted before React Router that needs the client's address. */
type ClientHandler = (req: express.Request, res: express.Response, clientIp: string, next: () => void) => void

/** app/runtime.server.ts's `UploadsServing`: the local folder, or the bucket's address (decision 019). */
type UploadsServing = {
  uploadsDir: string | undefined
  uploadsOrigin: string | undefined
  remoteUploadUrl: (requestPath: string) => string | undefined
}

type EntryModule = {
  logRequests: (req: express.Request, res: express.Response, next: () => void) => void
  shedBidsWhenOverloaded: (req: express.Request, res: express.Response, next: () => void) => void
  isBidPost: (req: express.Request) => boolean
  SEED_PROCESS_ENV: string
  seedDemoDatabase: () => Promise<boolean>
  startServices: () => Promise<UploadsServing>
  stopServices: () => Promise<void>
  serveHealth: (req: express.Request, res: express.Response, next: () => void) => void
  limitRequestBody: (req: express.Request, res: express.Response, next: () => void) => void
  serveAuctionEvents: ClientHandler
  servePageFromCache: (
    req: express.Request,
    res: express.Response,
    nonce: string,
    next: (capture?: unknown) => void,
  ) => void
}

const isProduction = process.env.NODE_ENV === 'production'
const address = listenAddressOf(process.env)

let vite: ViteDevServer | undefined
if (!isProduction) {
  const { createServer } = await import('vite')
  vite = await createServer({ server: { middlewareMode: true } })
}

async function loadBuild(): Promise<ServerBuild> {
  if (vite) return (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild
  // A computed path: esbuild, which compiles this file into build/server.js, must leave it an import.
  return (await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as ServerBuild
}

const entry = (await loadBuild()).entry.module as unknown as EntryModule
// A seed process (app/runtime.server.ts): creates the demo content, then exits.
if (process.env[entry.SEED_PROCESS_ENV] === '1') {
  try {
    if (await entry.seedDemoDatabase()) console.warn('Contenu de démonstration créé')
    process.exit(0)
  } catch (error) {
    console.error(error)
    process.exit(1)
  }
}
let uploads: UploadsServing
try {
  uploads = await entry.startServices()
} catch (error) {
  console.error(`\n${(error as Error).message}\n`)
  process.exit(1)
}

const app = express()
app.disable('x-powered-by')
// A hop count or the proxies' addresses, never every address (app/trust-proxy.server.ts).
const trustProxy = parseTrustProxy(process.env.TRUST_PROXY)
if (trustProxy !== false) app.set('trust proxy', trustProxy)
if ('socketPath' in address && Array.isArray(trustProxy))
  console.warn(
    'TRUST_PROXY nomme des adresses, mais un socket Unix n’en a pas : donnez un nombre de relais (TRUST_PROXY=1), sinon tous les visiteurs partagent une adresse.',
  )

/** The client's address for rate limits and stream places: Express's `req.ip` (TRUST_PROXY honoured). */
const clientIp = (req: express.Request) => req.ip ?? req.socket.remoteAddress ?? 'inconnue'
// First: a bid posted while the process is overloaded is answered 503 at once, before anything
// else costs it time (app/http/overload.server.ts).
app.use((req, res, next) => entry.shedBidsWhenOverloaded(req, res, next))
// Then each request gets its id (X-Request-Id) and its line in the access log
// (app/http/access-log.server.ts).
app.use((req, res, next) => entry.logRequests(req, res, next))
// `GET /healthz` for load balancers (app/http/health.server.ts): before headers, compression and
// everything else, so a probe costs one small query.
app.use((req, res, next) => entry.serveHealth(req, res, next))

/** The CSP source of the static pages' one inline script (decision 010): its SHA-256, not a nonce. */
const CACHED_FONTS_SCRIPT_HASH = `'sha256-${crypto.createHash('sha256').update(CACHED_FONTS_SCRIPT).digest('base64')}'`

app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString('base64')
  next()
})
app.use(
  helmet({
    contentSecurityPolicy: isProduction
      ? {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: [
              "'self'",
              (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
              CACHED_FONTS_SCRIPT_HASH,
            ],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:', ...(uploads.uploadsOrigin ? [uploads.uploadsOrigin] : [])],
            fontSrc: ["'self'"],
            connectSrc: ["'self'"],
            // The proof-of-work widget (issue #37 §1) runs its solvers as workers made from its own
            // script's code (blob: URLs); no other script of the site makes workers.
            workerSrc: ["'self'", 'blob:'],
            frameSrc: ["'self'", ...PLAYER_FRAME_SOURCES],
            formAction: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            frameAncestors: ["'self'"],
            upgradeInsecureRequests: null,
          },
        }
      : false,
    crossOriginEmbedderPolicy: false,
    // helmet's default 'no-referrer' makes Chromium send `Origin: null` on plain form posts, which
    // React Router's action origin check refuses: forms without JavaScript would all fail.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: isProduction && process.env.SITE_URL?.startsWith('https:') ? undefined : false,
  }),
)
// Every body is counted as it is read, chunked or not (app/http/body-limit.server.ts).
app.use((req, res, next) => entry.limitRequestBody(req, res, next))
// Live auction streams are written straight to their sockets (decision 014), before compression,
// which would wrap every write of every open page.
app.use((req, res, next) => entry.serveAuctionEvents(req, res, clientIp(req), next))

/** React Router's request handler (@react-router/express), with the load context every route gets. */
const handleWithRouter = createRequestHandler({
  build: vite ? () => loadBuild() : await loadBuild(),
  mode: isProduction ? 'production' : 'development',
  getLoadContext: (req, res) => ({
    cspNonce: res.locals.cspNonce as string,
    clientIp: clientIp(req),
    pageCapture: res.locals.pageCapture,
    requestId: String(req.id),
  }),
})
// A bid posted by the auction page's script (app/routes/enchere-mise.ts) goes to the router at
// once: its answer, the bid form's region, is a few kilobytes of HTML read by a script, not worth
// compressing in a bidding war, and it is no file nor cached page.
app.use((req, res, next) => (entry.isBidPost(req) ? handleWithRouter(req, res, next) : next()))
app.use(compression())

if (uploads.uploadsDir) {
  app.use(
    '/uploads',
    express.static(uploads.uploadsDir, { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
  )
} else {
  // Files are in a bucket: pages point there; an older /uploads link is sent on (decision 019).
  app.use('/uploads', (req, res, next) => {
    const url = uploads.remoteUploadUrl(req.path)
    if (url) res.redirect(301, url)
    else next({ status: 404 })
  })
}

if (vite) {
  app.use(vite.middlewares)
} else {
  // Brotli and gzip copies made by `npm run build` (scripts/build-server.mjs) are sent as they are,
  // with Content-Encoding and `Vary: Accept-Encoding`; compression() leaves encoded bodies alone.
  const precompressed = (folder: string, options: { immutable?: boolean; maxAge: string }) => {
    const serve = expressStaticGzip(path.resolve(folder), {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { ...options, index: false },
    })
    // The library answers a bare 400 to a path that does not decode (`/blog/%E0%A4%A`): such a
    // path is no file, so it goes on to the page's fallback like any other unknown file.
    return (req: express.Request, res: express.Response, next: express.NextFunction) => {
      try {
        decodeURIComponent(req.path)
      } catch {
        next()
        return
      }
      serve(req, res, next)
    }
  }
  app.use('/assets', precompressed('build/client/assets', { immutable: true, maxAge: '1y' }))
  // The build's few files outside /assets (the favicon), listed once: the build does not change
  // while it runs. Looking every page's path up on disk first cost a `stat` and a 404 error object
  // per page (a tenth of a cached page's time).
  const rootFiles = new Set(
    fs
      .readdirSync('build/client', { recursive: true, encoding: 'utf8' })
      .filter((file) => !file.startsWith('assets') && !/\.(?:br|gz)$/.test(file))
      .map((file) => `/${file.split(path.sep).join('/')}`),
  )
  const serveRootFile = precompressed('build/client', { maxAge: '1h' })
  app.use((req, res, next) => (rootFiles.has(req.path) ? serveRootFile(req, res, next) : next()))
}

// Anonymous GETs of public pages are answered from the page cache (app/http/page-cache.server.ts,
// decision 008) in production; what it lets through renders with its capture in the load context.
if (!vite) {
  app.use((req, res, next) => {
    entry.servePageFromCache(req, res, res.locals.cspNonce as string, (capture) => {
      res.locals.pageCapture = capture
      next()
    })
  })
}

// `app.use`, not `app.all('/{*splat}')`: a route parameter would make Express decode the path and
// answer 500 on a broken percent-escape (`/blog/%E0%A4%A`); React Router gives the page's fallback.
app.use(handleWithRouter)

app.use((error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
  const status = (error as { status?: number; statusCode?: number }).status ?? 500
  if (res.headersSent) return next(error)
  // /uploads answers a path that climbs out (`..%2F`, `..\`), holds NUL or does not decode with
  // 403 or 400: to a visitor, no such file.
  if (status >= 400 && status < 500) {
    res.status(404).type('text/plain; charset=utf-8').send('Fichier introuvable.')
    return
  }
  req.log.error({ err: error }, 'Erreur serveur')
  res
    .status(500)
    .type('text/plain; charset=utf-8')
    .send(`Une erreur est survenue. Référence : ${String(req.id)}`)
})

const server = createExpressServer(app)
try {
  await listen(server, address)
  // A connection the kernel could not hand over (too many open files…): logged, the server goes on.
  server.on('error', (error) => console.error(error.message))
  console.warn(`Encre est prêt sur ${describeAddress(address)}`)
} catch (error) {
  const taken =
    'socketPath' in address
      ? `Le socket ${address.socketPath} est déjà utilisé.`
      : `Le port ${address.port} est déjà utilisé. Choisissez-en un autre avec PORT=…`
  console.error((error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? taken : (error as Error).message)
  await entry.stopServices().finally(() => process.exit(1))
}

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  console.warn(`${signal} reçu : arrêt en cours…`)
  const force = setTimeout(() => process.exit(1), 10_000)
  force.unref()
  server.close()
  server.closeAllConnections()
  await vite?.close()
  await entry.stopServices()
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
