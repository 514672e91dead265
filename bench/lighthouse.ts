/**
 * Lighthouse for the bench (issue #8 §4): Lighthouse 12 needs Node ≥ 22.19 while the project runs
 * on Node ≥ 20.19, so the bench installs the registry's `node` package and `lighthouse` (pinned
 * below) into node_modules/.cache/encre-bench-lighthouse once, and runs Lighthouse's command
 * line with that Node against Debian's Chromium (/usr/bin/chromium, or CHROME_PATH). Mobile
 * defaults (simulated slow 4G, 4× CPU slowdown); each page is measured `runs` times and the
 * median of each figure is kept.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { median, print, table } from './support'

const NODE_VERSION = '24.21.0'
const LIGHTHOUSE_VERSION = '12.8.2'
const TOOLS_DIR = path.resolve('node_modules/.cache/encre-bench-lighthouse')
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium'
/** Chromium's flags here: headless, no sandbox (root), nothing that reaches the network. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
].join(' ')

/** Medians of one page's runs: category scores out of 100, times in ms. */
export type LighthouseFigures = {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  fcp: number
  lcp: number
  tbt: number
  cls: number
}

/**
 * Installs Node and Lighthouse into the cache folder when missing (npm registry).
 * @returns the paths of that Node and of Lighthouse's command line.
 * @throws when Chromium is missing or the install fails.
 */
export function prepareLighthouse(): { node: string; cli: string } {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`Chromium introuvable (${CHROMIUM}) : apt-get install chromium`)
  const node = path.join(TOOLS_DIR, 'node_modules/node/bin/node')
  const cli = path.join(TOOLS_DIR, 'node_modules/lighthouse/cli/index.js')
  const installed = path.join(TOOLS_DIR, 'versions')
  const wanted = `node@${NODE_VERSION} lighthouse@${LIGHTHOUSE_VERSION}`
  if (!fs.existsSync(cli) || fs.readFileSync(installed, 'utf8') !== wanted) {
    fs.mkdirSync(TOOLS_DIR, { recursive: true })
    execFileSync(
      'npm',
      ['install', '--prefix', TOOLS_DIR, '--no-audit', '--no-fund', '--no-save', ...wanted.split(' ')],
      { stdio: 'ignore' },
    )
    fs.writeFileSync(installed, wanted)
  }
  return { node, cli }
}

/**
 * Runs Lighthouse `runs` times on one URL and keeps the medians.
 *
 * @param tools - from {@link prepareLighthouse}.
 * @throws when a run fails three times in a row (its error output is in the message).
 */
export function lighthouse(
  tools: { node: string; cli: string },
  url: string,
  runs: number,
): LighthouseFigures {
  const reports: LighthouseFigures[] = []
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'encre-lighthouse-')), 'report.json')
  /** Lighthouse sometimes fails to record a trace (NO_NAVSTART): such a run is made again. */
  const attemptsPerRun = 3
  for (let run = 0; run < runs; run++) {
    let failure = ''
    let report: {
      categories: Record<string, { score?: number } | undefined>
      audits: Record<string, { numericValue?: number } | undefined>
    } | null = null
    for (let attempt = 0; attempt < attemptsPerRun && !report; attempt++) {
      const result = spawnSync(
        tools.node,
        [
          tools.cli,
          url,
          '--quiet',
          '--output=json',
          `--output-path=${out}`,
          `--chrome-flags=${CHROME_FLAGS}`,
          '--only-categories=performance,accessibility,best-practices,seo',
        ],
        { env: { ...process.env, CHROME_PATH: CHROMIUM }, encoding: 'utf8', timeout: 180_000 },
      )
      if (result.status === 0) report = JSON.parse(fs.readFileSync(out, 'utf8'))
      else failure = result.stderr.slice(-500)
    }
    if (!report) throw new Error(`Lighthouse ${url} : ${failure}`)
    const score = (key: string) => Math.round((report.categories[key]?.score ?? 0) * 100)
    const value = (key: string) => Number(report.audits[key]?.numericValue ?? Number.NaN)
    reports.push({
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
    })
  }
  fs.rmSync(path.dirname(out), { recursive: true, force: true })
  const pick = (key: keyof LighthouseFigures) => median(reports.map((report) => report[key]))
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
  }
}

/**
 * Measures each page with {@link lighthouse} and prints one table row per page (scores, FCP, LCP,
 * TBT, CLS); a page that cannot be measured is named below the table, the others still measured.
 *
 * @param tools - from {@link prepareLighthouse}.
 * @param pages - `{ label, url }` of each page, in the table's order.
 * @param runs - passes per page (median kept).
 * @returns each measured page's label and figures.
 */
export function printLighthouse(
  tools: { node: string; cli: string },
  pages: Array<{ label: string; url: string }>,
  runs: number,
): Array<{ label: string; figures: LighthouseFigures }> {
  const measured: Array<{ label: string; figures: LighthouseFigures }> = []
  const failures: string[] = []
  for (const page of pages) {
    try {
      measured.push({ label: page.label, figures: lighthouse(tools, page.url, runs) })
    } catch (error) {
      // One page that cannot be measured must not cost the others' figures.
      failures.push(`${page.label} : ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  table(
    ['Page', 'Perf.', 'Access.', 'Bonnes pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS'],
    measured.map(({ label, figures }) => [
      label,
      String(figures.performance),
      String(figures.accessibility),
      String(figures.bestPractices),
      String(figures.seo),
      `${(figures.fcp / 1000).toFixed(2)} s`,
      `${(figures.lcp / 1000).toFixed(2)} s`,
      `${figures.tbt.toFixed(0)} ms`,
      figures.cls.toFixed(3),
    ]),
  )
  for (const failure of failures) print(`\nNon mesurée — ${failure}`)
  return measured
}

/** The smallest page Lighthouse finds nothing to fault in: a heading and a line of text. */
const REFERENCE_HTML =
  '<!doctype html><html lang="fr"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Référence</title><meta name="description" content="Page de référence du banc d’essai.">' +
  '</head><body><main><h1>Référence</h1><p>Une page sans feuille de style ni script.</p></main></body></html>'

/**
 * Serves a minimal HTML page on a free local port: measured beside the site's pages, it gives the
 * floor of this machine and this Chromium (its TBT and LCP are not zero on a busy or slow host),
 * so the site's figures can be read against it and compared across machines. The server is a
 * child process: {@link lighthouse} blocks this one while it runs.
 *
 * @returns the page's URL and a function that stops the server.
 * @throws when the child process does not say its port within 10 s.
 */
export async function serveReferencePage(): Promise<{ url: string; close: () => Promise<void> }> {
  const program = `const http = require('node:http')
const server = http.createServer((request, response) => {
  if (request.url !== '/') return response.writeHead(404).end()
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
  response.end(${JSON.stringify(REFERENCE_HTML)})
})
server.listen(0, '127.0.0.1', () => console.log(server.address().port))`
  const child = spawn(process.execPath, ['-e', program], { stdio: ['ignore', 'pipe', 'inherit'] })
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Page de référence : pas de port')), 10_000)
    child.stdout.once('data', (chunk: Buffer) => {
      clearTimeout(timer)
      resolve(chunk.toString().trim())
    })
  })
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** The Chromium Lighthouse drives, as it names itself (e.g. 'Chromium 150.0.7871.100 …'). */
export function chromiumVersion(): string {
  const result = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' })
  return result.stdout.trim().split('\n')[0] || 'inconnue'
}
