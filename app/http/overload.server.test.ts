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
    // The loop blocked for 300 ms: once a window has measured it, a bid is refused. The block is
    // repeated until then, since the window may end just before or during a block.
    let refused: Response | undefined
    await expect
      .poll(
        async () => {
          const until = Date.now() + 300
          while (Date.now() < until) {
            // busy
          }
          await wait(20)
          refused = await fetch(origin)
          return refused.status
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(503)
    if (!refused) throw new Error('no answer')
    expect(refused.headers.get('retry-after')).toBe('1')
    expect(await refused.text()).toContain('Le serveur est très sollicité')
    await expect.poll(async () => (await fetch(origin)).status, { timeout: 3_000, interval: 100 }).toBe(200)
  })
})
