import { Writable } from 'node:stream'
import pino from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '#tests/support/http-server'
import { createRequestLogger, logPath } from './access-log.server'

/** The JSON lines the access log wrote during a test. */
let lines: Record<string, unknown>[] = []
let test: TestServer

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      callback()
    },
  })
  const logRequests = createRequestLogger(pino({ level: 'info' }, sink))
  // The status comes from the path: /erreur answers 500, /plus-tard 503 with Retry-After, anything
  // else 200 (or 404 for /absent).
  test = await startTestServer((req, res) =>
    logRequests(req, res, () => {
      const url = req.url ?? ''
      const status = url.startsWith('/erreur')
        ? 500
        : url.startsWith('/plus-tard')
          ? 503
          : url.startsWith('/absent')
            ? 404
            : 200
      if (status === 500) req.log.error('Panne')
      if (status === 503) res.setHeader('Retry-After', '1')
      res.writeHead(status, { 'Content-Type': 'text/plain' })
      res.end(String(req.id))
    }),
  )
})

afterAll(async () => {
  await test.close()
})

beforeEach(() => {
  lines = []
})

/** Waits for the line of a finished response (pino writes it on the response's 'finish'). */
async function logged(count: number) {
  for (let i = 0; i < 50 && lines.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 10))
  return lines
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('request ids', () => {
  it('keeps a sane X-Request-Id and sends it back', async () => {
    const response = await fetch(`${test.origin}/portfolio`, { headers: { 'X-Request-Id': 'lb-42.abc:7_x' } })

    expect(response.headers.get('x-request-id')).toBe('lb-42.abc:7_x')
    expect(await response.text()).toBe('lb-42.abc:7_x')
  })

  it('replaces a missing, overlong or strange X-Request-Id by a random UUID', async () => {
    for (const given of [undefined, 'a'.repeat(65), 'x" level=error', '<script>', '']) {
      const response = await fetch(`${test.origin}/`, {
        headers: given === undefined ? {} : { 'X-Request-Id': given },
      })
      const id = response.headers.get('x-request-id')
      expect(id, String(given)).toMatch(UUID)
      expect(await response.text()).toBe(id)
    }
  })
})

describe('access log lines', () => {
  it('write the id, method, path without query nor secret link, status and time, and no header', async () => {
    await fetch(`${test.origin}/enchere/lien-secret-123/evenements?jeton=abc`, {
      headers: { 'X-Request-Id': 'req-1', Cookie: 'session=secrete' },
    })

    const [line] = await logged(1)
    expect(line).toMatchObject({
      level: 30,
      reqId: 'req-1',
      req: { method: 'GET', path: '/enchere/…/evenements', ip: '127.0.0.1' },
      res: { statusCode: 200 },
      msg: expect.stringMatching(/^GET \/enchere\/…\/evenements 200 \d+ ms$/),
    })
    expect(typeof line?.responseTime).toBe('number')
    expect(JSON.stringify(line)).not.toMatch(/secret|jeton|Cookie|session/i)
  })

  it('log a 500 as an error with its request id, beside what the handler logged', async () => {
    await fetch(`${test.origin}/erreur`, { headers: { 'X-Request-Id': 'req-500' } })

    const found = await logged(2)
    expect(found).toContainEqual(expect.objectContaining({ level: 50, reqId: 'req-500', msg: 'Panne' }))
    expect(found).toContainEqual(
      expect.objectContaining({ level: 50, reqId: 'req-500', res: { statusCode: 500 } }),
    )
  })

  it('log a 503 asked again later (Retry-After) at info level, without an error', async () => {
    await fetch(`${test.origin}/plus-tard`, { headers: { 'X-Request-Id': 'req-503' } })

    const [line] = await logged(1)
    expect(line).toMatchObject({ level: 30, reqId: 'req-503', res: { statusCode: 503 } })
    expect(line).not.toHaveProperty('err')
  })

  it('leave files and health probes out at info level', async () => {
    await fetch(`${test.origin}/assets/entry-abc.js`)
    await fetch(`${test.origin}/healthz`)
    await fetch(`${test.origin}/absent`)

    const found = await logged(1)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(found.map((line) => (line.req as { path: string }).path)).toEqual(['/absent'])
  })
})

describe('logPath', () => {
  it('drops the query string and masks a private auction link', () => {
    expect(logPath('/enchere/abc123?x=1')).toBe('/enchere/…')
    expect(logPath('/blog/mon-article?page=2')).toBe('/blog/mon-article')
    expect(logPath(undefined)).toBe('')
  })
})
