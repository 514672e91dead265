import { createReadableStreamFromReadable } from '@react-router/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readForm } from '#app/lib/form-data'
import { postChunked } from '#tests/support/chunked-post'
import { startTestServer, type TestServer } from '#tests/support/http-server'
import { BODY_TOO_LARGE_MESSAGE, limitRequestBody, MAX_BODY_BYTES } from './body-limit.server'

let server: TestServer
/** Body bytes the reader behind the limit was given, per request path. */
const readBytes = new Map<string, number>()

beforeAll(async () => {
  // As in server.ts: the limit, then a reader of the body as React Router reads it (a web stream
  // over the Node request, `request.formData()` through readForm).
  server = await startTestServer((req, res) =>
    limitRequestBody(req, res, () => {
      let bytes = 0
      req.on('data', (chunk: Buffer) => {
        bytes += chunk.length
        readBytes.set(req.url ?? '', bytes)
      })
      req.pause()
      const request = new Request(`http://localhost${req.url}`, {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: createReadableStreamFromReadable(req) as ReadableStream<Uint8Array>,
        duplex: 'half',
      } as RequestInit)
      void readForm(request).then((form) => {
        if (res.writableEnded) return
        res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' })
        res.end(`${[...form.keys()].join(',')} ${String(form.get('message') ?? '').length}`)
      })
    }),
  )
})

afterAll(async () => {
  await server.close()
})

const urlencoded = 'application/x-www-form-urlencoded'

describe('limitRequestBody (issue #12 §5)', () => {
  it('answers 413 to a chunked 50 MB form once 1 MB is read, and passes none of the rest to the reader', async () => {
    const answer = await postChunked(`${server.origin}/contact`, {
      totalBytes: 50_000_000,
      contentType: urlencoded,
      prefix: 'nom=Gros&message=',
    })

    expect(answer.status).toBe(413)
    expect(answer.text).toBe(BODY_TOO_LARGE_MESSAGE)
    expect(answer.bytesSent).toBeLessThan(10_000_000)
    expect(readBytes.get('/contact')).toBeLessThanOrEqual(MAX_BODY_BYTES)
  })

  it('answers 413 at once to a declared Content-Length over the limit', async () => {
    const response = await fetch(`${server.origin}/declared`, {
      method: 'POST',
      headers: { 'content-type': urlencoded },
      body: `message=${'x'.repeat(MAX_BODY_BYTES)}`,
    })
    expect(response.status).toBe(413)
    expect(await response.text()).toBe(BODY_TOO_LARGE_MESSAGE)
    expect(readBytes.has('/declared')).toBe(false)
  })

  it('lets a chunked form under the limit through whole', async () => {
    const answer = await postChunked(`${server.origin}/small`, {
      totalBytes: 500_000,
      contentType: urlencoded,
      prefix: 'nom=Petit&message=',
    })
    expect(answer).toMatchObject({
      status: 200,
      text: `nom,message ${500_000 - 'nom=Petit&message='.length}`,
    })
  })

  it('gives the upload limit to a multipart form under /admin/ only', async () => {
    const multipart = 'multipart/form-data; boundary=limite'
    const toContact = await postChunked(`${server.origin}/contact-multipart`, {
      totalBytes: 3_000_000,
      contentType: multipart,
    })
    const toAdmin = await postChunked(`${server.origin}/admin/upload`, {
      totalBytes: 3_000_000,
      contentType: multipart,
    })
    expect(toContact.status).toBe(413)
    // Read whole (3 MB is under the upload limit): not a form, so an empty one.
    expect(toAdmin).toMatchObject({ status: 200, text: ' 0' })
    expect(readBytes.get('/admin/upload')).toBe(3_000_000)
  })
})
