/**
 * What the two benchmarks (bench/run.ts, bench/auction.ts) share: printing, tables, percentiles,
 * the server's resident memory, how the production server is started and asked on its Unix socket,
 * and a scratch PostgreSQL database. Not a test itself; the integration tests use its server helpers.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import { Readable } from 'node:stream'
import pg from 'pg'

/** Writes one line to stdout. */
export const print = (line = '') => process.stdout.write(`${line}\n`)

/**
 * Prints a Markdown table: first column left-aligned, the others right-aligned.
 * @param headers - column titles; `rows` - one array of cells per row, as many as the headers.
 */
export function table(headers: string[], rows: string[][]): void {
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

/**
 * Prints a Markdown table of `items`, one row each, from column declarations: a title and how to
 * write the item's cell (see {@link table}).
 */
export function columnsTable<T>(
  items: T[],
  columns: Array<[title: string, cell: (item: T) => string]>,
): void {
  table(
    columns.map(([title]) => title),
    items.map((item) => columns.map(([, cell]) => cell(item))),
  )
}

/**
 * The median of `values` (the mean of the two middle ones for an even count).
 * @returns NaN for an empty list, or when a value is NaN (a failed measure).
 */
export function median(values: ArrayLike<number>): number {
  const sorted = Float64Array.from(values).sort()
  if (sorted.length === 0 || Number.isNaN(sorted[sorted.length - 1])) return Number.NaN
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2
}

/**
 * The p-th percentile (nearest rank) of `values`.
 * @param p - 0 to 100. @returns NaN for an empty list.
 */
export function percentile(values: ArrayLike<number>, p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = Float64Array.from(values).sort()
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  )
}

/**
 * How fast this machine runs one thread of JavaScript, to compare figures measured on different
 * days: the host behind a machine of the same kind varies (the same build has measured 1,800 bid
 * requests/s at saturation one day and 700 another). A fixed computation like a request's
 * (JSON written and read back, a page's text escaped), timed five times, median.
 *
 * @returns the median time of the computation, in ms (longer on a slower machine).
 */
export function machineSpeedMs(): number {
  const rows = Array.from({ length: 500 }, (_, index) => ({
    id: index,
    prenom: `Enchérisseur ${index}`,
    montant: (100 + index * 1.5).toFixed(2),
    creeLe: new Date(1_780_000_000_000 + index * 1000).toISOString(),
  }))
  const runs: number[] = []
  for (let run = 0; run < 5; run++) {
    const startedAt = performance.now()
    let size = 0
    for (let turn = 0; turn < 200; turn++) {
      const text = JSON.stringify(rows)
      size += (JSON.parse(text) as unknown[]).length
      size += text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`).length
    }
    // `size` is read, so the engine cannot drop the computation as unused.
    runs.push(performance.now() - startedAt + (size < 0 ? 1 : 0))
  }
  return percentile(runs, 50)
}

/**
 * What a browser says it can decode (Chromium, Firefox): the server compresses as it would for a
 * visitor.
 */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' } as const

/** The line the benchmarks print about the machine: its cores and {@link machineSpeedMs}. */
export function machineLine(): string {
  return `${os.cpus().length} cœurs ; étalon de vitesse : ${machineSpeedMs().toFixed(0)} ms (un même calcul à chaque mesure ; plus long, machine plus lente)`
}

/**
 * Resident memory of a process and of its child processes (the server's live pages process,
 * decision 029), in kB: the process's VmRSS (/proc/<pid>/status), plus what each child holds of
 * its own (Private_Clean + Private_Dirty of /proc/<child>/smaps_rollup) — a child's resident
 * memory also counts the pages of the Node binary it shares with its parent, already in the
 * parent's. 0 for what is unreadable.
 */
export function residentKb(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0) + childrenPrivateKb(pid)
  } catch {
    return 0
  }
}

/**
 * CPU time a process has used so far (user + system, /proc/<pid>/stat), in ms; 0 when unreadable.
 * Compared before and after a phase, it gives what the phase cost the server whatever else the
 * machine runs (a rate of requests a second does not).
 */
export function cpuMs(pid: number | undefined): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command's closing bracket: state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = Number(fields[11]) + Number(fields[12])
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND
  } catch {
    return 0
  }
}

/** The kernel's clock ticks per second for /proc times (USER_HZ: 100 on Linux). */
const CLOCK_TICKS_PER_SECOND = 100

function childrenPrivateKb(pid: number | undefined): number {
  const children = fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' '))
    .filter(Boolean)
  return children.reduce((sum, child) => {
    try {
      const rollup = fs.readFileSync(`/proc/${child}/smaps_rollup`, 'utf8')
      const own = [...rollup.matchAll(/^Private_(?:Clean|Dirty):\s+(\d+)\s+kB/gm)]
      return sum + own.reduce((kb, match) => kb + Number(match[1]), 0) + childrenPrivateKb(Number(child))
    } catch {
      return sum
    }
  }, 0)
}

/**
 * The Node flags of `npm start` (package.json), read from its script so the benchmarks never
 * measure another process than the one the artist runs.
 * @throws Error when the script no longer runs `node {flags} build/server.js`.
 */
function startScriptNodeFlags(): string[] {
  const scripts = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
    .scripts as Record<string, string>
  const flags = /\bnode((?: --\S+)*) build\/server\.js/.exec(scripts.start ?? '')?.[1]
  if (flags === undefined)
    throw new Error('Le script `start` de package.json ne lance plus `node … build/server.js`.')
  return flags.split(' ').filter(Boolean)
}

/**
 * How the benchmarks start the compiled server, with the Node flags of `npm start` (decision 008:
 * `--max-old-space-size=512`). With BENCH_CPU_PROFILE=<folder>, the server also writes its CPU profile there when it stops
 * (`--cpu-prof`; open it in Chrome's DevTools), to see where a measured second goes.
 */
export const SERVER_NODE_ARGS: readonly string[] = [
  ...startScriptNodeFlags(),
  ...(process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : []),
  'build/server.js',
]
/** The environment `npm start` sets (production, glibc keeping at most 2 heaps), and no `.env` file. */
export const SERVER_ENV = { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', ENV_FILE: '' } as const

/**
 * Starts the compiled production server (build/server.js) as `npm start` runs it
 * ({@link SERVER_NODE_ARGS}, {@link SERVER_ENV}), quiet (warnings and errors to this process's
 * stderr), with no mail relay (e-mails written to files) and `env` on top (PORT, DATA_DIR,
 * DATABASE_URL, SITE_URL, SEED_DEMO…).
 * @returns the server's process (stop it with {@link stopServer}).
 */
export function spawnServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [...SERVER_NODE_ARGS], {
    env: { ...process.env, ...SERVER_ENV, SMTP_URL: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

/**
 * Creates an empty database `name` on the PostgreSQL server of `serverUrl` (dropped first if it
 * exists), or a copy of the database `template` of the same server (no one may be connected to it).
 * @returns its URL and a function that drops it (connections forced out).
 */
export async function scratchPostgresDatabase(
  serverUrl: string,
  name: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const run = async (query: string) => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(query)
    } finally {
      await client.end()
    }
  }
  await run(`drop database if exists "${name}"`)
  await run(`create database "${name}"${template ? ` template "${template}"` : ''}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => run(`drop database if exists "${name}" with (force)`) }
}

/**
 * Stops a server started by a bench or a test and waits until its process has exited.
 *
 * @param signal - SIGTERM by default (the server shuts down cleanly); SIGKILL for a crash.
 */
export async function stopServer(server: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return
  const exited = new Promise((resolve) => server.once('exit', resolve))
  server.kill(signal)
  await exited
}

/**
 * A request to the server listening on the Unix socket `socketPath` (`SOCKET_PATH`), answered as
 * `fetch` answers: a streamed `Response`. The `Host` is `127.0.0.1`.
 *
 * @param socketPath - the socket's path.
 * @param pathname - the path and query asked, e.g. `/enchere/abc/evenements`.
 * @param init - the method (default GET), headers and a text body.
 * @throws the connection's error (no server on that socket).
 */
export function fetchOverSocket(
  socketPath: string,
  pathname: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        socketPath,
        path: pathname,
        method: init.method ?? 'GET',
        headers: { host: '127.0.0.1', ...init.headers },
      },
      (answer) => {
        const headers = new Headers()
        for (const [name, value] of Object.entries(answer.headers))
          for (const one of [value ?? []].flat()) headers.append(name, one)
        resolve(
          new Response(Readable.toWeb(answer) as ReadableStream<Uint8Array>, {
            status: answer.statusCode ?? 0,
            headers,
          }),
        )
      },
    )
    request.once('error', reject)
    request.end(init.body)
  })
}
