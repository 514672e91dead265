// The auction bench's open pages (bench/auction.ts, `openPages`), in a worker thread of the load
// generator: a thousand pages in a bidding war are a thousand browsers on other machines, so their
// reading of the stream must not delay, on the generator's own event loop, the moment it sees a
// bid's answer arrive (that would add the pages' work to every measured latency).
//
// workerData: { origin, link, count }. Messages out: { type: 'counts', snapshots, failures } after
// every change (at most every 50 ms), { type: 'price', cents } for each amount first seen, and
// { type: 'arrivals', entries } in answer to { type: 'arrivals' }: [amount, acceptedAt, Float64Array
// of arrival times] per accepted amount (wall clock, ms). { type: 'close' } closes every page.
import http from 'node:http'
import { parentPort, workerData } from 'node:worker_threads'

const { origin, link, count } = workerData
/** Wall-clock time in ms with sub-millisecond precision (comparable with the server's `creeLe`). */
const wallNow = () => performance.timeOrigin + performance.now()
const bidPattern = /^event: bid\ndata: .*"prixActuel":"([\d.]+)".*"creeLe":"([^"]+)"/m

/** Accepted amount ('130.00') → its `creeLe` (ms) and the arrival time on each page that got it. */
const arrivals = new Map()
const requests = []
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

for (let page = 0; page < count; page++) {
  // Each page from its own address: one address may hold only 20 streams (issue #12 §5).
  const headers = { 'x-forwarded-for': `10.9.${page >> 8}.${page & 255}` }
  const request = http.get(`${origin}/enchere/${link}/evenements`, { agent: false, headers }, (response) => {
    if (response.statusCode !== 200) {
      failures++
      countsChanged()
      response.resume()
      return
    }
    response.setEncoding('utf8')
    let buffer = ''
    response.on('data', (chunk) => {
      const at = wallNow()
      buffer += chunk
      let cut = buffer.indexOf('\n\n')
      while (cut >= 0) {
        const block = buffer.slice(0, cut)
        buffer = buffer.slice(cut + 2)
        if (block.includes('event: snapshot')) {
          snapshots++
          countsChanged()
        }
        const bid = bidPattern.exec(block)
        if (bid?.[1] && bid[2]) {
          let seen = arrivals.get(bid[1])
          if (!seen) {
            seen = { acceptedAt: Date.parse(bid[2]), at: [] }
            arrivals.set(bid[1], seen)
            parentPort.postMessage({ type: 'price', cents: Math.round(Number(bid[1]) * 100) })
          }
          seen.at.push(at)
        }
        cut = buffer.indexOf('\n\n')
      }
    })
    response.on('error', () => undefined)
  })
  request.on('error', () => {
    failures++
    countsChanged()
  })
  requests.push(request)
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
    for (const request of requests) request.destroy()
    parentPort.close()
  }
})
