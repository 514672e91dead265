import { randomInt } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import Negotiator from 'negotiator'
import { incrementArticleViews, isCountableView } from '#app/services/articles/increment-article-views.server'
import {
  isSiteDataCacheEnabled,
  siteDataGeneration,
  siteDataTtlMs,
} from '#app/services/site-data-cache.server'

/**
 * Cache of rendered public pages (issue #8 §3, decision 008). One server render of a public page
 * costs milliseconds of CPU; the pages change only when the back-office writes (which bumps
 * {@link siteDataGeneration}) or an auction opens or closes (the scheduler invalidates too), so the
 * HTML of an anonymous GET is kept and replayed, with:
 * - a fresh CSP nonce per response: the nonce of the render is cut out of the stored HTML and each
 *   response's own nonce put back in its place;
 * - the article's view count: the render carries a random placeholder number instead of the count
 *   ({@link viewCountForRender}); each countable replay adds one view, shows the count with it,
 *   and the views of replays are written to the database together every
 *   {@link VIEW_FLUSH_DELAY_MS} ms ({@link flushArticleViews}; one update per article instead of one
 *   per request: an update through PGlite costs about 2 ms of the only thread).
 * - compression done once: a page without nonce nor count (every static page, decision 010) keeps
 *   its brotli and gzip copies, each made off the main thread when first asked for (an auction's
 *   page, kept a second, at a fast effort; until a smallest copy is made, replays are compressed
 *   fast rather than wait for it); a page with slots is
 *   compressed per response in one call on libuv's thread pool (never a compression stream per
 *   response, whose set-up cost more than the page: 270 against 1,200+ requests/s).
 * Never cached: anything but GET, a request carrying a Cookie or Authorization header (sessions,
 * back-office, flash toasts, a bidder's credential), paths outside {@link CACHEABLE_PATH} and
 * {@link AUCTION_PAGE_PATH} (auth, admin, `.data` requests), a response other than 200 text/html
 * or one setting a cookie, a render that overlapped an invalidation. Entries expire with the site
 * data's lifetime (60 s on PostgreSQL, where other instances' NOTIFY also clears them) and at most
 * {@link MAX_AGE_MS}; an auction's page after {@link AUCTION_PAGE_MAX_AGE_MS} (decision 031).
 */

/** The public pages whose GET answer may be replayed (public spec §2), with any query string. */
const CACHEABLE_PATH =
  /^\/(?:portfolio(?:\/(?:categorie|oeuvre)\/[^/]+)?|parcours|podcasts(?:\/(?:saison|episode)\/[^/]+)?|blog(?:\/[^/]+)?|atelier|contact|mentions-legales)?$/
const ARTICLE_PATH = /^\/blog\/[^/]+$/
/**
 * An auction's page (`/enchere/{lien_prive}`, a base64url link; not its `.data` twin): kept
 * {@link AUCTION_PAGE_MAX_AGE_MS} only (decision 031). Its price and bids change with every bid,
 * but a page opens its live stream at once and the stream's first event is a fresh snapshot, so
 * a page a second old is brought up to date as it opens; in a bidding war the link's newcomers
 * then cost one render a second instead of one each.
 */
const AUCTION_PAGE_PATH = /^\/enchere\/[\w-]+$/
/** Life of a stored auction page, in ms. */
export const AUCTION_PAGE_MAX_AGE_MS = 1_000
/** Longest life of a page, in ms, whatever the engine: the footer's year, dates relative to today. */
const MAX_AGE_MS = 5 * 60_000
/** Memory bound of the stored HTML, in UTF-16 code units (about 2 bytes each). */
const MAX_STORED_CHARS = 16_000_000
/** Headers never replayed: framing, encoding, cookies, and those each response sets itself. */
const NOT_REPLAYED = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'etag',
  'set-cookie',
  'x-page-cache',
])

type Page = {
  /**
   * The HTML as UTF-8 buffers, cut at each occurrence of the render's nonce (and of the view-count
   * placeholder); between two parts goes the nonce, or the count, of the response. Replays write
   * these buffers as they are: no string of the whole page is built per request.
   */
  parts: Buffer[]
  /** What goes between part i and part i + 1. */
  slots: Array<'nonce' | 'views'>
  headers: Array<[string, string | number | string[]]>
  /** Set on article pages: the placeholder standing for the view count, and the article. */
  viewCount?: { articleId: string; placeholder: string }
  generation: number
  expires: number
  chars: number
  /**
   * How hard its compressed copies are made: `once` (the smallest) for a page kept minutes,
   * `each` (fast) for an auction's page, kept a second ({@link AUCTION_PAGE_MAX_AGE_MS}).
   */
  effort: Effort
  /**
   * The compressed copies of a page without slots, each made once, when a replay first asks for
   * its encoding ({@link compressedCopy}; undefined: it could not be made), and those made so far.
   */
  copies: Partial<Record<Encoding, Promise<Buffer | undefined>>>
  made: Partial<Record<Encoding, Buffer>>
}

type Encoding = 'br' | 'gzip'

const brotliCompress = promisify(zlib.brotliCompress)
const gzipCompress = promisify(zlib.gzip)

/** `once`: brotli 11, gzip 9 (a copy kept and sent many times); `each`: brotli 4, gzip 6. */
type Effort = 'once' | 'each'

/** Compresses `body` off the main thread (libuv's pool), at `effort` ({@link Effort}). */
function compress(body: Buffer, encoding: Encoding, effort: Effort): Promise<Buffer> {
  if (encoding === 'gzip') return gzipCompress(body, { level: effort === 'once' ? 9 : 6 })
  return brotliCompress(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: effort === 'once' ? 11 : 4,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      // The smallest window that holds the page (64 KB to 4 MB): less memory per compression.
      [zlib.constants.BROTLI_PARAM_LGWIN]: Math.min(22, Math.max(16, Math.ceil(Math.log2(body.length + 1)))),
    },
  })
}

/**
 * The encoding the request accepts among brotli and gzip, brotli first when both are as welcome
 * (browsers list `gzip, deflate, br`), or undefined for none.
 */
function preferredEncoding(req: IncomingMessage): Encoding | undefined {
  // negotiator 1 takes the server's preference; its DefinitelyTyped types (0.6) do not know it yet.
  const negotiator = new Negotiator(req) as unknown as {
    encoding(available: string[], options: { preferred: string[] }): string | undefined
  }
  const chosen = negotiator.encoding(['br', 'gzip', 'identity'], { preferred: ['br', 'gzip'] })
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined
}

/**
 * The stored compressed copy of a page without slots in `encoding`, made at the first request for
 * it. Made only when asked: an auction's page is stored again every second of a bidding war, and
 * compressing each one in both encodings at the highest effort, asked for or not, took about a
 * tenth of a core (issue #10 §2).
 *
 * @returns the copy, or undefined when it could not be made (the replay then compresses its own).
 */
function compressedCopy(page: Page, encoding: Encoding): Promise<Buffer | undefined> {
  page.copies[encoding] ??= compress(page.parts[0] as Buffer, encoding, page.effort).then(
    (copy) => {
      page.made[encoding] = copy
      return copy
    },
    () => undefined,
  )
  return page.copies[encoding]
}

/**
 * What a render meant for the cache sees in its load context (`context.pageCapture`): set by
 * {@link viewCountForRender} on article pages (`views` is this response's real count).
 */
export type PageCapture = { viewCount?: { articleId: string; placeholder: string; views: number } }

/** Delay before the views counted by replays are written to the database, in ms. */
export const VIEW_FLUSH_DELAY_MS = 250

/** An article's count as last read from the database, and the replays' views not written yet. */
type Views = { stored: number; pending: number }

type State = {
  pages: Map<string, Page>
  chars: number
  views: Map<string, Views>
  flushTimer: NodeJS.Timeout | undefined
  flushing: Promise<void> | undefined
}
const holder = globalThis as typeof globalThis & { __encrePageCache?: State }
holder.__encrePageCache ??= {
  pages: new Map(),
  chars: 0,
  views: new Map(),
  flushTimer: undefined,
  flushing: undefined,
}
const state = holder.__encrePageCache

/** Drops the page of `key`; `keepViews` when a new render of it is being stored. */
function forget(key: string, keepViews = false): void {
  const page = state.pages.get(key)
  if (!page) return
  state.pages.delete(key)
  state.chars -= page.chars
  // Counts are kept only for the articles of cached pages (issue #35 §4): with nothing to write,
  // the article's count goes with its page (another of its pages replayed renders once again).
  const articleId = page.viewCount?.articleId
  if (!keepViews && articleId && state.views.get(articleId)?.pending === 0) state.views.delete(articleId)
}

function store(key: string, page: Page): void {
  forget(key, true)
  if (page.chars > MAX_STORED_CHARS / 4) return
  state.pages.set(key, page)
  state.chars += page.chars
  for (const oldest of state.pages.keys()) {
    if (state.chars <= MAX_STORED_CHARS) break
    forget(oldest)
  }
}

/** Whether this request may be answered from, or stored into, the cache. */
function isCacheable(req: IncomingMessage, pathname: string): boolean {
  return (
    isSiteDataCacheEnabled() &&
    req.method === 'GET' &&
    req.headers.cookie === undefined &&
    req.headers.authorization === undefined &&
    (CACHEABLE_PATH.test(pathname) || AUCTION_PAGE_PATH.test(pathname))
  )
}

/** A fetch Request with the headers {@link isCountableView} reads. */
function countableView(req: IncomingMessage): boolean {
  const headers = new Headers()
  for (const name of ['user-agent', 'sec-purpose', 'purpose']) {
    const value = req.headers[name]
    if (typeof value === 'string') headers.set(name, value)
  }
  return isCountableView(new Request('http://encre.invalid/', { method: 'GET', headers }))
}

/**
 * The view count an article loader puts in the page (issue #8 §3): the real count, except in a
 * render meant for the page cache, where it is a random placeholder number that each replay
 * replaces with the count it has just incremented.
 *
 * @param capture - `context.pageCapture` of the loader (undefined outside a cacheable render).
 * @param articleId - the article's UUID.
 * @param views - the count the loader read or incremented.
 * @returns the number to render.
 */
export function viewCountForRender(
  capture: PageCapture | undefined,
  articleId: string,
  views: number,
): number {
  if (!capture) return views
  // 15 digits: cannot be mistaken for anything else in the page, and a safe integer.
  const placeholder = 100_000_000_000_000 + randomInt(2 ** 47)
  capture.viewCount = { articleId, placeholder: String(placeholder), views }
  const counted = state.views.get(articleId)
  // The loader read the database: what replays counted and did not write yet comes on top.
  state.views.set(articleId, { stored: views, pending: counted?.pending ?? 0 })
  return placeholder
}

/** Counts one view of a replayed article page. @returns the count to show. */
function countReplayView(articleId: string): number | undefined {
  const counted = state.views.get(articleId)
  if (!counted) return undefined
  counted.pending++
  state.flushTimer ??= setTimeout(() => {
    state.flushTimer = undefined
    void flushArticleViews()
  }, VIEW_FLUSH_DELAY_MS)
  state.flushTimer.unref?.()
  return counted.stored + counted.pending
}

/**
 * Writes the views counted by replays to the database, one update per article (issue #8 §3).
 * Called by a timer {@link VIEW_FLUSH_DELAY_MS} ms after a replay, and at shutdown. An article
 * that is no longer public loses its pending views (they would not count) and its cached pages.
 * Never throws (incrementArticleViews logs failures).
 */
export async function flushArticleViews(): Promise<void> {
  while (state.flushing) await state.flushing
  clearTimeout(state.flushTimer)
  state.flushTimer = undefined
  const batch = [...state.views].filter(([, counted]) => counted.pending > 0)
  if (batch.length === 0) return
  state.flushing = (async () => {
    for (const [articleId, counted] of batch) {
      const count = counted.pending
      counted.pending -= count
      const stored = await incrementArticleViews(articleId, count)
      if (stored === null) {
        state.views.delete(articleId)
        for (const [key, page] of state.pages) if (page.viewCount?.articleId === articleId) forget(key)
      } else counted.stored = stored
    }
  })()
  try {
    await state.flushing
  } finally {
    state.flushing = undefined
  }
}

/** Cuts `html` at each occurrence of `nonce` and of `placeholder` (when given). */
function cut(html: string, nonce: string, placeholder?: string): Pick<Page, 'parts' | 'slots'> {
  const parts: Buffer[] = []
  const slots: Page['slots'] = []
  const separators = placeholder ? [nonce, placeholder] : [nonce]
  let from = 0
  for (;;) {
    let at = -1
    let found = ''
    for (const separator of separators) {
      const index = html.indexOf(separator, from)
      if (index !== -1 && (at === -1 || index < at)) {
        at = index
        found = separator
      }
    }
    if (at === -1) break
    parts.push(Buffer.from(html.slice(from, at)))
    slots.push(found === nonce ? 'nonce' : 'views')
    from = at + found.length
  }
  parts.push(Buffer.from(html.slice(from)))
  return { parts, slots }
}

/**
 * Answers from a stored page: its parts with this response's nonce and count between them,
 * compressed as the request prefers (the stored copy, or one compression off the main thread).
 */
function replay(req: IncomingMessage, res: ServerResponse, nonce: string, page: Page, views?: number): void {
  const values = { nonce: Buffer.from(nonce), views: Buffer.from(String(views)) }
  const pieces: Buffer[] = []
  for (const [index, part] of page.parts.entries()) {
    pieces.push(part)
    const slot = page.slots[index]
    if (slot) pieces.push(values[slot])
  }
  const body = pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces)
  res.statusCode = 200
  for (const [name, value] of page.headers) if (!res.hasHeader(name)) res.setHeader(name, value)
  res.setHeader('X-Page-Cache', 'hit')
  res.setHeader('Vary', 'Accept-Encoding')
  const send = (payload: Buffer, encoding?: Encoding) => {
    // A Content-Encoding set here makes compression() (server.ts) leave the body alone.
    res.setHeader('Content-Encoding', encoding ?? 'identity')
    res.setHeader('Content-Length', payload.length)
    res.end(payload)
  }
  const encoding = preferredEncoding(req)
  const compressEach = (chosen: Encoding) =>
    compress(body, chosen, 'each').then(
      (payload) => send(payload, chosen),
      () => send(body),
    )
  const made = encoding && page.made[encoding]
  if (!encoding) send(body)
  else if (made) send(made, encoding)
  else if (page.slots.length === 0) {
    const copy = compressedCopy(page, encoding)
    // The smallest copy of a large page takes tens of ms to make (brotli 11: 40 ms for 65 KB): the
    // replays that come before it is made are compressed fast instead of waiting for it, so that no
    // visitor's time grows with the page. An auction's page is copied fast: waiting costs nothing.
    if (page.effort === 'once') void compressEach(encoding)
    else void copy.then((ready) => (ready ? send(ready, encoding) : compressEach(encoding)))
  } else void compressEach(encoding)
}

/**
 * Express middleware, placed just before the React Router handler (server.ts): answers a cacheable
 * request from the cache, or lets it render (`next`) while capturing the HTML to store.
 *
 * @param req, res - the Node request and response (after compression and security headers).
 * @param nonce - this response's CSP nonce (already in its Content-Security-Policy header).
 * @param next - continues to React Router; called with the {@link PageCapture} the load context
 *   must carry as `pageCapture`, or with undefined when the request is not cached.
 */
export function servePageFromCache(
  req: IncomingMessage,
  res: ServerResponse,
  nonce: string,
  next: (capture?: PageCapture) => void,
): void {
  const url = req.url ?? '/'
  const pathname = url.split('?')[0] as string
  if (!isCacheable(req, pathname)) {
    next()
    return
  }
  const page = state.pages.get(url)
  if (page && (page.generation !== siteDataGeneration() || page.expires <= Date.now())) forget(url)
  else if (page) {
    // Article pages: a crawler or a prefetch is not counted, so a normal render shows the stored count.
    const countable = !page.viewCount || (ARTICLE_PATH.test(pathname) && countableView(req))
    const views = page.viewCount && countable ? countReplayView(page.viewCount.articleId) : undefined
    if (countable && (!page.viewCount || views !== undefined)) replay(req, res, nonce, page, views)
    else next()
    return
  }
  capture(res, nonce, url, next)
}

/** Lets the request render, holding its body until the end to store it and fill the placeholder. */
function capture(
  res: ServerResponse,
  nonce: string,
  url: string,
  next: (capture?: PageCapture) => void,
): void {
  const generation = siteDataGeneration()
  const pageCapture: PageCapture = {}
  const chunks: Buffer[] = []
  const write = res.write.bind(res)
  const end = res.end.bind(res)
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return
    chunks.push(
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array),
    )
  }
  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    keep(chunk, encoding)
    const done = [encoding, callback].find((arg) => typeof arg === 'function') as (() => void) | undefined
    if (done) process.nextTick(done)
    return true
  }) as typeof res.write
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    keep(chunk, encoding)
    res.write = write
    res.end = end
    let html = Buffer.concat(chunks).toString('utf8')
    const { viewCount } = pageCapture
    const type = String(res.getHeader('content-type') ?? '')
    if (
      res.statusCode === 200 &&
      type.startsWith('text/html') &&
      !res.hasHeader('set-cookie') &&
      siteDataGeneration() === generation
    ) {
      const headers = Object.entries(res.getHeaders()).filter(
        (entry): entry is [string, string | number | string[]] =>
          entry[1] !== undefined && !NOT_REPLAYED.has(entry[0]) && entry[0] !== 'content-security-policy',
      )
      const auctionPage = AUCTION_PAGE_PATH.test(url.split('?')[0] as string)
      const page: Page = {
        ...cut(html, nonce, viewCount?.placeholder),
        headers,
        viewCount: viewCount && { articleId: viewCount.articleId, placeholder: viewCount.placeholder },
        generation,
        expires: Date.now() + (auctionPage ? AUCTION_PAGE_MAX_AGE_MS : Math.min(MAX_AGE_MS, siteDataTtlMs())),
        chars: html.length,
        effort: auctionPage ? 'each' : 'once',
        copies: {},
        made: {},
      }
      store(url, page)
    }
    if (viewCount) html = html.replaceAll(viewCount.placeholder, String(viewCount.views))
    res.setHeader('X-Page-Cache', 'miss')
    const done = [chunk, encoding, callback].find((arg) => typeof arg === 'function') as
      | (() => void)
      | undefined
    return end(html, done)
  }) as typeof res.end
  next(pageCapture)
}
