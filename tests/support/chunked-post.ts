import http from 'node:http'

/** What the server answered a chunked POST, and how much of the body went out before it did. */
export type ChunkedAnswer = {
  status: number
  text: string
  /** Body bytes written to the socket before the answer came (or the server closed it). */
  bytesSent: number
}

/**
 * Test helper, as a hostile visitor: POSTs `totalBytes` of `fill` with `Transfer-Encoding: chunked`
 * (no Content-Length), 64 KB a write, waiting for the socket to drain between writes (so this
 * process never holds the body: its own memory stays flat), and stops writing as soon as the
 * answer's head arrives. A server that closes the socket after answering is expected.
 *
 * @param url - absolute URL, e.g. `http://127.0.0.1:3410/contact`.
 * @param options.totalBytes - body size to offer, in bytes.
 * @param options.contentType - e.g. `application/x-www-form-urlencoded`.
 * @param options.headers - extra headers (Origin, X-Forwarded-For…).
 * @param options.prefix - bytes sent first (e.g. `message=`), before the fill.
 * @returns the answer; rejects when no answer came at all.
 */
export function postChunked(
  url: string,
  options: { totalBytes: number; contentType: string; headers?: Record<string, string>; prefix?: string },
): Promise<ChunkedAnswer> {
  return new Promise((resolve, reject) => {
    const piece = Buffer.alloc(64 * 1024, 'x')
    let bytesSent = 0
    let answered = false
    const request = http.request(url, {
      method: 'POST',
      agent: false,
      headers: { ...options.headers, 'Content-Type': options.contentType, 'Transfer-Encoding': 'chunked' },
    })
    request.on('response', (response) => {
      answered = true
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        text += chunk
      })
      const done = () => resolve({ status: response.statusCode ?? 0, text, bytesSent })
      response.on('end', done)
      response.on('error', done)
    })
    request.on('error', (error) => {
      if (!answered) reject(error)
    })
    const write = () => {
      while (!answered && bytesSent < options.totalBytes) {
        const chunk =
          bytesSent === 0 && options.prefix
            ? Buffer.from(options.prefix)
            : piece.subarray(0, options.totalBytes - bytesSent)
        bytesSent += chunk.length
        if (!request.write(chunk)) {
          request.once('drain', write)
          return
        }
      }
      if (!answered) request.end()
    }
    write()
  })
}
