/**
 * Benchmark (issue #2 §9, issue #8 §4) — not a test: `npm run bench` builds, then this script
 * starts the compiled production server (build/server.js) on the demo content in a temporary
 * DATA_DIR, measures requests per second and latency (p50/p99, ms) with autocannon for the home
 * page, an artwork page and an article page at 10 and 100 connections, the server's resident
 * memory (VmRSS of /proc/<pid>/status: idle after the first start with the demo seed, and the
 * highest sample under load), the time a restart on the existing database takes to serve the home
 * page, then the gzip size of the JavaScript each public page loads against
 * its budget (tests/support/page-javascript.ts, the measure of the budget test) and Lighthouse's
 * mobile figures of each page (bench/lighthouse.ts: medians of perf, accessibility, best
 * practices, SEO, FCP, LCP, TBT, CLS; first a minimal HTML page served beside them, the floor of
 * this machine and Chromium), prints the tables and stops the server. It runs on PGlite,
 * then again on PostgreSQL when BENCH_DATABASE_URL names a server where a scratch database may be
 * created and dropped; sizes and Lighthouse are measured once, with the last engine. Everything
 * stays on 127.0.0.1; every load is bounded in time.
 *
 * Options (environment): BENCH_PORT (default 3300), BENCH_SECONDS per measurement (default 10),
 * BENCH_DATABASE_URL (PostgreSQL server, optional), BENCH_LIGHTHOUSE_RUNS per page (default 5,
 * 0 skips Lighthouse).
 * `npm run bench -- auction` runs the auction benchmark instead (bench/auction.ts);
 * `npm run bench -- scale` the benchmark at 100× the demo (bench/scale.ts, issue #35 §5);
 * `npm run bench -- pages` measures only the last engine's JavaScript sizes and Lighthouse figures
 * (no load, no memory): the quiet quarter of an hour a Lighthouse median needs.
 */
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { pageJavaScript, publicPages } from '../tests/support/page-javascript'
import { chromiumVersion, prepareLighthouse, printLighthouse, serveReferencePage } from './lighthouse'
import {
  BROWSER_HEADERS,
  machineLine,
  print,
  residentKb,
  scratchPostgresDatabase,
  spawnServer,
  stopServer,
  table,
} from './support'

const port = Number(process.env.BENCH_PORT ?? 3300)
const seconds = Math.min(Math.max(Number(process.env.BENCH_SECONDS ?? 10), 1), 60)
const origin = `http://127.0.0.1:${port}`
/** Server start (migrations and demo images) may take a while on 2 cores. */
const START_TIMEOUT_MS = 600_000
const CONNECTIONS = [10, 100] as const
/** Lighthouse passes per page (median kept); 0 skips Lighthouse. */
const lighthouseRuns = Math.min(Math.max(Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5), 0), 9)

function startServer(dataDir: string, databaseUrl: string): ChildProcess {
  const child = spawnServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SITE_URL: origin,
    SEED_DEMO: 'true',
  })
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') {
      console.error(`Le serveur s'est arrêté (code ${code ?? signal}).`)
      process.exit(1)
    }
  })
  return child
}

/** Waits until the home page answers 200, polling every `pollMs` (ms). */
async function waitUntilReady(pollMs = 500): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${origin}/`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
  throw new Error(`Le serveur n'a pas répondu en ${START_TIMEOUT_MS / 1000} s.`)
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
  const result = await autocannon({
    url: `${origin}${route}`,
    connections,
    duration: seconds,
    timeout: 10,
    headers: BROWSER_HEADERS,
  })
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

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} Ko`
const mb = (kilobytes: number) => `${(kilobytes / 1024).toFixed(0)} Mo`

type Engine = { name: string; databaseUrl: string; cleanup: () => Promise<void> }

/** A scratch database on the PostgreSQL server of `serverUrl`, dropped by `cleanup`. */
async function postgresEngine(serverUrl: string): Promise<Engine> {
  const scratch = await scratchPostgresDatabase(serverUrl, `encre_bench_pages_${process.pid}`)
  return { name: 'PostgreSQL', databaseUrl: scratch.url, cleanup: scratch.drop }
}

/**
 * Opens an active auction in the bench's PostgreSQL database (the server reads it at its next
 * request: the auction page is never cached), so Lighthouse measures a real auction page.
 *
 * @param databaseUrl - the scratch database of the PostgreSQL engine.
 * @returns the auction page's path (/enchere/{lien_prive}).
 */
async function openBenchAuction(databaseUrl: string): Promise<string> {
  const link = `mesure-${Date.now().toString(36)}`
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(
      `insert into encheres (oeuvre_id, nom, prix_depart, prix_actuel, date_debut, date_fin, statut, lien_prive)
       values ((select id from oeuvres limit 1), 'Enchère de mesure', 120, 120,
               now() - interval '1 minute', now() + interval '3 hours', 'active', $1)`,
      [link],
    )
  } finally {
    await client.end()
  }
  return `/enchere/${link}`
}

async function main() {
  if (!fs.existsSync('build/server.js')) throw new Error('Pas de build : lancez `npm run bench`.')
  const engines: Engine[] = [{ name: 'PGlite', databaseUrl: '', cleanup: async () => undefined }]
  const serverUrl = process.env.BENCH_DATABASE_URL
  if (serverUrl) engines.push(await postgresEngine(serverUrl))
  else
    print(
      '(PostgreSQL non mesuré : définissez BENCH_DATABASE_URL=postgres://… pour un serveur où créer une base jetable.)',
    )
  const pagesOnly = process.argv[2] === 'pages'
  for (const [index, engine] of engines.entries()) {
    if (pagesOnly && index < engines.length - 1) continue
    try {
      await benchEngine(engine, index === engines.length - 1, pagesOnly)
    } finally {
      await engine.cleanup()
    }
  }
}

/** Prints the throughput table and the resident memory of one engine. */
function printLoad(measures: Measure[], idleKb: number, loadKb: number) {
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

  print(
    `\nMémoire résidente du serveur (VmRSS) : au repos ${mb(idleKb)}, sous charge (maximum) ${mb(loadKb)}.`,
  )
}

/** Measures one engine; the JavaScript sizes (the same on both) are printed with the last one. */
async function benchEngine(engine: Engine, withSizes: boolean, pagesOnly = false) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-bench-'))
  let server = startServer(dataDir, engine.databaseUrl)
  try {
    const startedAt = Date.now()
    await waitUntilReady()
    print(
      `\n## ${engine.name}\n\nServeur prêt en ${((Date.now() - startedAt) / 1000).toFixed(1)} s (démo semée ; ${machineLine()}).`,
    )
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    const idleKb = residentKb(server.pid)

    const pages = await publicPages(origin)
    const pathOf = (label: string) => pages.find((page) => page.label === label)?.path ?? '/'
    const loadRoutes = pagesOnly ? [] : ['/', pathOf('œuvre'), pathOf('article')]

    let loadKb = 0
    const sampler = setInterval(() => {
      loadKb = Math.max(loadKb, residentKb(server.pid))
    }, 250)
    for (const route of loadRoutes)
      await autocannon({ url: `${origin}${route}`, connections: 10, duration: 2, headers: BROWSER_HEADERS })
    const measures: Measure[] = []
    for (const connections of pagesOnly ? [] : CONNECTIONS) {
      for (const route of loadRoutes) measures.push(await measure(route, connections))
    }
    clearInterval(sampler)
    if (!pagesOnly) {
      printLoad(measures, idleKb, loadKb)
      // Issue #8 §3: a restart on an existing database serves within 2 s.
      await stopServer(server)
      const restartedAt = Date.now()
      server = startServer(dataDir, engine.databaseUrl)
      await waitUntilReady(50)
      print(
        `\nRedémarrage sur la base existante : première page servie en ${((Date.now() - restartedAt) / 1000).toFixed(2)} s (objectif ≤ 2 s).`,
      )
    }
    if (!withSizes) return

    const sizes = []
    for (const page of pages) sizes.push({ ...page, ...(await pageJavaScript(origin, page.path)) })
    print('\nJavaScript chargé par page (fichiers /assets, gzip niveau 6) :\n')
    table(
      ['Page', 'Chemin', 'Fichiers', 'Brut', 'gzip', 'Budget'],
      sizes.map((item) => [
        item.label,
        item.path,
        String(item.files),
        kb(item.raw),
        kb(item.gzip),
        `${kb(item.budget)} ${item.gzip <= item.budget ? 'tenu' : 'DÉPASSÉ'}`,
      ]),
    )

    if (lighthouseRuns === 0) return
    const tools = prepareLighthouse()
    print(
      `\nLighthouse 12, mobile par défaut, médiane de ${lighthouseRuns} passages par page (${chromiumVersion()}) ;` +
        ' la référence est une page HTML minimale servie à côté : le plancher de cette machine.\n',
    )
    const auctionPath = engine.databaseUrl ? await openBenchAuction(engine.databaseUrl) : null
    if (!auctionPath)
      print("(Page d'enchère mesurée sur PostgreSQL seulement : l'enchère y est créée par la base.)\n")
    const reference = await serveReferencePage()
    printLighthouse(
      tools,
      [{ label: 'référence (HTML nu)', url: reference.url }].concat(
        pages.flatMap((page) => {
          const isAuction = page.path.startsWith('/enchere/')
          if (isAuction && !auctionPath) return []
          return [{ label: page.label, url: `${origin}${isAuction ? auctionPath : page.path}` }]
        }),
      ),
      lighthouseRuns,
    )
    await reference.close()
  } finally {
    await stopServer(server)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

// `npm run bench -- auction`: the auction benchmark (bench/auction.ts) instead of the pages';
// `npm run bench -- scale`: every page, screen and command on the demo and at 100× (bench/scale.ts).
const run =
  process.argv[2] === 'auction'
    ? () => import('./auction').then((bench) => bench.runAuctionBench())
    : process.argv[2] === 'scale'
      ? () => import('./scale').then((bench) => bench.runScaleBench())
      : main

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
