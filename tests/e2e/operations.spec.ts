import { expect, test } from './fixtures'

test.describe('an operable process (issue #12 §4)', () => {
  test('GET /healthz tells a load balancer the database answers, never from a cache', async ({ request }) => {
    const response = await request.get('/healthz')

    expect(response.status()).toBe(200)
    expect(response.headers()['cache-control']).toBe('no-store')
    const body = await response.json()
    expect(body).toMatchObject({ status: 'ok', database: 'ok' })
    expect(body.outboxBacklog).toBeGreaterThanOrEqual(0)
  })

  test('every answer carries its request id: a sane one given is kept, any other replaced', async ({
    request,
  }) => {
    const given = await request.get('/portfolio', { headers: { 'X-Request-Id': 'proxy-7f3a.1' } })
    expect(given.status()).toBe(200)
    expect(given.headers()['x-request-id']).toBe('proxy-7f3a.1')

    const forged = await request.get('/portfolio', { headers: { 'X-Request-Id': 'x" level=60' } })
    expect(forged.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)

    const file = await request.get('/favicon.svg')
    expect(file.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })
})
