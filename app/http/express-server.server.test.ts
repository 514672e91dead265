import type { IncomingMessage, ServerResponse } from 'node:http'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '#tests/support/http-server'
import { createExpressServer } from './express-server.server'

const app = express()
app.set('trust proxy', 1)
app.use(express.urlencoded({ extended: false }))
app.post('/mise', (req, res) => {
  res
    .status(201)
    .type('text/plain')
    .send(`${req.get('accept')} ${req.path} ${req.ip} ${String(req.body.montant)}`)
})
app.get('/json', (_req, res) => {
  res.json({ ok: true })
})

/** For each request, whether it and its response had the app's prototypes before Express saw them. */
const created: Array<{ request: boolean; response: boolean }> = []
let test: TestServer

beforeAll(async () => {
  const server = createExpressServer(app)
  // Runs before the app, so before Express's own `Object.setPrototypeOf`.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    created.push({
      request: Object.getPrototypeOf(req) === app.request,
      response: Object.getPrototypeOf(res) === app.response,
    })
  })
  test = await startTestServer(server)
})

afterAll(async () => {
  await test.close()
})

describe('createExpressServer', () => {
  it("creates each request and response with the app's prototypes, on one keep-alive connection as on new ones", async () => {
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${test.origin}/json`)
      expect(await response.json()).toEqual({ ok: true })
    }

    expect(created).toHaveLength(3)
    expect(created.every((one) => one.request && one.response)).toBe(true)
  })

  it('serves the app as `app.listen` does: its routes, body parsers, request and response helpers', async () => {
    const response = await fetch(`${test.origin}/mise?x=1`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'text/html',
        'X-Forwarded-For': '203.0.113.7',
      },
      body: 'montant=130',
    })

    expect(response.status).toBe(201)
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(await response.text()).toBe('text/html /mise 203.0.113.7 130')
  })

  it("answers Express's 404 for what no route serves", async () => {
    const response = await fetch(`${test.origin}/absent`)

    expect(response.status).toBe(404)
    expect(await response.text()).toContain('Cannot GET /absent')
  })
})
