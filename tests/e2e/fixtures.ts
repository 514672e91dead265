/**
 * Browser-test fixtures (CONVENTIONS.md "Tests"). Import `test` and `expect` from here, never
 * from '@playwright/test':
 *
 * - every test fails when the page throws (pageerror) or logs console.error, except messages
 *   matching `allowedConsoleErrors` (`test.use({ allowedConsoleErrors: [/…/] })`); the browser's own
 *   "Failed to load resource … 4xx" line for a page (or `.data` request, or a page a form answered
 *   in place fetched) answering 4xx is ignored;
 * - `emptySite`: base URL of the site started with SEED_DEMO=false (empty states);
 * - `readMails()` / `waitForMail(predicate, timeoutMs)`: the e-mails the demo server wrote as .eml;
 * - `expectNoA11yViolations(page)`: axe-core, fails on serious or critical violations;
 * - `waitForHydration(page)`: before clicking what only works with JavaScript;
 * - `toast(page, text)`: the toast on screen holding `text` (sonner's or a static page's own);
 * - `MOBILE` for `test.use(MOBILE)` (390 px) and `mobilePage`, a 390 px page in the same test;
 * - `expectFitsScreen(page)`: no overflow of the page, no word broken anywhere, tables' key column in view.
 */
import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Locator, type Page } from '@playwright/test'
import { type AddressObject, simpleParser } from 'mailparser'
import { DEMO_SERVER, EMPTY_SERVER } from './support/servers'

export { DEMO_SERVER, E2E_ADMIN, E2E_CONTACT_EMAIL, EMPTY_SERVER } from './support/servers'
export type { Page }
export { expect }

/** Viewport of a phone (390 × 844 px), with touch: `test.use(MOBILE)` in a describe block. */
export const MOBILE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const

/** One e-mail written by the demo server to DATA_DIR/mail. */
export type Mail = {
  /** File name of the .eml (sorted by write time). */
  file: string
  /** Recipient addresses, lower-case. */
  to: string[]
  subject: string
  /** Plain-text part ('' when absent). */
  text: string
  /** HTML part ('' when absent). */
  html: string
  /** Reply-To addresses, lower-case (empty when absent). */
  replyTo: string[]
  /** The Date header, or the file's modification time. */
  date: Date
  /** Every header as written, by lower-case name (e.g. 'list-unsubscribe'). */
  headers: Record<string, string>
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value]
  return list.flatMap((item) => item.value.map((entry) => (entry.address ?? '').toLowerCase()))
}

/**
 * Parses every .eml file in a server's mail folder, oldest first.
 *
 * @param mailDir - absolute folder, the demo server's by default.
 * @returns the parsed mails; an empty list when the folder does not exist yet.
 */
export async function readMails(mailDir: string = DEMO_SERVER.mailDir): Promise<Mail[]> {
  if (!fs.existsSync(mailDir)) return []
  const files = fs
    .readdirSync(mailDir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => ({ name, mtime: fs.statSync(path.join(mailDir, name)).mtimeMs }))
    .sort((a, b) => a.mtime - b.mtime || a.name.localeCompare(b.name))
  const mails: Mail[] = []
  for (const { name, mtime } of files) {
    const parsed = await simpleParser(fs.readFileSync(path.join(mailDir, name)))
    mails.push({
      file: name,
      to: addresses(parsed.to),
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : '',
      replyTo: addresses(parsed.replyTo),
      date: parsed.date ?? new Date(mtime),
      headers: Object.fromEntries(
        parsed.headerLines.map((header) => [header.key, header.line.replace(/^[^:]+:\s*/, '')]),
      ),
    })
  }
  return mails
}

/**
 * Waits until an e-mail matching `predicate` has been written (the outbox worker sends in the
 * background), polling every 200 ms. Tests share one demo server: match on something unique to
 * the test (e.g. a recipient address with a random part).
 *
 * @param predicate - which mail to wait for.
 * @param timeoutMs - how long to wait, in ms (default 15 000).
 * @param mailDir - the server's mail folder, the demo server's by default.
 * @returns the first matching mail.
 * @throws Error listing the subjects and recipients seen when none matched in time.
 */
export async function waitForMail(
  predicate: (mail: Mail) => boolean,
  timeoutMs = 15_000,
  mailDir: string = DEMO_SERVER.mailDir,
): Promise<Mail> {
  const deadline = Date.now() + timeoutMs
  let seen: Mail[] = []
  while (Date.now() < deadline) {
    seen = await readMails(mailDir)
    const found = seen.find(predicate)
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const summary = seen.map((mail) => `  - ${mail.to.join(', ')} : ${mail.subject}`).join('\n') || '  (aucun)'
  throw new Error(`Aucun e-mail attendu reçu en ${timeoutMs} ms. E-mails présents :\n${summary}`)
}

/**
 * Waits until React has taken over the server-rendered page: the router exists and React's root
 * is attached to the document. From then on React handles clicks (or replays those that arrive
 * while it finishes hydrating), so a click on a button is never lost. A static page (no module
 * script, app/lib/static-page.ts) is never hydrated: it is ready once its deferred script
 * (app/components/enhance) has run, which the document's load event follows.
 *
 * @param page - a page whose document is an Encre page.
 * @param timeoutMs - how long to wait, in ms (default 10 000).
 */
export async function waitForHydration(page: Page, timeoutMs = 10_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const router = (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } })
        .__reactRouterDataRouter
      if (!document.querySelector('script[type="module"]')) return document.readyState === 'complete'
      return (
        router?.state.initialized === true &&
        Object.keys(document).some((key) => key.startsWith('__reactContainer'))
      )
    },
    undefined,
    { timeout: timeoutMs },
  )
}

/**
 * The toast on screen that holds `text`: sonner's on hydrated pages, the static pages' own
 * (app/components/enhance/toast.ts) elsewhere — both sit in a region named 'Notifications…'.
 *
 * @param text - a part of the toast's title or description.
 */
export function toast(page: Page, text: string): Locator {
  return page
    .getByRole('region', { name: 'Notifications' })
    .locator('[data-sonner-toast], [role="status"], [role="alert"]')
    .filter({ hasText: text })
}

/**
 * The card of a list (a back-office row, a catalogue card) whose heading is exactly `heading`.
 *
 * @param heading - the card's title as shown (a category's nom, an article's titre…).
 */
export function cardTitled(page: Page, heading: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: heading, exact: true }) })
}

/**
 * Waits, 10 s at most (a loaded machine), until every toast has come in and none is leaving, every
 * toast and its content sit at full or zero opacity, and the finite animations and transitions
 * have ended (a spinner's endless animation is not waited for); see {@link expectNoA11yViolations}.
 */
async function settleToastsAndAnimations(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('[data-sonner-toast]')].every(
          (toast) =>
            toast.getAttribute('data-mounted') === 'true' &&
            toast.getAttribute('data-removed') !== 'true' &&
            [toast, ...toast.querySelectorAll('*')].every((element) =>
              ['0', '1'].includes(getComputedStyle(element).opacity),
            ),
        ) &&
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined)
}

/**
 * Runs axe-core (WCAG 2.1 A and AA rules) on the current page and fails on serious or critical
 * violations, printing each rule, its help text and the offending elements.
 *
 * @param page - the page to audit, already loaded.
 * @param options.exclude - CSS selectors left out of the audit (e.g. a third-party iframe).
 */
export async function expectNoA11yViolations(
  page: Page,
  options: { exclude?: string[] } = {},
): Promise<void> {
  // A toast still fading in or out has colours between two states: audit a settled page. Sonner
  // marks a toast `data-mounted` a frame after adding it (its fade-in starts then) and
  // `data-removed` until its exit is over; reading the computed style flushes pending style
  // changes, so a transition a class change has just asked for exists before it is checked.
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector)
  const toasts = page.locator('[data-sonner-toast]')
  await settleToastsAndAnimations(page)
  const shown = await toasts.count()
  let { violations } = await builder.analyze()
  // A toast that came or went while the audit ran (sonner dismisses one after a few seconds; an
  // audit takes seconds on a loaded machine) may have been read mid-fade: once the page has
  // settled again, the audit runs again, once.
  const toastsMoved = async () =>
    (await toasts.count()) !== shown ||
    (await page.locator('[data-sonner-toast][data-removed="true"]').count()) > 0
  if (violations.length > 0 && (await toastsMoved())) {
    await settleToastsAndAnimations(page)
    ;({ violations } = await builder.analyze())
  }
  const blocking = violations.filter((item) => item.impact === 'serious' || item.impact === 'critical')
  const report = blocking
    .map((item) => {
      const nodes = item.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `      ${node.target.join(' ')}\n        ${node.failureSummary?.replace(/\n/g, ' ') ?? ''}`,
        )
        .join('\n')
      return `  [${item.impact}] ${item.id} — ${item.help} (${item.nodes.length} élément(s))\n${nodes}`
    })
    .join('\n')
  expect(blocking, `Violations d'accessibilité sur ${page.url()} :\n${report}`).toEqual([])
}

/**
 * Asserts that the page fits its screen (issue #36 §4, at 390 px): the document is no wider than
 * the viewport (`document.documentElement.scrollWidth`), no element breaks words anywhere
 * (`word-break: break-all`), and in every table shown (a screen reader's table, 1 px wide, aside)
 * the first cell of each row — the key column — lies inside the screen.
 *
 * @param page - a loaded page.
 */
export async function expectFitsScreen(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0
  // After a change of viewport, what measures its box (a chart's ResizeObserver) redraws a turn
  // or two later: the document is read once it is no wider than the screen, or after 5 s.
  await page
    .waitForFunction((screen) => document.documentElement.scrollWidth <= screen, width, { timeout: 5_000 })
    .catch(() => undefined)
  const layout = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    breakAll: [...document.querySelectorAll('body *')]
      .filter((element) => getComputedStyle(element).wordBreak === 'break-all')
      .map((element) => element.outerHTML.slice(0, 120)),
    keyCells: [...document.querySelectorAll('table')]
      .filter((table) => table.getBoundingClientRect().width > 1)
      .flatMap((table) =>
        [...table.rows].map((row) => {
          const cell = row.cells[0]?.getBoundingClientRect()
          return {
            text: row.cells[0]?.textContent?.trim().slice(0, 40) ?? '',
            left: cell?.left ?? -1,
            right: cell?.right ?? Number.POSITIVE_INFINITY,
          }
        }),
      ),
  }))
  expect(layout.scrollWidth, `${page.url()} est plus large que l'écran`).toBeLessThanOrEqual(width)
  expect(layout.breakAll, `${page.url()} coupe des mots n'importe où`).toEqual([])
  const hidden = layout.keyCells.filter((cell) => cell.left < 0 || cell.right > width)
  expect(hidden, `${page.url()} : première colonne hors de l'écran`).toEqual([])
}

type Fixtures = {
  /** Console messages (regular expressions) a test expects; they do not fail it. */
  allowedConsoleErrors: RegExp[]
  /** Base URL of the empty site (SEED_DEMO=false), e.g. `http://localhost:3211`. */
  emptySite: string
  /** A second page in its own 390 × 844 px mobile context, closed after the test. */
  mobilePage: Page
  /** Fails the test on page errors and console errors (automatic). */
  failOnConsoleErrors: undefined
}

/**
 * The "Failed to load resource: … status of 4xx" line Chromium logs for any 4xx response. It is
 * expected for a page (or its React Router `.data` request, on client-side navigation) that
 * answers its not-found fallback with a 4xx status on purpose.
 */
const RESOURCE_4XX = /^Failed to load resource: the server responded with a status of 4\d\d/

type ConsoleProblem = { text: string; message: string; where: string }

/**
 * Keeps full-page pictures of the screen to look at (issue #36: the README's docs/screenshots):
 * with E2E_SCREENSHOTS set to a folder, saves `{name}-{width}.png` there at each width (390 px as
 * a phone, 844 px high; wider as a desktop, 800 px high), then gives the page its viewport back.
 * Without the variable it does nothing.
 *
 * @param widths - px; the page's current width when omitted.
 */
export async function keepScreenshots(page: Page, name: string, widths?: readonly number[]): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS
  if (!folder) return
  const before = page.viewportSize()
  for (const width of widths ?? [before?.width ?? 1280]) {
    if (width !== page.viewportSize()?.width)
      await page.setViewportSize({ width, height: width < 768 ? 844 : 800 })
    await page.screenshot({ path: path.join(folder, `${name}-${width}.png`), fullPage: true })
  }
  if (before && before.width !== page.viewportSize()?.width) await page.setViewportSize(before)
}

/**
 * Records page errors and console errors of a page. @returns `unexpected(allowed)`: the recorded
 * problems, less those matching `allowed` and less the 4xx lines of pages that answered 4xx.
 */
export function guardConsole(page: Page) {
  const problems: ConsoleProblem[] = []
  const pages4xx = new Set<string>()
  page.on('pageerror', (error) => {
    const message = error.stack ?? error.message
    problems.push({ text: `pageerror on ${page.url()}: ${message}`, message, where: page.url() })
  })
  page.on('response', (response) => {
    const status = response.status()
    const request = response.request()
    // A page: a navigation, React Router's `.data`, or a page a form answered in place fetched
    // (app/components/enhance/form.ts asks for HTML).
    const isPageOrData =
      request.isNavigationRequest() ||
      new URL(response.url()).pathname.endsWith('.data') ||
      request.headers().accept === 'text/html'
    if (status >= 400 && status < 500 && isPageOrData) pages4xx.add(response.url())
  })
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const where = message.location().url
    problems.push({
      text: `console.error (${where || page.url()}): ${message.text()}`,
      message: message.text(),
      where,
    })
  })
  return {
    unexpected: (allowed: RegExp[]) =>
      problems
        .filter((problem) => !(RESOURCE_4XX.test(problem.message) && pages4xx.has(problem.where)))
        .filter((problem) => !allowed.some((pattern) => pattern.test(problem.message)))
        .map((problem) => problem.text),
  }
}

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  emptySite: EMPTY_SERVER.url,
  failOnConsoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const guard = guardConsole(page)
      await use(undefined)
      const unexpected = guard.unexpected(allowedConsoleErrors)
      expect(unexpected, `Erreurs dans la console du navigateur :\n${unexpected.join('\n')}`).toEqual([])
    },
    { auto: true },
  ],
  mobilePage: async ({ browser, baseURL, allowedConsoleErrors }, use) => {
    const context = await browser.newContext({
      ...MOBILE,
      baseURL,
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
    })
    const page = await context.newPage()
    const guard = guardConsole(page)
    await use(page)
    await context.close()
    const unexpected = guard.unexpected(allowedConsoleErrors)
    expect(unexpected, `Erreurs dans la console du navigateur (mobile) :\n${unexpected.join('\n')}`).toEqual(
      [],
    )
  },
})
