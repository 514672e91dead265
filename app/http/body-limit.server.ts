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

function refuse(req: IncomingMessage, res: ServerResponse): void {
  if (res.headersSent || res.writableEnded) {
    // Answered already (a guard's redirect, say) while the body still comes: nothing more to say.
    req.socket.destroy()
    return
  }
  res.writeHead(413, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' })
  res.end(BODY_TOO_LARGE_MESSAGE)
}

/**
 * The request-body size limit of every request (issue #12 §5 "Hardened edges"), mounted in
 * server.ts before anything reads a body: {@link MAX_BODY_BYTES}, or {@link MAX_UPLOAD_BODY_BYTES}
 * for a multipart form posted under `/admin/`. A declared `Content-Length` over the limit is
 * answered at once; otherwise the bytes are counted as they arrive from the socket, chunked or not,
 * whoever reads them (React Router's `request.formData()`, the bid region), and past the limit the
 * rest is dropped unread: 413 `La requête est trop volumineuse.` with `Connection: close`, the
 * reader's body ends in an error (app/lib/form-data.ts reads it as an empty form), and the memory
 * held stays at most the limit.
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
    refuse(req, res)
    return
  }
  let received = 0
  const push = req.push
  req.push = function countedPush(chunk: unknown, encoding?: BufferEncoding): boolean {
    if (chunk === null || !(chunk instanceof Uint8Array)) return push.call(this, chunk, encoding)
    const before = received
    received += chunk.length
    if (received <= limit) return push.call(this, chunk, encoding)
    if (before <= limit) refuse(req, res)
    return true
  }
  next()
}
