import type { IncomingMessage, ServerResponse } from 'node:http'

/** Largest accepted request body, in bytes, outside back-office uploads (issue #2 §7). */
export const MAX_BODY_BYTES = 1_000_000
/** Largest accepted body of a back-office multipart form, in bytes (10 files of 5 MB, back-office spec §9). */
export const MAX_UPLOAD_BODY_BYTES = 60_000_000
/** The answer's text (413). */
export const BODY_TOO_LARGE_MESSAGE = 'La requête est trop volumineuse.'

/** Only the back-office uploads images: a multipart form elsewhere gets the small limit. */
function limitOf(req: IncomingMessage): number {
  return req.url?.startsWith('/admin/') && /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '')
    ? MAX_UPLOAD_BODY_BYTES
    : MAX_BODY_BYTES
}

/**
 * How long a refused request's connection stays open after the 413, in ms: what the client still
 * sends is read and dropped meanwhile, so it reads the answer instead of a connection reset (a
 * socket closed with unread data sends a reset, which can overtake the answer).
 */
const LINGER_MS = 2_000

/**
 * Answers 413 {@link BODY_TOO_LARGE_MESSAGE} to a request whose body is over its limit, then closes
 * the connection {@link LINGER_MS} later (the reader of the body gets an error then, never the end
 * of a truncated body). A request answered already (a guard's redirect while the body still comes)
 * has its connection closed at once.
 *
 * @param req - the Node request; `res` - its response.
 */
export function refuseBody(req: IncomingMessage, res: ServerResponse): void {
  const socket = req.socket
  if (res.headersSent || res.writableEnded) {
    socket.destroy()
    return
  }
  // Node would close the connection as soon as the answer is out when the client asked for
  // `Connection: close`: the linger below closes it instead.
  res.shouldKeepAlive = true
  res.writeHead(413, { 'Content-Type': 'text/plain; charset=utf-8' })
  res.end(BODY_TOO_LARGE_MESSAGE)
  const close = setTimeout(() => socket.destroy(), LINGER_MS)
  close.unref()
  socket.once('close', () => clearTimeout(close))
}

/**
 * The request-body size limit of every request (issue #12 §5 "Hardened edges"), mounted in
 * server.ts before anything reads a body: {@link MAX_BODY_BYTES}, or {@link MAX_UPLOAD_BODY_BYTES}
 * for a multipart form posted under `/admin/`. A declared `Content-Length` over the limit is
 * answered at once; otherwise the bytes are counted as they arrive from the socket, chunked or not,
 * whoever reads them (React Router's `request.formData()`, the bid region), and past the limit the
 * rest is dropped: 413 `La requête est trop volumineuse.` ({@link refuseBody}), the reader's body
 * ends in an error when the connection closes (app/lib/form-data.ts reads it as an empty form), and
 * the memory held stays at most the limit.
 *
 * The count sits on the request's `push`, which Node's HTTP parser calls with each piece of body it
 * reads from the socket (a readable's documented way in); tests/e2e/hardened-edges.spec.ts proves it
 * on the built server with a chunked 50 MB body.
 *
 * @param req - the Node request; `res` - its response.
 * @param next - called at once when the request may go on (its body is then counted as read).
 */
export function limitRequestBody(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const declared = req.headers['content-length']
  if (declared === undefined && req.headers['transfer-encoding'] === undefined) {
    next()
    return
  }
  const limit = limitOf(req)
  if (Number(declared ?? 0) > limit) {
    refuseBody(req, res)
    return
  }
  let received = 0
  const push = req.push
  req.push = function countedPush(chunk: unknown, encoding?: BufferEncoding): boolean {
    // Past the limit nothing more reaches the reader, not even the end: it must not read a
    // truncated body as a whole one.
    if (received > limit) return true
    if (chunk === null || !(chunk instanceof Uint8Array)) return push.call(this, chunk, encoding)
    received += chunk.length
    if (received <= limit) return push.call(this, chunk, encoding)
    refuseBody(req, res)
    return true
  }
  next()
}
