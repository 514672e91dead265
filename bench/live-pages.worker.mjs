// The auction bench's open pages (bench/auction.ts, `openPages`), in a worker thread of the load
// generator: a thousand pages in a bidding war are a thousand browsers on other machines, so their
// reading of the stream must not delay, on the generator's own event loop, the moment it sees a
// bid's answer arrive (that would add the pages' work to every measured latency).
//
// For the same reason each page costs as little as reading it can: a plain socket that reads into
// one shared buffer (`onread`, no stream object per read), its own small decoder of the chunked
// body, and the text of a window of events parsed once for all the pages that receive the same
// bytes. The arrival time is still each page's own: taken when its bytes are read, before any
// parsing. (Node's HTTP client took half a core of this 2-core machine for a thousand pages at
// 56 events a second, and its queue added to every arrival it timed.)
//
// workerData: { origin, link, count }. Messages out: { type: 'counts', snapshots, failures } after
// every change (at most every 50 ms), { type: 'price', cents } for each amount first seen, and
// { type: 'arrivals', entries } in answer to { type: 'arrivals' }: [amount, acceptedAt, Float64Array
// of arrival times] per accepted amount (wall clock, ms). { type: 'close' } closes every page.
import net from 'node:net'
import { parentPort, workerData } from 'node:worker_threads'

const { origin, link, count } = workerData
const { hostname, port } = new URL(origin)
/** Wall-clock time in ms with sub-millisecond precision (comparable with the server's `creeLe`). */
const wallNow = () => performance.timeOrigin + performance.now()
const bidPattern = /^event: bid\ndata: .*"prixActuel":"([\d.]+)".*"creeLe":"([^"]+)"/gm

/** Accepted amount ('130.00') → its `creeLe` (ms) and the arrival time on each page that got it. */
const arrivals = new Map()
const sockets = []
let snapshots = 0
let failures = 0
let countsTimer

function countsChanged() {
  if (countsTimer) return
  countsTimer = setTimeout(() => {
    countsTimer = undefined
    parentPort.postMessage({ type: 'counts', snapshots, failures })
  }, 50)
}

/**
 * What a run of whole events holds: how many snapshots, and the accepted bids' arrival lists.
 * The same text reaches every page, so it is read once (the last few texts are kept).
 * @type {Map<string, { snapshots: number, bids: Array<{ at: number[] }> }>}
 */
const parsed = new Map()

/** @param {string} text - whole events (up to a blank line) */
function parse(text) {
  let result = parsed.get(text)
  if (result) return result
  result = { snapshots: 0, bids: [] }
  let from = text.indexOf('event: snapshot')
  while (from >= 0) {
    result.snapshots++
    from = text.indexOf('event: snapshot', from + 1)
  }
  for (const bid of text.matchAll(bidPattern)) {
    const [, amount, creeLe] = bid
    let seen = arrivals.get(amount)
    if (!seen) {
      seen = { acceptedAt: Date.parse(creeLe), at: [] }
      arrivals.set(amount, seen)
      parentPort.postMessage({ type: 'price', cents: Math.round(Number(amount) * 100) })
    }
    result.bids.push(seen)
  }
  if (parsed.size >= 64) parsed.delete(parsed.keys().next().value)
  parsed.set(text, result)
  return result
}

/** The buffer every socket reads into: a read is handled before the next one. */
const readBuffer = Buffer.alloc(256 * 1024)
const HEAD_END = Buffer.from('\r\n\r\n')

for (let page = 0; page < count; page++) {
  // Each page from its own address: one address may hold only 20 streams (issue #12 §5).
  const request =
    `GET /enchere/${link}/evenements HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
    `Accept: text/event-stream\r\nX-Forwarded-For: 10.9.${page >> 8}.${page & 255}\r\n\r\n`
  /** Bytes of the response head not yet whole; null once it is read. */
  let head = Buffer.alloc(0)
  let chunked = false
  /** In a chunked body: bytes left of the current chunk, or -1 while reading its size line. */
  let chunkLeft = -1
  let sizeLine = ''
  /** Chunk ends to skip (the CRLF after a chunk's data). */
  let skip = 0
  /** Text of events not yet ended by a blank line. */
  let pending = ''
  let failed = false

  const fail = () => {
    if (failed) return
    failed = true
    failures++
    countsChanged()
  }

  /** @param {string} text @param {number} at */
  const receive = (text, at) => {
    pending += text
    const cut = pending.lastIndexOf('\n\n')
    if (cut < 0) return
    const whole = pending.slice(0, cut + 2)
    pending = pending.slice(cut + 2)
    const result = parse(whole)
    if (result.snapshots > 0) {
      snapshots += result.snapshots
      countsChanged()
    }
    for (const seen of result.bids) seen.at.push(at)
  }

  /** @param {Buffer} bytes @param {number} at */
  const body = (bytes, at) => {
    if (!chunked) {
      receive(bytes.toString('latin1'), at)
      return
    }
    let offset = 0
    while (offset < bytes.length) {
      if (skip > 0) {
        const skipped = Math.min(skip, bytes.length - offset)
        skip -= skipped
        offset += skipped
      } else if (chunkLeft < 0) {
        const end = bytes.indexOf(10, offset)
        sizeLine += bytes.toString('latin1', offset, end < 0 ? bytes.length : end)
        if (end < 0) return
        offset = end + 1
        chunkLeft = Number.parseInt(sizeLine, 16)
        sizeLine = ''
        if (!(chunkLeft > 0)) return socket.destroy()
      } else {
        const take = Math.min(chunkLeft, bytes.length - offset)
        // Latin-1 keeps one character per byte: the fields read are ASCII, and a multi-byte
        // character cut between two reads cannot break a match.
        receive(bytes.toString('latin1', offset, offset + take), at)
        chunkLeft -= take
        offset += take
        if (chunkLeft === 0) {
          chunkLeft = -1
          skip = 2
        }
      }
    }
  }

  const socket = net.connect({
    host: hostname,
    port: Number(port),
    onread: {
      buffer: readBuffer,
      callback(length, buffer) {
        const at = wallNow()
        let bytes = buffer.subarray(0, length)
        if (head) {
          head = Buffer.concat([head, bytes])
          const end = head.indexOf(HEAD_END)
          if (end < 0) return
          const text = head.toString('latin1', 0, end)
          bytes = head.subarray(end + 4)
          head = null
          if (!text.startsWith('HTTP/1.1 200')) {
            fail()
            socket.destroy()
            return
          }
          chunked = /\r\ntransfer-encoding:\s*chunked/i.test(text)
        }
        body(bytes, at)
      },
    },
  })
  socket.on('connect', () => socket.write(request))
  socket.on('error', fail)
  socket.on('close', () => {
    if (head) fail()
  })
  sockets.push(socket)
}

parentPort.on('message', (message) => {
  if (message.type === 'arrivals') {
    const entries = [...arrivals].map(([amount, seen]) => [
      amount,
      seen.acceptedAt,
      Float64Array.from(seen.at),
    ])
    parentPort.postMessage({ type: 'arrivals', entries })
  } else if (message.type === 'close') {
    for (const socket of sockets) socket.destroy()
    parentPort.close()
  }
})
