/**
 * Auction benchmark (issue #4 §9) — not a test: `npm run bench -- auction`. For each engine
 * (PGlite always; PostgreSQL when BENCH_DATABASE_URL names a server where a scratch database may
 * be created and dropped), it prepares an active auction and validated addresses, starts the
 * production server, then for BENCH_SECONDS (default 30) runs 200 concurrent bidders over HTTP
 * while one more connection follows the auction's Server-Sent Events. It prints accepted bids
 * per second, the p50/p99 latency of the bid request, the delay between a bidder receiving
 * "accepted" and the SSE connection receiving that bid, and checks the stored result.
 *
 * How the bidders look to the server (documented, not hidden):
 * - Addresses are validated before the server starts by inserting `validations_email` rows
 *   (valide = true), exactly what the e-mail link's validation writes; the link flow itself is
 *   covered by the browser test. 200 bidders × 40 addresses, so the per-address limit (10 bids a
 *   minute) does not cap a bidder that bids several times a second.
 * - Each request comes from its own address through `X-Forwarded-For` (TRUST_PROXY=true), so the
 *   per-IP limit (30 a minute) does not cap the run either; both limiters still run on every
 *   request, so their cost is measured.
 * - A bid is what the page's JavaScript sends: POST /enchere/{link}.data (React Router single
 *   fetch) with the form's fields; the page's follow-up revalidation GET is not replayed.
 * - A bidder offers the last price it heard of (its own answers and the SSE stream) + 1 to 5 €:
 *   many bids race and lose, as in a real last minute.
 *
 * Options (environment): BENCH_PORT (default 3135), BENCH_SECONDS (default 30, 5–120),
 * BENCH_BIDDERS (default 200), BENCH_DATABASE_URL (PostgreSQL server, optional).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { asc, eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { type OpenedDatabase, openDatabase, queryRows } from '#app/db/client.server'
import { encheres, mises, validationsEmail } from '#app/db/schema'

const port = Number(process.env.BENCH_PORT ?? 3135)
const seconds = Math.min(Math.max(Number(process.env.BENCH_SECONDS ?? 30), 5), 120)
const bidders = Math.min(Math.max(Number(process.env.BENCH_BIDDERS ?? 200), 1), 1000)
const ADDRESSES_PER_BIDDER = 40
const origin = `http://127.0.0.1:${port}`
const LINK = `bench-${crypto.randomBytes(12).toString('base64url')}`
const START_TIMEOUT_MS = 120_000
const REQUEST_TIMEOUT_MS = 30_000

const print = (line = '') => process.stdout.write(`${line}\n`)

type Engine = {
  name: 'PGlite' | 'PostgreSQL'
  env: Record<string, string>
  open: () => Promise<OpenedDatabase>
  cleanup: () => Promise<void>
}

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

function startServer(env: Record<string, string>, dataDir: string): ChildProcess {
  const child = spawn(process.execPath, ['build/server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      SITE_URL: origin,
      SEED_DEMO: 'false',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'mesure@exemple.fr',
      ADMIN_PASSWORD: crypto.randomBytes(18).toString('base64url'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return child
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return
  const exited = new Promise((resolve) => server.once('exit', resolve))
  server.kill('SIGTERM')
  await exited
}

async function waitUntilReady(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`Le serveur s'est arrêté (code ${server.exitCode}).`)
    try {
      const response = await fetch(`${origin}/enchere/${LINK}`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  throw new Error(`Le serveur n'a pas répondu en ${START_TIMEOUT_MS / 1000} s.`)
}

type SseBid = { montant: string; at: number }

/** Follows the auction's SSE stream; records when each bid arrives (by amount: accepted amounts are unique). */
function followStream(signal: AbortSignal, onPrice: (cents: number) => void) {
  const received = new Map<string, SseBid>()
  let snapshots = 0
  const done = (async () => {
    const response = await fetch(`${origin}/enchere/${LINK}/evenements`, { signal })
    if (!response.ok || !response.body) throw new Error(`Flux SSE : statut ${response.status}`)
    const reader = response.body.getReader()
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for (;;) {
        const { value, done: ended } = await reader.read()
        if (ended) break
        const at = performance.now()
        buffer += decoder.decode(value, { stream: true })
        let cut = buffer.indexOf('\n\n')
        while (cut >= 0) {
          const block = buffer.slice(0, cut)
          buffer = buffer.slice(cut + 2)
          const event = /^event: (\w+)$/m.exec(block)?.[1]
          const data = /^data: (.*)$/m.exec(block)?.[1]
          if (event === 'snapshot') snapshots++
          if (event === 'bid' && data) {
            const payload = JSON.parse(data) as { mise: { montant: string } }
            received.set(payload.mise.montant, { montant: payload.mise.montant, at })
            onPrice(Math.round(Number(payload.mise.montant) * 100))
          }
          cut = buffer.indexOf('\n\n')
        }
      }
    } catch (error) {
      if (!signal.aborted) throw error
    }
  })()
  return { received, snapshots: () => snapshots, done }
}

type Attempt = { status: number; latencyMs: number; montant: string; sentAt: number; answeredAt: number }

async function runBidders(deadline: number, knownPrice: { cents: number }): Promise<Attempt[]> {
  const attempts: Attempt[] = []
  let ipCounter = 0
  const nextIp = () => {
    ipCounter++
    return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`
  }
  async function bidder(id: number) {
    let turn = 0
    while (performance.now() < deadline) {
      const cents = knownPrice.cents + 100 * (1 + Math.floor(Math.random() * 5))
      const montant = (cents / 100).toFixed(2)
      const body = new URLSearchParams({
        prenom: `Bidder${id}`,
        nom: 'Mesure',
        email: address(id, turn % ADDRESSES_PER_BIDDER),
        telephone: '06 12 34 56 78',
        montant,
      })
      turn++
      const started = performance.now()
      let status = 0
      try {
        const response = await fetch(`${origin}/enchere/${LINK}.data`, {
          method: 'POST',
          body,
          headers: { Origin: origin, 'X-Forwarded-For': nextIp() },
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        })
        status = response.status
        await response.arrayBuffer()
      } catch {
        status = 0
      }
      const answeredAt = performance.now()
      attempts.push({ status, latencyMs: answeredAt - started, montant, sentAt: started, answeredAt })
      if (status === 200 && cents > knownPrice.cents) knownPrice.cents = cents
    }
  }
  await Promise.all(Array.from({ length: bidders }, (_, index) => bidder(index)))
  return attempts
}

/** 'status × count' for each status seen, e.g. '500 × 2, délai/erreur réseau × 3'. */
function countStatuses(attempts: Attempt[]): string {
  const counts = new Map<string, number>()
  for (const attempt of attempts) {
    const key = attempt.status === 0 ? 'délai/erreur réseau' : String(attempt.status)
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return [...counts].map(([status, count]) => `${status} × ${count}`).join(', ')
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  )
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '—')

type Result = {
  engine: string
  attempts: number
  accepted: number
  refused: number
  limited: number
  other: number
  /** The other answers by status, e.g. '500 × 2, délai/erreur réseau × 3'. */
  otherStatuses: string
  acceptedPerSecond: number
  p50: number
  p99: number
  acceptedP50: number
  acceptedP99: number
  sseSeen: number
  sseP50: number
  sseP99: number
  sseMax: number
  /** From the bid request being sent to the SSE event: an upper bound of acceptance → event. */
  sseFromSendingP50: number
  sseFromSendingP99: number
  requestsPerSecond: number
  /** The machine's 1-minute load average when the run started (the machine may be shared). */
  load: number
  check: string
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
  if (bids.length !== accepted) problems.push(`${bids.length} mises en base pour ${accepted} acceptées`)
  if ((duplicates?.n ?? 0) > 0) problems.push(`${duplicates?.n} montants en double`)
  if (!rising) problems.push('montants non croissants dans le temps')
  if (Math.round(Number(auction?.prix ?? 0) * 100) !== best)
    problems.push(`prix_actuel ${auction?.prix} ≠ meilleure mise`)
  return problems.length
    ? `ÉCHEC : ${problems.join(', ')}`
    : `ok (${bids.length} mises, prix final ${auction?.prix} €)`
}

async function runEngine(engine: Engine, dataDir: string): Promise<Result> {
  print(`\n— ${engine.name} : préparation (${bidders * ADDRESSES_PER_BIDDER} adresses validées)…`)
  let opened = await engine.open()
  let enchereId: string
  try {
    enchereId = await prepare(opened)
  } finally {
    if (engine.name === 'PGlite') await opened.close()
  }
  const server = startServer(engine.env, dataDir)
  try {
    await waitUntilReady(server)
    const knownPrice = { cents: 100 }
    const stop = new AbortController()
    const stream = followStream(stop.signal, (cents) => {
      if (cents > knownPrice.cents) knownPrice.cents = cents
    })
    while (stream.snapshots() === 0) await new Promise((resolve) => setTimeout(resolve, 50))
    const load = os.loadavg()[0] ?? 0
    print(`  ${bidders} enchérisseurs pendant ${seconds} s (charge de la machine : ${load.toFixed(1)})…`)
    const startedAt = performance.now()
    const attempts = await runBidders(startedAt + seconds * 1000, knownPrice)
    const elapsed = (performance.now() - startedAt) / 1000
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    stop.abort()
    await stream.done.catch(() => undefined)

    const accepted = attempts.filter((attempt) => attempt.status === 200)
    const seen = accepted.flatMap((attempt) => {
      const event = stream.received.get(attempt.montant)
      return event
        ? [{ fromAnswer: event.at - attempt.answeredAt, fromSending: event.at - attempt.sentAt }]
        : []
    })
    const delays = seen.map((item) => item.fromAnswer)
    const fromSending = seen.map((item) => item.fromSending)
    await stopServer(server)
    if (engine.name === 'PGlite') opened = await engine.open()
    const check = await checkStored(opened, enchereId, accepted.length)
    await opened.close()
    return {
      engine: engine.name,
      attempts: attempts.length,
      accepted: accepted.length,
      refused: attempts.filter((attempt) => attempt.status === 400).length,
      limited: attempts.filter((attempt) => attempt.status === 429).length,
      other: attempts.filter((attempt) => ![200, 400, 429].includes(attempt.status)).length,
      otherStatuses: countStatuses(attempts.filter((attempt) => ![200, 400, 429].includes(attempt.status))),
      acceptedPerSecond: accepted.length / elapsed,
      p50: percentile(
        attempts.map((attempt) => attempt.latencyMs),
        50,
      ),
      p99: percentile(
        attempts.map((attempt) => attempt.latencyMs),
        99,
      ),
      acceptedP50: percentile(
        accepted.map((attempt) => attempt.latencyMs),
        50,
      ),
      acceptedP99: percentile(
        accepted.map((attempt) => attempt.latencyMs),
        99,
      ),
      sseSeen: delays.length,
      sseP50: percentile(delays, 50),
      sseP99: percentile(delays, 99),
      sseMax: delays.length ? Math.max(...delays) : Number.NaN,
      sseFromSendingP50: percentile(fromSending, 50),
      sseFromSendingP99: percentile(fromSending, 99),
      requestsPerSecond: attempts.length / elapsed,
      load,
      check,
    }
  } finally {
    await stopServer(server)
    await engine.cleanup()
  }
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

function pgliteEngine(dataDir: string): Engine {
  return {
    name: 'PGlite',
    env: {},
    open: () => openDatabase({ dataDir }),
    cleanup: async () => undefined,
  }
}

async function postgresEngine(serverUrl: string): Promise<Engine> {
  const name = `encre_bench_${process.pid}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`drop database if exists "${name}"`)
  await admin.query(`create database "${name}"`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  let opened: OpenedDatabase | undefined
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: url.toString() },
    open: async () => {
      opened = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 })
      return opened
    },
    cleanup: async () => {
      await opened?.close()
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      await client.query(`drop database if exists "${name}" with (force)`)
      await client.end()
    },
  }
}

/** Runs the auction benchmark on PGlite, then on PostgreSQL when BENCH_DATABASE_URL is set. */
export async function runAuctionBench(): Promise<void> {
  if (!fs.existsSync('build/server/index.js'))
    throw new Error('Pas de build : lancez `npm run bench -- auction`.')
  print(`Banc d'essai des enchères : ${bidders} enchérisseurs, ${seconds} s, ${os.cpus().length} cœurs.`)
  const results: Result[] = []
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-bench-enchere-'))
  try {
    results.push(await runEngine(pgliteEngine(dataDir), dataDir))
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  const serverUrl = process.env.BENCH_DATABASE_URL
  if (serverUrl) {
    const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-bench-enchere-pg-'))
    try {
      results.push(await runEngine(await postgresEngine(serverUrl), pgDataDir))
    } finally {
      fs.rmSync(pgDataDir, { recursive: true, force: true })
    }
  } else {
    print(
      '\n(PostgreSQL non mesuré : définissez BENCH_DATABASE_URL=postgres://… pour un serveur où créer une base jetable.)',
    )
  }

  print('\nMises (POST /enchere/{lien}.data) :\n')
  table(
    [
      'Moteur',
      'Charge',
      'Requêtes',
      'Requêtes/s',
      'Acceptées',
      'Acceptées/s',
      'Refusées',
      '429',
      'Autres',
      'p50 (ms)',
      'p99 (ms)',
      'p50 acceptées',
      'p99 acceptées',
    ],
    results.map((result) => [
      result.engine,
      result.load.toFixed(1),
      String(result.attempts),
      result.requestsPerSecond.toFixed(1),
      String(result.accepted),
      result.acceptedPerSecond.toFixed(1),
      String(result.refused),
      String(result.limited),
      String(result.other),
      ms(result.p50),
      ms(result.p99),
      ms(result.acceptedP50),
      ms(result.acceptedP99),
    ]),
  )
  print(
    "\nDélai jusqu'à l'évènement SSE reçu sur une autre connexion, depuis l'envoi de la mise (borne haute du délai acceptation → évènement) et depuis la réponse « acceptée » (négatif : le flux a devancé la réponse) :\n",
  )
  table(
    [
      'Moteur',
      'Évènements reçus',
      'envoi p50 (ms)',
      'envoi p99 (ms)',
      'réponse p50 (ms)',
      'réponse p99 (ms)',
      'réponse max (ms)',
    ],
    results.map((result) => [
      result.engine,
      `${result.sseSeen}/${result.accepted}`,
      ms(result.sseFromSendingP50),
      ms(result.sseFromSendingP99),
      ms(result.sseP50),
      ms(result.sseP99),
      ms(result.sseMax),
    ]),
  )
  for (const result of results) {
    if (result.otherStatuses) print(`\n${result.engine}, autres réponses : ${result.otherStatuses}`)
  }
  print('\nVérification en base après la mesure :')
  for (const result of results) print(`  ${result.engine} : ${result.check}`)
}
