/**
 * Auction benchmark (issue #4 §9, issue #10 §2) — not a test: `npm run bench -- auction`. For each
 * engine (PGlite always; PostgreSQL when BENCH_DATABASE_URL names a server where a scratch database
 * may be created and dropped) it prepares an active auction, starts the production server as
 * `npm start` does, and measures, in one run:
 * 1. **Open pages**: BENCH_PAGES (default 1,000) auction pages follow the live stream
 *    (`/enchere/{link}/evenements`) for the whole run; the server's resident memory before and
 *    once they all have their snapshot gives the memory those pages cost.
 * 2. **Open loop**: BENCH_RATE bids a second (default 100) offered by BENCH_BIDDERS bidders
 *    (default 200) for BENCH_SECONDS (default 60), whatever the answers' pace; a bid's latency is
 *    counted from when it was due, so a slow server cannot hide behind a slow load. Before it, the
 *    same load for BENCH_WARM_UP_SECONDS (default 5; 0: none) is its own row, "mise en route": the
 *    first bids of a fresh process run code V8 has not compiled yet, which a server that has taken
 *    bids before a bidding war's last minutes has.
 * 3. **Saturation**: the same bidders each send their next bid as soon as the last is answered,
 *    for BENCH_SATURATION_SECONDS (default 30; 0 skips it).
 * For both load phases it prints requests/s, accepted bids/s, the answers by status, p50/p99 of the
 * bid request, the CPU time the instances (not their live pages processes) spent per request — what
 * a phase costs the server even on a busy machine — and the delay between a bid's acceptance (its `creeLe`, on the server's clock — the
 * same machine's) and its event reaching each open page. Then it checks what is stored.
 *
 * The server sends its e-mails (outbid notices, the artist's bid notices) over SMTP to a relay
 * that counts them ({@link startSmtpSink}), as a deployed site does.
 *
 * During both phases a new visitor opens the auction page every 100 ms on a new connection: how
 * long a newcomer waits in a bidding war (the time to accept a connection grows with the time
 * the server spends per turn of its event loop).
 *
 * How the bidders look to the server (documented, not hidden):
 * - Each bidder is a browser with its own keep-alive connections: it loads the auction page once
 *   before the phases (which opens its connection), then bids on it.
 * - Each bidder holds the bidder credential of its addresses — the signed cookie that confirming
 *   the validation link gives a browser (issue #10 §1) — signed with the same secret as the server
 *   (BETTER_AUTH_SECRET, random for the run). The link flow itself is covered by the browser test.
 *   200 bidders × 80 addresses, so the per-address limit (10 bids a minute) does not cap a bidder
 *   that bids several times a second: in the saturation a bidder's bids taken in reach each of its
 *   addresses about twice a minute. With 40, a few addresses of a run passed the limit (six
 *   answers 429 in one run's 60,744 requests), once the overload bound took in more bids.
 * - Each request comes from its own address through `X-Forwarded-For` (TRUST_PROXY=1), so the
 *   per-IP limit (30 a minute) does not cap the run either; both limiters still run on every
 *   request, so their cost is measured.
 * - A bid that went out on a kept-alive connection the server had just closed, and got no byte of
 *   answer, is sent once more on a new connection, as browsers do (see {@link send}); the report
 *   counts those bids, and names each network error that remains.
 * - A bid is what the page's script sends (app/components/enhance/form.ts): POST /enchere/{link}/mise
 *   of the form's fields, urlencoded (as a browser's `URLSearchParams` body), with `Accept: text/html`
 *   and the site's `Origin`; the answer is the bid form's region (app/routes/enchere-mise.ts).
 * - A bidder offers the lowest bid the last price it heard of allows (its own answers and the
 *   stream; the default increment table, issue #10 §3) + 0 to 4 €: many bids race and lose, as in a
 *   real last minute.
 *
 * `npm run bench -- auction --topology production` runs the PostgreSQL part as production runs:
 * nginx (BENCH_NGINX, default /usr/sbin/nginx, on BENCH_NGINX_PORT, default BENCH_PORT + 10; its
 * configuration in a temporary folder) in front of two instances on Unix sockets in that folder.
 * The report gives, per run, how many bid batches were decided again under the lock, and the
 * share of 503 answers (overload, with Retry-After: answers, not errors).
 *
 * Options (environment): BENCH_PORT (default 3135), BENCH_SECONDS, BENCH_WARM_UP_SECONDS, BENCH_RATE,
 * BENCH_SATURATION_SECONDS, BENCH_BIDDERS, BENCH_PAGES, BENCH_DATABASE_URL, BENCH_SKIP_PGLITE=1
 * (PostgreSQL alone, with BENCH_DATABASE_URL). 1,000 pages need
 * `ulimit -n` above 2,100.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { asc, eq, sql } from 'drizzle-orm'
import { type OpenedDatabase, openDatabase, queryRows } from '#app/db/client.server'
import { encheres, mises, validationsEmail } from '#app/db/schema'
import { BID_REGION_PATH } from '#app/lib/auction-live-state'
import { DEFAULT_BID_INCREMENTS, minimumBidCents } from '#app/lib/auction-rules'
import {
  BROWSER_HEADERS,
  columnsTable,
  cpuMs,
  fetchOverSocket,
  machineLine,
  percentile,
  print,
  residentKb,
  SERVER_ENV,
  SERVER_NODE_ARGS,
  scratchPostgresDatabase,
  stopServer,
} from './support'

const bounded = (name: string, fallback: number, min: number, max: number) =>
  Math.min(Math.max(Number(process.env[name] ?? fallback), min), max)

const port = Number(process.env.BENCH_PORT ?? 3135)
const openLoopSeconds = bounded('BENCH_SECONDS', 60, 5, 300)
const rate = bounded('BENCH_RATE', 100, 1, 5000)
const saturationSeconds = bounded('BENCH_SATURATION_SECONDS', 30, 0, 300)
const warmUpSeconds = bounded('BENCH_WARM_UP_SECONDS', 5, 0, 60)
const bidders = bounded('BENCH_BIDDERS', 200, 1, 1000)
const pageCount = bounded('BENCH_PAGES', 1000, 1, 5000)
const ADDRESSES_PER_BIDDER = 80
/** Where bids and pages go: the server, or nginx in front of two (`--topology production`). */
let origin = `http://127.0.0.1:${port}`
/** nginx's port for `--topology production` (its instances listen on Unix sockets, README). */
const nginxPort = Number(process.env.BENCH_NGINX_PORT ?? port + 10)
const LINK = `bench-${crypto.randomBytes(12).toString('base64url')}`
const SECRET = crypto.randomBytes(32).toString('base64url')
const START_TIMEOUT_MS = 120_000
const REQUEST_TIMEOUT_MS = 10_000
/** The name of the first seconds of bids, shown apart (BENCH_WARM_UP_SECONDS). */
const WARM_UP_PHASE = `mise en route ${warmUpSeconds} s`
/** A new visitor opens the auction page this often during a load phase, ms. */
const VISIT_INTERVAL_MS = 100

type Engine = {
  name: 'PGlite' | 'PostgreSQL' | 'nginx + 2 × PostgreSQL'
  env: Record<string, string>
  open: () => Promise<OpenedDatabase>
  cleanup: () => Promise<void>
  /** 'production': nginx in front of two instances (README, Production), else one process. */
  topology?: 'production'
}

/** The running site: its processes (the first is the one whose memory is sampled) and their own origins. */
type Site = {
  server: ChildProcess
  /** Every instance's process (one, or two in the production topology), for their CPU time. */
  processes: ChildProcess[]
  /** A GET to each instance itself (its port, or its Unix socket behind nginx), by path. */
  instances: Array<(pathname: string) => Promise<Response>>
  stop: () => Promise<void>
}

/**
 * nginx's configuration for the production topology, as the README's Production section writes it
 * (an upstream of the instances on their Unix sockets with keepalive connections; an auction's page, bids and live
 * stream sent to one instance by a hash of its link, the stream unbuffered; Debian's
 * `worker_processes auto` with the connection limits the README raises),
 * in `dir`, listening on {@link nginxPort}. Two bench-only lines: the bench's visitors all come from
 * 127.0.0.1, so nginx takes each one's address from the `X-Forwarded-For` the bench sends
 * (`real_ip_header`, what a CDN in front would give), and the `Host` keeps its port (the site's
 * origin check compares it with `Origin`; in production the port is the default one).
 */
function nginxConfig(dir: string, sockets: string[]): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `  ${name}_temp_path ${path.join(dir, name)};`)
    .join('\n')
  return `worker_processes auto;
worker_rlimit_nofile 16384;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 8192; }
http {
  access_log off;
${temp}
  upstream encre {
${sockets.map((socketPath) => `    server unix:${socketPath};`).join('\n')}
    keepalive 256;
    keepalive_timeout 4s;
  }
  upstream encre_enchere {
    hash $enchere consistent;
${sockets.map((socketPath) => `    server unix:${socketPath};`).join('\n')}
    keepalive 256;
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${nginxPort};
    client_max_body_size 60m;
    set_real_ip_from 127.0.0.1;
    real_ip_header X-Forwarded-For;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    location / {
      proxy_pass http://encre;
    }
    location ~ ^/enchere/(?<enchere>[^/]+)/evenements$ {
      proxy_pass http://encre_enchere;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }
    location ~ ^/enchere/(?<enchere>[^/]+)(?:/mise)?/?$ {
      proxy_pass http://encre_enchere;
    }
  }
}
`
}

/**
 * Starts the site of `engine`: one server on BENCH_PORT, or (production topology) two on Unix
 * sockets in a temporary folder, each with its own DATA_DIR, behind nginx on {@link nginxPort}.
 */
async function startSite(engine: Engine, dataDir: string, smtpUrl: string): Promise<Site> {
  if (engine.topology !== 'production') {
    origin = `http://127.0.0.1:${port}`
    const server = startServer(engine.env, dataDir, smtpUrl)
    const ask = (pathname: string) => fetch(`${origin}${pathname}`)
    await waitUntilReady(server, ask)
    return { server, processes: [server], instances: [ask], stop: () => stopServer(server) }
  }
  origin = `http://127.0.0.1:${nginxPort}`
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-bench-nginx-'))
  // nginx's workers run as another user: they must reach the sockets in this folder.
  fs.chmodSync(dir, 0o755)
  const sockets = [1, 2].map((index) => path.join(dir, `instance-${index}.sock`))
  fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, sockets))
  const servers = sockets.map((socketPath, index) => {
    const instanceDir = path.join(dir, `instance-${index + 1}`)
    fs.mkdirSync(instanceDir)
    return startServer({ ...engine.env, SOCKET_PATH: socketPath }, instanceDir, smtpUrl)
  })
  const nginx = spawn(
    process.env.BENCH_NGINX ?? '/usr/sbin/nginx',
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', 'stderr', '-g', 'daemon off;'],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  )
  const site = {
    server: servers[0] as ChildProcess,
    processes: servers,
    instances: sockets.map((socketPath) => (pathname: string) => fetchOverSocket(socketPath, pathname)),
    stop: async () => {
      await stopServer(nginx)
      await Promise.all(servers.map((server) => stopServer(server)))
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
  try {
    for (const [index, server] of servers.entries())
      await waitUntilReady(server, site.instances[index] as Site['instances'][number])
    await waitUntilReady(nginx, (pathname) => fetch(`${origin}${pathname}`))
  } catch (error) {
    await site.stop()
    throw error
  }
  return site
}

/** The bid desks' batches of the site's instances, summed (GET /healthz of each). */
async function bidBatches(instances: Site['instances']): Promise<DeskCounts> {
  const total: DeskCounts = { batches: 0, retriedUnderLock: 0, decidedUnderLock: 0 }
  for (const ask of instances) {
    const health = (await (await ask('/healthz')).json()) as { bidBatches?: DeskCounts }
    for (const key of Object.keys(total) as Array<keyof DeskCounts>)
      total[key] += health.bidBatches?.[key] ?? 0
  }
  return total
}

type DeskCounts = { batches: number; retriedUnderLock: number; decidedUnderLock: number }

/** An active auction ending well after the run (no soft close), starting at 1 €. */
async function prepare(opened: OpenedDatabase): Promise<string> {
  await opened.migrate()
  const db = opened.db
  const now = Date.now()
  const [auction] = await db
    .insert(encheres)
    .values({
      nom: 'Enchère de mesure',
      prix_depart: '1.00',
      prix_actuel: '1.00',
      date_debut: new Date(now - 60_000),
      date_fin: new Date(now + 3 * 3_600_000),
      statut: 'active',
      lien_prive: LINK,
    })
    .returning({ id: encheres.id })
  if (!auction) throw new Error("L'enchère de mesure n'a pas été créée.")
  const rows = []
  for (let bidder = 0; bidder < bidders; bidder++) {
    for (let index = 0; index < ADDRESSES_PER_BIDDER; index++) {
      rows.push({
        email: address(bidder, index),
        token: crypto.randomBytes(32).toString('hex'),
        enchere_id: auction.id,
        valide: true,
        expire_le: new Date(now + 86_400_000),
        utilise_le: new Date(now),
      })
    }
  }
  for (let start = 0; start < rows.length; start += 1000) {
    await db.insert(validationsEmail).values(rows.slice(start, start + 1000))
  }
  return auction.id
}

const address = (bidder: number, index: number) => `encherisseur-${bidder}-${index}@exemple.fr`

/**
 * The `Cookie` header of each bidder and address: the bidder credential the server would have
 * given after the validation link, signed with the run's secret (the server's own code signs it).
 */
async function bidderCookies(enchereId: string, dataDir: string): Promise<string[][]> {
  process.env.BETTER_AUTH_SECRET = SECRET
  process.env.SITE_URL = origin
  process.env.DATA_DIR = dataDir
  const { issueBidderCredential } = await import('#app/services/auctions/bidder-credential.server')
  const { credentialCookie } = await import('#app/http/auction-cookies.server')
  const expiresAt = new Date(Date.now() + 4 * 3_600_000)
  const cookies: string[][] = []
  for (let bidder = 0; bidder < bidders; bidder++) {
    const own: string[] = []
    for (let index = 0; index < ADDRESSES_PER_BIDDER; index++) {
      const token = issueBidderCredential({ enchereId, email: address(bidder, index), expiresAt })
      const setCookie = await credentialCookie(LINK, token, expiresAt)
      own.push(setCookie.split(';')[0] ?? '')
    }
    cookies.push(own)
  }
  return cookies
}

function startServer(env: Record<string, string>, dataDir: string, smtpUrl: string): ChildProcess {
  return spawn(process.execPath, [...SERVER_NODE_ARGS], {
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: smtpUrl,
      SITE_URL: origin,
      SEED_DEMO: 'false',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      BETTER_AUTH_SECRET: SECRET,
      ADMIN_EMAIL: 'mesure@exemple.fr',
      ADMIN_PASSWORD: crypto.randomBytes(18).toString('base64url'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

async function waitUntilReady(
  server: ChildProcess,
  ask: (pathname: string) => Promise<Response>,
): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`Le serveur s'est arrêté (code ${server.exitCode}).`)
    try {
      const response = await ask(`/enchere/${LINK}`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  throw new Error(`Le serveur n'a pas répondu en ${START_TIMEOUT_MS / 1000} s.`)
}

/**
 * The mail relay the server sends to, as in production (DESIGN.md §7: SMTP_URL), in a worker
 * thread (bench/smtp-sink.worker.mjs): it accepts every message and counts them. Without it the
 * server would write each e-mail to a `.eml` file, the setup for a newcomer's first look.
 *
 * @returns its `smtp://127.0.0.1:{port}` URL, the count of messages received so far, and `close`.
 */
async function startSmtpSink(): Promise<{
  url: string
  count: () => Promise<number>
  close: () => Promise<void>
}> {
  // Not unref'd: the run waits for its answers (closed at the end of each engine's run).
  const worker = new Worker(new URL('./smtp-sink.worker.mjs', import.meta.url))
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: { type: string } & T) => {
        if (message.type !== type) return
        worker.off('message', onMessage)
        worker.off('error', reject)
        resolve(message)
      }
      worker.on('message', onMessage)
      worker.once('error', reject)
    })
  const { port: smtpPort } = await next<{ port: number }>('listening')
  return {
    url: `smtp://127.0.0.1:${smtpPort}`,
    count: async () => {
      const answer = next<{ count: number }>('count')
      worker.postMessage({ type: 'count' })
      return (await answer).count
    },
    close: async () => {
      worker.postMessage({ type: 'close' })
      await new Promise((resolve) => worker.once('exit', resolve))
    },
  }
}

/** Accepted amount ('130.00') → its `creeLe` and the arrival time on each page that got it (ms). */
type Arrivals = Map<string, { acceptedAt: number; at: Float64Array }>

/**
 * The open auction pages: `count` connections to the live stream (plain sockets, no browser), held
 * by a worker thread (bench/live-pages.worker.mjs) so that reading a thousand streams does not
 * hold up, on this thread, the answers of the bids being timed. `onPrice` hears every price seen.
 */
function openPages(count: number, onPrice: (cents: number) => void) {
  const worker = new Worker(new URL('./live-pages.worker.mjs', import.meta.url), {
    workerData: { origin, link: LINK, count },
  })
  // Never what keeps the bench running (after an error, say).
  worker.unref()
  let snapshots = 0
  let failures = 0
  let answerArrivals: ((arrivals: Arrivals) => void) | undefined
  worker.on('message', (message: WorkerMessage) => {
    if (message.type === 'counts') {
      snapshots = message.snapshots
      failures = message.failures
    } else if (message.type === 'price') onPrice(message.cents)
    else if (message.type === 'arrivals') {
      answerArrivals?.(
        new Map(message.entries.map(([amount, acceptedAt, at]) => [amount, { acceptedAt, at }])),
      )
    }
  })
  worker.on('error', (error) => print(`  (pages ouvertes : ${error.message})`))
  return {
    /** Every arrival so far, asked of the worker. */
    arrivals: () =>
      new Promise<Arrivals>((resolve) => {
        answerArrivals = resolve
        worker.postMessage({ type: 'arrivals' })
      }),
    snapshots: () => snapshots,
    failures: () => failures,
    close: async () => {
      worker.postMessage({ type: 'close' })
      await worker.terminate()
    },
  }
}

type WorkerMessage =
  | { type: 'counts'; snapshots: number; failures: number }
  | { type: 'price'; cents: number }
  | { type: 'arrivals'; entries: Array<[string, number, Float64Array]> }

/**
 * One bid sent: its answer's status, its latency from when it was due (ms) and how late the
 * generator sent it after that (`sentLateMs`, ms: the generator's own delay, part of the latency);
 * whether it was sent again after a closed connection, and its network error (see {@link Answer}).
 */
type Attempt = {
  status: number
  latencyMs: number
  sentLateMs: number
  montant: string
  resent: boolean
  error: string
}
type Load = {
  attempts: Attempt[]
  elapsedSeconds: number
  peakRssKb: number
  /** CPU time the site's instances used during the phase, ms (all instances summed). */
  cpuMs: number
  visits: Visits
}

/**
 * Each bidder is a browser: its own keep-alive connections (at most 6, as browsers allow per
 * site), first opened when it loads the auction page ({@link openBidderConnections}).
 */
const bidderAgents = Array.from({ length: bidders }, () => new http.Agent({ keepAlive: true, maxSockets: 6 }))

/**
 * What {@link send} got: the status (0 after {@link REQUEST_TIMEOUT_MS} or on a network error,
 * whose code or message is `error`), and whether the request was sent a second time because the
 * kept-alive connection it went out on had been closed by the server.
 */
type Answer = { status: number; resent: boolean; error: string }

/** Errors of a connection the other end closed: a request written into it got no answer at all. */
const CLOSED_CONNECTION = new Set(['ECONNRESET', 'EPIPE'])

/**
 * Sends a request to the server and reads the whole answer: a GET, or a POST of `form` (`headers`
 * give its Content-Type). `agent` false opens a new connection, as a new visitor does.
 *
 * A request that went out on a kept-alive connection the server had just closed (HTTP/1.1's
 * keep-alive race: the server closes a connection idle past its `keepAliveTimeout` as the next
 * request leaves) and got no byte of answer is sent once more on a new connection, as browsers do
 * (Node's `request.reusedSocket`, documented for this retry); the report counts those.
 */
function send(
  pathname: string,
  agent: http.Agent | false,
  form?: string,
  headers: Record<string, string> = {},
  resent = false,
): Promise<Answer> {
  return new Promise((resolve) => {
    let answered = false
    const request = http.request(
      `${origin}${pathname}`,
      {
        method: form === undefined ? 'GET' : 'POST',
        agent,
        headers: form === undefined ? headers : { ...headers, 'Content-Length': Buffer.byteLength(form) },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        answered = true
        response.resume()
        response.on('end', () => resolve({ status: response.statusCode ?? 0, resent, error: '' }))
        response.on('error', (error) => resolve({ status: 0, resent, error: error.message }))
      },
    )
    request.on('timeout', () => request.destroy(new Error('délai dépassé')))
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (!answered && !resent && request.reusedSocket && CLOSED_CONNECTION.has(error.code ?? '')) {
        resolve(send(pathname, false, form, headers, true))
        return
      }
      resolve({ status: 0, resent, error: error.code ?? error.message })
    })
    request.end(form)
  })
}

/** Every bidder loads the auction page first, as a browser does: that opens its connection. */
async function openBidderConnections(): Promise<void> {
  await Promise.all(bidderAgents.map((agent) => send(`/enchere/${LINK}`, agent)))
}

type Visits = { latencies: number[]; failures: number }

/**
 * New visitors during a load phase: every {@link VISIT_INTERVAL_MS}, a new connection asks for
 * the auction page as a browser does (compressed), what a bidder's friend opening the link meets
 * in a bidding war.
 */
function visitDuring(): { stop: () => Promise<Visits> } {
  const visits: Promise<void>[] = []
  const result: Visits = { latencies: [], failures: 0 }
  const timer = setInterval(() => {
    const startedAt = performance.now()
    visits.push(
      send(`/enchere/${LINK}`, false, undefined, BROWSER_HEADERS).then(({ status }) => {
        if (status === 200) result.latencies.push(performance.now() - startedAt)
        else result.failures++
      }),
    )
  }, VISIT_INTERVAL_MS)
  return {
    stop: async () => {
      clearInterval(timer)
      await Promise.all(visits)
      return result
    },
  }
}

/** Sends one bid as the page's script does; its latency counts from `dueAt` (performance.now()). */
async function sendBid(
  cookies: string[][],
  bidder: number,
  turn: number,
  knownPrice: { cents: number },
  nextIp: () => string,
  dueAt: number,
): Promise<Attempt> {
  const sentLateMs = performance.now() - dueAt
  // Exactly the minimum the bidder knows (issue #36 §1: every bid is a maximum): an accepted one is
  // stored at that amount (the leader's maximum is the price), so its live event is found by it.
  const cents = minimumBidCents({ prixCents: knownPrice.cents, hasBids: true }, DEFAULT_BID_INCREMENTS)
  const montant = (cents / 100).toFixed(2)
  const index = turn % ADDRESSES_PER_BIDDER
  const body = new URLSearchParams({
    prenom: `Bidder${bidder}`,
    nom: 'Mesure',
    email: address(bidder, index),
    telephone: '06 12 34 56 78',
    montant,
  }).toString()
  const { status, resent, error } = await send(
    `/enchere/${LINK}/${BID_REGION_PATH}`,
    bidderAgents[bidder] ?? false,
    body,
    {
      'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8',
      Accept: 'text/html',
      Origin: origin,
      'X-Forwarded-For': nextIp(),
      Cookie: cookies[bidder]?.[index] ?? '',
    },
  )
  if (status === 200 && cents > knownPrice.cents) knownPrice.cents = cents
  return { status, latencyMs: performance.now() - dueAt, sentLateMs, montant, resent, error }
}

function ipCounter() {
  let counter = 0
  return () => {
    counter++
    return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`
  }
}

/**
 * Runs one load phase: `bids` sends the bids (each through `send`, from its own client address)
 * while the server's resident memory is sampled every 250 ms.
 * @returns the attempts, the phase's length in seconds and the highest memory sample (kB).
 */
async function measureLoad(
  site: Site,
  cookies: string[][],
  knownPrice: { cents: number },
  bids: (
    send: (bidder: number, turn: number, dueAt: number) => Promise<Attempt>,
    startedAt: number,
  ) => Promise<Attempt[]>,
): Promise<Load> {
  const nextIp = ipCounter()
  const bid = (bidder: number, turn: number, dueAt: number) =>
    sendBid(cookies, bidder, turn, knownPrice, nextIp, dueAt)
  const siteCpuMs = () => site.processes.reduce((sum, instance) => sum + cpuMs(instance.pid), 0)
  const startedAt = performance.now()
  const cpuBefore = siteCpuMs()
  let peakRssKb = residentKb(site.server.pid)
  const sampler = setInterval(() => {
    peakRssKb = Math.max(peakRssKb, residentKb(site.server.pid))
  }, 250)
  const visitors = visitDuring()
  let attempts: Attempt[] = []
  try {
    attempts = await bids(bid, startedAt)
  } finally {
    clearInterval(sampler)
  }
  const elapsedSeconds = (performance.now() - startedAt) / 1000
  const cpuUsed = siteCpuMs() - cpuBefore
  return { attempts, elapsedSeconds, peakRssKb, cpuMs: cpuUsed, visits: await visitors.stop() }
}

/** Open loop: `rate` bids a second for `seconds`, round-robin over the bidders, never waiting. */
function runOpenLoop(
  site: Site,
  cookies: string[][],
  knownPrice: { cents: number },
  seconds: number,
): Promise<Load> {
  const total = Math.round(rate * seconds)
  const interval = 1000 / rate
  return measureLoad(site, cookies, knownPrice, async (send, startedAt) => {
    const sent: Promise<Attempt>[] = []
    while (sent.length < total) {
      const now = performance.now()
      while (sent.length < total && startedAt + sent.length * interval <= now) {
        const index = sent.length
        sent.push(send(index % bidders, Math.floor(index / bidders), startedAt + index * interval))
      }
      // Wake when the next bid is due (timers fire on whole ms, so it may go up to 1 ms late).
      const wait = startedAt + sent.length * interval - performance.now()
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)))
    }
    return Promise.all(sent)
  })
}

/** Saturation: every bidder sends its next bid as soon as the last one is answered. */
function runSaturation(site: Site, cookies: string[][], knownPrice: { cents: number }): Promise<Load> {
  return measureLoad(site, cookies, knownPrice, async (send, startedAt) => {
    const deadline = startedAt + saturationSeconds * 1000
    const all: Attempt[] = []
    await Promise.all(
      Array.from({ length: bidders }, async (_, bidder) => {
        for (let turn = 0; performance.now() < deadline; turn++) {
          all.push(await send(bidder, turn, performance.now()))
        }
      }),
    )
    return all
  })
}

/**
 * 'status × count (p99 … ms)' for each status seen, e.g. '400 × 12 (p99 8.1 ms), délai/erreur
 * réseau (ECONNRESET) × 3 (p99 10.0 ms)': which answers make the tail; then how many bids were
 * sent again after a closed connection ({@link send}), when any were.
 */
function countStatuses(attempts: Attempt[]): string {
  const latencies = new Map<string, number[]>()
  for (const attempt of attempts) {
    const key = attempt.status === 0 ? `délai/erreur réseau (${attempt.error})` : String(attempt.status)
    const values = latencies.get(key) ?? []
    values.push(attempt.latencyMs)
    latencies.set(key, values)
  }
  const resent = attempts.filter((attempt) => attempt.resent).length
  return [
    ...[...latencies]
      .sort()
      .map(([status, values]) => `${status} × ${values.length} (p99 ${ms(percentile(values, 99))} ms)`),
    ...(resent > 0 ? [`renvoyées après une connexion fermée par le serveur × ${resent}`] : []),
  ].join(', ')
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '—')
const mb = (kilobytes: number) => `${(kilobytes / 1024).toFixed(0)} Mo`

type PhaseResult = {
  engine: string
  phase: string
  attempts: number
  requestsPerSecond: number
  accepted: number
  acceptedPerSecond: number
  statuses: string
  /**
   * Answers other than 200 (accepted), 400 (refused by the rules), 409 (outbid by an earlier equal
   * maximum: the rules' answer too) and 503 with Retry-After (overloaded: an answer, issue #34),
   * e.g. 429, 500, time-outs.
   */
  errors: number
  /** Share of the answers that were 503 with Retry-After. */
  overloadedShare: number
  p50: number
  p99: number
  /** How late the generator sent its bids after they were due: p99, ms. */
  sentLateP99: number
  peakRssKb: number
  /** CPU time of the site's instances per request answered during the phase, ms. */
  cpuPerRequestMs: number
  /** Events expected on the open pages (accepted bids × pages) and received. */
  eventsExpected: number
  eventsReceived: number
  /** From the bid's acceptance (`creeLe`) to the event on a page, ms. */
  liveP50: number
  liveP99: number
  liveMax: number
  /** New visitors' page loads during the phase (new connection each): count, p50, p99 (ms), failures. */
  visits: number
  visitP50: number
  visitP99: number
  visitFailures: number
}

function summarize(
  engine: string,
  phase: string,
  load: Load,
  arrivals: Arrivals,
  pages: number,
): PhaseResult {
  const accepted = load.attempts.filter((attempt) => attempt.status === 200)
  const delays: number[] = []
  let received = 0
  for (const attempt of accepted) {
    const seen = arrivals.get(attempt.montant)
    if (!seen) continue
    received += seen.at.length
    for (const at of seen.at) delays.push(at - seen.acceptedAt)
  }
  const latencies = load.attempts.map((attempt) => attempt.latencyMs)
  return {
    engine,
    phase,
    attempts: load.attempts.length,
    requestsPerSecond: load.attempts.length / load.elapsedSeconds,
    accepted: accepted.length,
    acceptedPerSecond: accepted.length / load.elapsedSeconds,
    statuses: countStatuses(load.attempts),
    errors: load.attempts.filter((attempt) => ![200, 400, 409, 503].includes(attempt.status)).length,
    overloadedShare:
      load.attempts.filter((attempt) => attempt.status === 503).length / Math.max(1, load.attempts.length),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    sentLateP99: percentile(
      load.attempts.map((attempt) => attempt.sentLateMs),
      99,
    ),
    peakRssKb: load.peakRssKb,
    cpuPerRequestMs: load.cpuMs / Math.max(1, load.attempts.length),
    eventsExpected: accepted.length * pages,
    eventsReceived: received,
    liveP50: percentile(delays, 50),
    liveP99: percentile(delays, 99),
    liveMax: delays.reduce((max, value) => Math.max(max, value), Number.NEGATIVE_INFINITY),
    visits: load.visits.latencies.length + load.visits.failures,
    visitP50: percentile(load.visits.latencies, 50),
    visitP99: percentile(load.visits.latencies, 99),
    visitFailures: load.visits.failures,
  }
}

/** Invariants after the run (issue #4 §4): unique accepted amounts, rising in time, price = best bid. */
async function checkStored(opened: OpenedDatabase, enchereId: string, accepted: number): Promise<string> {
  const db = opened.db
  const bids = await db
    .select({ montant: mises.montant, cree_le: mises.cree_le })
    .from(mises)
    .where(eq(mises.enchere_id, enchereId))
    .orderBy(asc(mises.cree_le), asc(mises.montant))
  const [auction] = await db
    .select({ prix: encheres.prix_actuel })
    .from(encheres)
    .where(eq(encheres.id, enchereId))
  const [duplicates] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select montant from mises where enchere_id = ${enchereId} group by montant having count(*) > 1) d`,
  )
  const cents = bids.map((bid) => Math.round(Number(bid.montant) * 100))
  const rising = cents.every((value, index) => index === 0 || value > (cents[index - 1] ?? 0))
  const best = cents.length ? Math.max(...cents) : 100
  const problems = []
  // More stored than acknowledged: bids whose answer came after the client's time-out (not lost).
  if (bids.length < accepted) problems.push(`${bids.length} mises en base pour ${accepted} acceptées`)
  const unanswered = bids.length - accepted
  if ((duplicates?.n ?? 0) > 0) problems.push(`${duplicates?.n} montants en double`)
  if (!rising) problems.push('montants non croissants dans le temps')
  if (Math.round(Number(auction?.prix ?? 0) * 100) !== best)
    problems.push(`prix_actuel ${auction?.prix} ≠ meilleure mise`)
  return problems.length
    ? `ÉCHEC : ${problems.join(', ')}`
    : `ok (${bids.length} mises, prix final ${auction?.prix} €${unanswered > 0 ? ` ; ${unanswered} enregistrées après le délai du client` : ''})`
}

type EngineResult = {
  engine: string
  load: number
  idleRssKb: number
  pagesRssKb: number
  pagesOpen: number
  phases: PhaseResult[]
  check: string
  /** E-mails the mail relay received during the run. */
  emails: number
  /** The open loop's bids with the warm-up's: how many, and their p99 latency (ms). */
  withWarmUp: { bids: number; p99: number }
  /** The bid desks' batches over the run, every instance summed (issue #34 §6). */
  batches: DeskCounts
}

async function runEngine(engine: Engine, dataDir: string): Promise<EngineResult> {
  print(`\n— ${engine.name} : préparation (${bidders * ADDRESSES_PER_BIDDER} adresses validées)…`)
  let opened = await engine.open()
  let enchereId: string
  try {
    enchereId = await prepare(opened)
  } finally {
    if (engine.name === 'PGlite') await opened.close()
  }
  const cookies = await bidderCookies(enchereId, dataDir)
  const mail = await startSmtpSink()
  const site = await startSite(engine, dataDir, mail.url)
  const { server } = site
  try {
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    const idleRssKb = residentKb(server.pid)
    const knownPrice = { cents: 100 }
    const pages = openPages(pageCount, (cents) => {
      if (cents > knownPrice.cents) knownPrice.cents = cents
    })
    const openedBy = Date.now() + 60_000
    while (pages.snapshots() + pages.failures() < pageCount && Date.now() < openedBy) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    const pagesRssKb = residentKb(server.pid)
    const pagesOpen = pages.snapshots()
    const load = os.loadavg()[0] ?? 0
    print(
      `  ${pagesOpen}/${pageCount} pages ouvertes ; boucle ouverte : ${rate} mises/s pendant ${warmUpSeconds > 0 ? `${warmUpSeconds} s de mise en route, puis ` : ''}${openLoopSeconds} s (charge de la machine : ${load.toFixed(1)})…`,
    )
    await openBidderConnections()
    const phases: PhaseResult[] = []
    const warmUpLatencies: number[] = []
    if (warmUpSeconds > 0) {
      // The first bids of a fresh process run its code cold (not yet compiled by V8): shown apart.
      const warmUp = await runOpenLoop(site, cookies, knownPrice, warmUpSeconds)
      for (const attempt of warmUp.attempts) warmUpLatencies.push(attempt.latencyMs)
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      phases.push(summarize(engine.name, WARM_UP_PHASE, warmUp, await pages.arrivals(), pagesOpen))
    }
    const openLoop = await runOpenLoop(site, cookies, knownPrice, openLoopSeconds)
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    phases.push(
      summarize(engine.name, `boucle ouverte ${rate}/s`, openLoop, await pages.arrivals(), pagesOpen),
    )
    const bothLatencies = [...warmUpLatencies, ...openLoop.attempts.map((attempt) => attempt.latencyMs)]
    const withWarmUp = { bids: bothLatencies.length, p99: percentile(bothLatencies, 99) }
    let accepted = phases.reduce((sum, phase) => sum + phase.accepted, 0)
    if (saturationSeconds > 0) {
      print(`  saturation : ${bidders} enchérisseurs pendant ${saturationSeconds} s…`)
      const saturation = await runSaturation(site, cookies, knownPrice)
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      const result = summarize(engine.name, 'saturation', saturation, await pages.arrivals(), pagesOpen)
      phases.push(result)
      accepted += result.accepted
    }
    await pages.close()
    const batches = await bidBatches(site.instances)
    await site.stop()
    const emails = await mail.count()
    if (engine.name === 'PGlite') opened = await engine.open()
    const check = await checkStored(opened, enchereId, accepted)
    await opened.close()
    return {
      engine: engine.name,
      load,
      idleRssKb,
      pagesRssKb,
      pagesOpen,
      phases,
      check,
      emails,
      withWarmUp,
      batches,
    }
  } finally {
    await site.stop()
    await mail.close()
    await engine.cleanup()
  }
}

function pgliteEngine(dataDir: string): Engine {
  return {
    name: 'PGlite',
    env: {},
    open: () => openDatabase({ dataDir }),
    cleanup: async () => undefined,
  }
}

async function postgresEngine(serverUrl: string, topology?: 'production'): Promise<Engine> {
  const scratch = await scratchPostgresDatabase(serverUrl, `encre_bench_${process.pid}`)
  let opened: OpenedDatabase | undefined
  return {
    name: topology ? 'nginx + 2 × PostgreSQL' : 'PostgreSQL',
    topology,
    env: { DATABASE_URL: scratch.url },
    open: async () => {
      opened = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 })
      return opened
    },
    cleanup: async () => {
      await opened?.close()
      await scratch.drop()
    },
  }
}

/**
 * Runs the auction benchmark on PGlite, then on PostgreSQL when BENCH_DATABASE_URL is set — with
 * `--topology production`, as production runs (README, Production): nginx in front of two
 * instances on that PostgreSQL server, TRUST_PROXY=1, instead of one process on it.
 */
export async function runAuctionBench(): Promise<void> {
  const topologyFlag = process.argv.indexOf('--topology')
  const topology = topologyFlag > 0 ? process.argv[topologyFlag + 1] : undefined
  if (topology !== undefined && topology !== 'production')
    throw new Error(`Topologie inconnue : ${topology} (seule « production » existe).`)
  if (topology && !process.env.BENCH_DATABASE_URL)
    throw new Error('La topologie de production a besoin de BENCH_DATABASE_URL (un serveur PostgreSQL).')
  if (!fs.existsSync('build/server/index.js'))
    throw new Error('Pas de build : lancez `npm run bench -- auction`.')
  print(
    `Banc d'essai des enchères : ${bidders} enchérisseurs, ${pageCount} pages ouvertes ; ${machineLine()}.`,
  )
  const results: EngineResult[] = []
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-bench-enchere-'))
  try {
    if (process.env.BENCH_SKIP_PGLITE !== '1') results.push(await runEngine(pgliteEngine(dataDir), dataDir))
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  const serverUrl = process.env.BENCH_DATABASE_URL
  if (serverUrl) {
    const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-bench-enchere-pg-'))
    try {
      results.push(await runEngine(await postgresEngine(serverUrl, topology), pgDataDir))
    } finally {
      fs.rmSync(pgDataDir, { recursive: true, force: true })
    }
  } else {
    print(
      '\n(PostgreSQL non mesuré : définissez BENCH_DATABASE_URL=postgres://… pour un serveur où créer une base jetable.)',
    )
  }

  const phases = results.flatMap((result) => result.phases)
  const phaseColumns: Array<[string, (phase: PhaseResult) => string]> = [
    ['Moteur', (phase) => phase.engine],
    ['Phase', (phase) => phase.phase],
  ]
  print('\nMises (POST /enchere/{lien}/mise, comme le script de la page) :\n')
  columnsTable(phases, [
    ...phaseColumns,
    ['Requêtes', (phase) => String(phase.attempts)],
    ['Requêtes/s', (phase) => phase.requestsPerSecond.toFixed(1)],
    ['Acceptées/s', (phase) => phase.acceptedPerSecond.toFixed(1)],
    ['Erreurs', (phase) => String(phase.errors)],
    ['503 (part)', (phase) => `${(phase.overloadedShare * 100).toFixed(1)} %`],
    ['p50 (ms)', (phase) => ms(phase.p50)],
    ['p99 (ms)', (phase) => ms(phase.p99)],
    ["dont retard d'envoi, p99 (ms)", (phase) => ms(phase.sentLateP99)],
    ['RSS max', (phase) => mb(phase.peakRssKb)],
    ['CPU/requête (ms)', (phase) => phase.cpuPerRequestMs.toFixed(2)],
  ])
  if (warmUpSeconds > 0) {
    print('\nBoucle ouverte, mise en route comprise :')
    for (const result of results) {
      print(`  ${result.engine} : ${result.withWarmUp.bids} mises, p99 ${ms(result.withWarmUp.p99)} ms`)
    }
  }
  print("\nÉvènements en direct sur les pages ouvertes, depuis l'acceptation de la mise (son creeLe) :\n")
  columnsTable(phases, [
    ...phaseColumns,
    ['Reçus/attendus', (phase) => `${phase.eventsReceived}/${phase.eventsExpected}`],
    ['p50 (ms)', (phase) => ms(phase.liveP50)],
    ['p99 (ms)', (phase) => ms(phase.liveP99)],
    ['max (ms)', (phase) => ms(phase.liveMax)],
  ])
  print(
    `\nNouveaux visiteurs pendant la charge (une nouvelle connexion toutes les ${VISIT_INTERVAL_MS} ms, page de l'enchère) :\n`,
  )
  columnsTable(phases, [
    ...phaseColumns,
    ['Visites', (phase) => String(phase.visits)],
    ['Échecs', (phase) => String(phase.visitFailures)],
    ['p50 (ms)', (phase) => ms(phase.visitP50)],
    ['p99 (ms)', (phase) => ms(phase.visitP99)],
  ])
  print('\nMémoire du serveur (RSS) :\n')
  columnsTable(results, [
    ['Moteur', (result) => result.engine],
    ['Charge', (result) => result.load.toFixed(1)],
    ['Au repos', (result) => mb(result.idleRssKb)],
    ['Pages ouvertes', (result) => String(result.pagesOpen)],
    ['Avec les pages', (result) => mb(result.pagesRssKb)],
    ['Coût des pages', (result) => mb(result.pagesRssKb - result.idleRssKb)],
  ])
  print('\nRéponses par statut :')
  for (const phase of phases) print(`  ${phase.engine}, ${phase.phase} : ${phase.statuses}`)
  print('\nVérification en base après la mesure :')
  for (const result of results) print(`  ${result.engine} : ${result.check}`)
  print('\nLots de mises (GET /healthz de chaque instance) : décidés de mémoire, repris sous le verrou :')
  for (const { engine, batches } of results) {
    print(
      `  ${engine} : ${batches.batches} lots, ${batches.retriedUnderLock} repris sous le verrou (une autre écriture était passée), ${batches.decidedUnderLock} décidés d'emblée sous le verrou`,
    )
  }
  print('\nE-mails reçus par le relais SMTP :')
  for (const result of results) print(`  ${result.engine} : ${result.emails}`)
}
