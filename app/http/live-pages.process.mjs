// @ts-check
/**
 * The live pages process (decision 029, issue #10 §2): holds the sockets of the open auction pages'
 * live streams, handed over by the web process once it has checked the link, and writes to them
 * what the web process sends over IPC. A window of events goes to a thousand pages as a thousand
 * socket writes, about 10 µs of kernel time each: done here, they no longer hold bids back in the
 * web process. Plain JavaScript with no import of the app, so that every way of running Encre
 * (`npm start`, `npm run dev`, the tests) starts it the same way: `node app/http/live-pages.process.mjs`
 * from the project's folder (app/http/auction-stream.server.ts).
 *
 * Messages from the web process (`process.on('message')`):
 * - `{ type: 'page', enchereId, clientIp, head, chunked }` with the socket: a page to follow. `head`
 *   is the HTTP response head (status line and headers, blank line included); `chunked` says
 *   whether the body is chunked (HTTP/1.1). A client address holding `maxPerClient` streams gets
 *   429 and `tooMany` instead.
 * - `{ type: 'events', enchereId, text }`: a window of events, already in the stream's text form.
 * - `{ type: 'snapshot', enchereId, text, seq }`: the answer to snapshot request `seq` ('' when it
 *   failed).
 * - `{ type: 'resync' }`: every page needs a fresh snapshot (the web process missed events).
 *
 * Messages to the web process: `{ type: 'snapshot', enchereId, seq }` (the pages waiting for one, at most
 * one request of an auction at a time, read after it arrives) and `{ type: 'left', enchereId }`
 * (a page closed).
 *
 * Settings: a JSON object as the first argument, `{ maxPerClient, tooMany, heartbeatMs, retryMs,
 * bufferBytes }` (see auction-stream.server.ts). Exits when the web process goes away.
 */

/** @typedef {{ maxPerClient: number, tooMany: string, heartbeatMs: number, retryMs: number, bufferBytes: number }} Settings */
/**
 * An open page. `queued` holds the events' text while it waits for a snapshot (null: it is live);
 * `behind` is set when events were skipped because its socket held more than `bufferBytes`.
 * @typedef {{ socket: import('node:net').Socket, chunked: boolean, queued: string[] | null, behind: boolean, closed: boolean }} Page
 */
/**
 * An auction's pages: `waiting` for a snapshot not yet asked for, `asked` for the one asked for
 * (null: none asked), whose request is number `askedSeq`.
 * @typedef {{ pages: Set<Page>, waiting: Set<Page>, asked: Set<Page> | null, askedSeq: number }} Auction
 */

/** @type {Settings} */
const settings = JSON.parse(process.argv[2] ?? '{}')
/** @type {Map<string, Auction>} */
const auctions = new Map()
/** @type {Map<string, number>} */
const streamsByClient = new Map()
/** Snapshot requests sent so far: an answer counts only for the request it answers. */
let requests = 0

/** @param {string} text @param {boolean} chunked */
function frame(text, chunked) {
  const data = Buffer.from(text)
  return chunked ? Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, CRLF]) : data
}
const CRLF = Buffer.from('\r\n')

/** @param {Page} page @param {string} text */
function write(page, text) {
  if (!page.closed && text !== '') page.socket.write(frame(text, page.chunked))
}

/** @param {string} enchereId @param {Auction} auction */
function ask(enchereId, auction) {
  auction.asked = auction.waiting
  auction.waiting = new Set()
  auction.askedSeq = ++requests
  process.send?.({ type: 'snapshot', enchereId, seq: auction.askedSeq })
}

/** @param {string} enchereId @param {Page} page */
function needSnapshot(enchereId, page) {
  const auction = auctions.get(enchereId)
  if (!auction || page.closed) return
  page.queued ??= []
  auction.waiting.add(page)
  if (!auction.asked) ask(enchereId, auction)
}

/**
 * @param {string} enchereId @param {string} text
 * @param {number} seq - the request it answers: an answer to a request of pages that have all
 *   closed since is not for the pages that came after them (it may have been read before they came).
 */
function deliverSnapshot(enchereId, text, seq) {
  const auction = auctions.get(enchereId)
  if (!auction?.asked || auction.askedSeq !== seq) return
  for (const page of auction.asked) {
    // A page that asked again meanwhile waits for the next one, with its queue.
    if (page.closed || auction.waiting.has(page)) continue
    const queued = page.queued ?? []
    page.queued = null
    write(page, text + queued.join(''))
  }
  auction.asked = null
  if (auction.waiting.size > 0) ask(enchereId, auction)
}

/** @param {string} enchereId @param {string} text */
function deliverEvents(enchereId, text) {
  const auction = auctions.get(enchereId)
  if (!auction || text === '') return
  // Framed once for all the chunked pages, once for the others.
  /** @type {Map<boolean, Buffer>} */
  const framed = new Map()
  for (const page of auction.pages) {
    if (page.queued) {
      page.queued.push(text)
      continue
    }
    if (page.behind) continue
    if (page.socket.writableLength > settings.bufferBytes) {
      page.behind = true
      continue
    }
    let bytes = framed.get(page.chunked)
    if (!bytes) {
      bytes = frame(text, page.chunked)
      framed.set(page.chunked, bytes)
    }
    page.socket.write(bytes)
  }
}

/**
 * @param {{ enchereId: string, clientIp: string, head: string, chunked: boolean }} message
 * @param {import('node:net').Socket} socket
 */
function follow(message, socket) {
  const { enchereId, clientIp } = message
  socket.on('error', () => undefined)
  const open = streamsByClient.get(clientIp) ?? 0
  if (open >= settings.maxPerClient) {
    const body = Buffer.from(settings.tooMany)
    socket.end(
      `HTTP/1.1 429 Too Many Requests\r\nContent-Type: text/plain; charset=utf-8\r\nCache-Control: no-store\r\nRetry-After: 30\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${settings.tooMany}`,
    )
    process.send?.({ type: 'left', enchereId })
    return
  }
  streamsByClient.set(clientIp, open + 1)
  let auction = auctions.get(enchereId)
  if (!auction) {
    auction = { pages: new Set(), waiting: new Set(), asked: null, askedSeq: 0 }
    auctions.set(enchereId, auction)
  }
  /** @type {Page} */
  const page = { socket, chunked: message.chunked, queued: null, behind: false, closed: false }
  auction.pages.add(page)
  socket.write(message.head)
  write(page, `retry: ${settings.retryMs}\n\n`)
  needSnapshot(enchereId, page)
  // What the browser sends after its request (nothing, usually) is read and dropped: reading is
  // how the end of the connection is seen.
  socket.resume()
  socket.on('drain', () => {
    if (!page.behind) return
    page.behind = false
    needSnapshot(enchereId, page)
  })
  socket.once('close', () => {
    page.closed = true
    const left = (streamsByClient.get(clientIp) ?? 1) - 1
    if (left > 0) streamsByClient.set(clientIp, left)
    else streamsByClient.delete(clientIp)
    const current = auctions.get(enchereId)
    if (current) {
      current.pages.delete(page)
      current.waiting.delete(page)
      if (current.pages.size === 0) auctions.delete(enchereId)
    }
    process.send?.({ type: 'left', enchereId })
  })
}

process.on('message', (message, handle) => {
  const { type } = /** @type {{ type: string }} */ (message)
  if (type === 'page') {
    if (handle) follow(/** @type {any} */ (message), /** @type {import('node:net').Socket} */ (handle))
  } else if (type === 'events') {
    const { enchereId, text } = /** @type {{ enchereId: string, text: string }} */ (message)
    deliverEvents(enchereId, text)
  } else if (type === 'snapshot') {
    const { enchereId, text, seq } = /** @type {{ enchereId: string, text: string, seq: number }} */ (message)
    deliverSnapshot(enchereId, text, seq)
  } else if (type === 'resync') {
    for (const [enchereId, auction] of auctions)
      for (const page of auction.pages) needSnapshot(enchereId, page)
  }
})
// The web process went away: its pages go with it (the browsers reconnect to the next one).
process.on('disconnect', () => process.exit(0))

setInterval(() => {
  for (const auction of auctions.values()) {
    for (const page of auction.pages) if (!page.queued) write(page, ': ping\n\n')
  }
}, settings.heartbeatMs).unref()
