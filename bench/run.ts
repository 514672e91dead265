/**
 * Benchmark (issue #2 §9) — not a test: `npm run bench` builds, then this script starts the
 * production server on the demo content in a temporary DATA_DIR, measures requests per second and
 * latency (p50/p99, ms) with autocannon for the home page, an artwork page and an article page at
 * 10 and 100 connections, then the gzip size of the JavaScript each public route loads, prints two
 * tables and stops the server. Everything stays on 127.0.0.1; every load is bounded in time.
 *
 * Options (environment): BENCH_PORT (default 3300), BENCH_SECONDS per measurement (default 10).
 * `npm run bench -- auction` runs the auction benchmark instead (bench/auction.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'

const port = Number(process.env.BENCH_PORT ?? 3300)
const seconds = Math.min(Math.max(Number(process.env.BENCH_SECONDS ?? 10), 1), 60)
const origin = `http://127.0.0.1:${port}`
/** Server start (migrations and demo images) may take a while on 2 cores. */
const START_TIMEOUT_MS = 300_000
const CONNECTIONS = [10, 100] as const

const print = (line = '') => process.stdout.write(`${line}\n`)

function startServer(dataDir: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      SITE_URL: origin,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') {
      console.error(`Le serveur s'est arrêté (code ${code ?? signal}).`)
      process.exit(1)
    }
  })
  return child
}

async function waitUntilReady(): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${origin}/`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`Le serveur n'a pas répondu en ${START_TIMEOUT_MS / 1000} s.`)
}

async function getHtml(pathname: string): Promise<string> {
  const response = await fetch(`${origin}${pathname}`)
  if (!response.ok) throw new Error(`${pathname} a répondu ${response.status}`)
  return response.text()
}

/** First href in the page matching `pattern` (e.g. the first artwork link of a category). */
async function firstLink(pathname: string, pattern: RegExp): Promise<string> {
  const html = await getHtml(pathname)
  for (const match of html.matchAll(/href="([^"]+)"/g)) {
    const href = match[1] ?? ''
    if (pattern.test(href)) return href
  }
  throw new Error(`Aucun lien ${pattern} dans ${pathname} : la démo est-elle semée ?`)
}

type Measure = {
  route: string
  connections: number
  rps: number
  p50: number
  p99: number
  timeouts: number
  errors: number
  non2xx: number
}

async function measure(route: string, connections: number): Promise<Measure> {
  const result = await autocannon({ url: `${origin}${route}`, connections, duration: seconds, timeout: 10 })
  return {
    route,
    connections,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    timeouts: result.timeouts,
    errors: result.errors - result.timeouts,
    non2xx: result.non2xx,
  }
}

/** The /assets JavaScript a page loads: module preloads, script src and the entry's dynamic import. */
function scriptAssets(html: string): string[] {
  const found = new Set<string>()
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g))
    found.add(match[1] ?? '')
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) found.add(match[1] ?? '')
  for (const match of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) found.add(match[1] ?? '')
  return [...found].filter((href) => href.startsWith('/assets/') && href.endsWith('.js'))
}

async function javascriptSize(route: string): Promise<{ files: number; raw: number; gzip: number }> {
  const assets = scriptAssets(await getHtml(route))
  let raw = 0
  let gzip = 0
  for (const asset of assets) {
    const body = Buffer.from(await (await fetch(`${origin}${asset}`)).arrayBuffer())
    raw += body.length
    gzip += gzipSync(body).length
  }
  return { files: assets.length, raw, gzip }
}

function table(headers: string[], rows: string[][]): void {
  const widths = headers.map((header, index) =>
    Math.max(header.length, ...rows.map((row) => row[index]?.length ?? 0)),
  )
  const line = (cells: string[]) =>
    `| ${cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index] ?? 0) : cell.padStart(widths[index] ?? 0))).join(' | ')} |`
  print(line(headers))
  print(
    `|${widths.map((width, index) => (index === 0 ? `${'-'.repeat(width + 1)}-` : `${'-'.repeat(width + 1)}:`)).join('|')}|`,
  )
  for (const row of rows) print(line(row))
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} Ko`

async function main() {
  if (!fs.existsSync('build/server/index.js')) throw new Error('Pas de build : lancez `npm run bench`.')
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-bench-'))
  const server = startServer(dataDir)
  try {
    const startedAt = Date.now()
    await waitUntilReady()
    print(
      `Serveur prêt en ${((Date.now() - startedAt) / 1000).toFixed(1)} s (démo semée, ${os.cpus().length} cœurs).`,
    )

    const category = await firstLink('/portfolio', /^\/portfolio\/categorie\/[^/?#]+$/)
    const artwork = await firstLink(category, /^\/portfolio\/oeuvre\/[^/?#]+$/)
    const article = await firstLink('/blog', /^\/blog\/[^/?#]+$/)
    const loadRoutes = ['/', artwork, article]

    for (const route of loadRoutes)
      await autocannon({ url: `${origin}${route}`, connections: 10, duration: 2 })
    const measures: Measure[] = []
    for (const connections of CONNECTIONS) {
      for (const route of loadRoutes) measures.push(await measure(route, connections))
    }
    print(`\nDébit et latence (${seconds} s par mesure, autocannon, délai de réponse maximal 10 s) :\n`)
    table(
      ['Route', 'Connexions', 'Requêtes/s', 'p50 (ms)', 'p99 (ms)', 'Délais dépassés', 'Erreurs', 'Non 2xx'],
      measures.map((item) => [
        item.route,
        String(item.connections),
        item.rps.toFixed(0),
        String(item.p50),
        String(item.p99),
        String(item.timeouts),
        String(item.errors),
        String(item.non2xx),
      ]),
    )

    const routes = [
      '/',
      '/portfolio',
      category,
      artwork,
      '/parcours',
      '/podcasts',
      '/blog',
      article,
      '/contact',
      '/atelier',
      '/mentions-legales',
    ]
    const sizes = []
    for (const route of routes) sizes.push({ route, ...(await javascriptSize(route)) })
    print('\nJavaScript chargé par route (fichiers /assets, gzip niveau 6) :\n')
    table(
      ['Route', 'Fichiers', 'Brut', 'gzip'],
      sizes.map((item) => [item.route, String(item.files), kb(item.raw), kb(item.gzip)]),
    )
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve))
      server.kill('SIGTERM')
      await exited
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

// `npm run bench -- auction`: the auction benchmark (bench/auction.ts) instead of the pages'.
const run =
  process.argv[2] === 'auction' ? () => import('./auction').then((bench) => bench.runAuctionBench()) : main

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
