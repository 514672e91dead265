// The auction bench's mail server (bench/auction.ts, `startSmtpSink`), in a worker thread of the
// load generator: the server under test sends its e-mails over SMTP as in production (DESIGN.md
// §7), to a relay that accepts every message and keeps only their count.
//
// Messages out: { type: 'listening', port } once it listens on 127.0.0.1, then { type: 'count',
// count } in answer to { type: 'count' }. { type: 'close' } stops it.
import { parentPort } from 'node:worker_threads'
import { createLocalSmtpServer } from '../tests/support/smtp-server.mjs'

let count = 0
const server = createLocalSmtpServer({
  onData(stream, _session, callback) {
    stream.on('end', () => {
      count++
      callback()
    })
    stream.resume()
  },
})
server.listen(0, '127.0.0.1', () => {
  parentPort?.postMessage({ type: 'listening', port: server.server.address().port })
})
parentPort?.on('message', (message) => {
  if (message.type === 'count') parentPort?.postMessage({ type: 'count', count })
  else if (message.type === 'close') server.close(() => process.exit(0))
})
