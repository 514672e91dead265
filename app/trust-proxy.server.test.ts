import express from 'express'
import { afterAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '#tests/support/http-server'
import { parseTrustProxy } from './trust-proxy.server'

describe('parseTrustProxy', () => {
  it('reads no proxy, a hop count (true meaning one) or a list of addresses and ranges', () => {
    for (const none of [undefined, '', 'false', 'no', '0']) expect(parseTrustProxy(none)).toBe(false)
    expect(parseTrustProxy('true')).toBe(1)
    expect(parseTrustProxy('1')).toBe(1)
    expect(parseTrustProxy('2')).toBe(2)
    expect(parseTrustProxy('loopback, 10.0.0.0/8,192.168.1.7, fd00::/8, 172.16.0.0/255.240.0.0')).toEqual([
      'loopback',
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      '172.16.0.0/255.240.0.0',
    ])
  })

  it('refuses what is neither, naming it', () => {
    expect(() => parseTrustProxy('tout')).toThrow('« tout »')
    expect(() => parseTrustProxy('loopback, 10.0.0.0/33')).toThrow('« 10.0.0.0/33 »')
    expect(() => parseTrustProxy('300.1.1.1')).toThrow('« 300.1.1.1 »')
    expect(() => parseTrustProxy('50')).toThrow('10 au plus')
  })
})

describe('the client address Express derives from each setting', () => {
  const servers: TestServer[] = []
  /** A real Express app with `trust proxy` from `value`, answering `req.ip`. */
  async function ipSeenWith(value: string, forwardedFor: string): Promise<string> {
    const app = express()
    const setting = parseTrustProxy(value)
    if (setting !== false) app.set('trust proxy', setting)
    app.get('/', (req, res) => {
      res.send(req.ip)
    })
    const server = await startTestServer(app)
    servers.push(server)
    const response = await fetch(server.origin, { headers: { 'x-forwarded-for': forwardedFor } })
    return response.text()
  }

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()))
  })

  // The test is the proxy (127.0.0.1); the visitor at 198.51.100.7 wrote a forged first entry.
  const forged = '203.0.113.99, 198.51.100.7'

  it('takes the address the one trusted proxy saw, not the forged prefix (1, true, loopback, a CIDR)', async () => {
    expect(await ipSeenWith('1', forged)).toBe('198.51.100.7')
    expect(await ipSeenWith('true', forged)).toBe('198.51.100.7')
    expect(await ipSeenWith('loopback', forged)).toBe('198.51.100.7')
    expect(await ipSeenWith('127.0.0.0/8', forged)).toBe('198.51.100.7')
  })

  it('ignores X-Forwarded-For without a trusted proxy', async () => {
    expect(await ipSeenWith('false', forged)).toMatch(/127\.0\.0\.1$/)
  })
})
