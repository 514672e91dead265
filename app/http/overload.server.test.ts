import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reloadEnv } from '#app/env.server'
import { refuseWhenOverloaded } from './overload.server'

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('bids refused while the event loop lags (issue #34 §2)', () => {
  let server: http.Server
  let origin = ''
  beforeAll(async () => {
    process.env.OVERLOAD_DELAY_MS = '50'
    reloadEnv()
    server = http.createServer((req, res) => {
      if (!refuseWhenOverloaded(req, res)) res.end('mise')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    process.env.OVERLOAD_DELAY_MS = '0'
    reloadEnv()
    await new Promise((resolve) => server.close(resolve))
  })

  it('answers 503 with Retry-After after a window where the loop was blocked, then answers again', async () => {
    expect((await fetch(origin)).status).toBe(200)
    await wait(600)
    // The loop blocked for 300 ms: the window that ends now measured it.
    const until = Date.now() + 300
    while (Date.now() < until) {
      // busy
    }
    await wait(20)
    const refused = await fetch(origin)
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('1')
    expect(await refused.text()).toContain('Le serveur est très sollicité')
    await expect.poll(async () => (await fetch(origin)).status, { timeout: 3_000, interval: 100 }).toBe(200)
  })
})
