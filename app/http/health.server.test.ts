import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDatabase, getDb, setDatabase } from '#app/db/client.server'
import { emailsSortants } from '#app/db/schema'
import { checkHealth } from '#app/services/health/check-health.server'
import { startTestServer, type TestServer } from '#tests/support/http-server'
import { serveHealth } from './health.server'

let test: TestServer

beforeAll(async () => {
  // serveHealth, and 'suite' (418) for anything else.
  test = await startTestServer((req, res) =>
    serveHealth(req, res, () => {
      res.writeHead(418, { 'Content-Type': 'text/plain' })
      res.end('suite')
    }),
  )
})

afterAll(async () => {
  await test.close()
})

function email(statut: 'en_attente' | 'envoye' | 'echec') {
  return {
    modele: 'contact',
    destinataire: 'a@exemple.fr',
    sujet: 'Sujet',
    html: '<p>x</p>',
    texte: 'x',
    statut,
  }
}

describe('GET /healthz', () => {
  it('answers 200 with the number of e-mails waiting in the outbox, never cached', async () => {
    await getDb()
      .insert(emailsSortants)
      .values([email('en_attente'), email('en_attente'), email('envoye'), email('echec')])

    const response = await fetch(`${test.origin}/healthz`)

    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = await response.json()
    expect(body).toMatchObject({ status: 'ok', database: 'ok', outboxBacklog: 2 })
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0)
  })

  it('answers 503 when the database is closed (a process shutting down)', async () => {
    const opened = getDatabase()
    setDatabase(undefined)
    try {
      const response = await fetch(`${test.origin}/healthz?sonde=1`)

      expect(response.status).toBe(503)
      expect(await response.json()).toMatchObject({
        status: 'unavailable',
        database: 'unreachable',
        outboxBacklog: null,
      })
    } finally {
      setDatabase(opened)
    }
  })

  it('answers HEAD without a body, and passes every other request on', async () => {
    const head = await fetch(`${test.origin}/healthz`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')

    for (const [path, method] of [
      ['/healthz', 'POST'],
      ['/healthz/x', 'GET'],
      ['/', 'GET'],
    ] as const) {
      const response = await fetch(`${test.origin}${path}`, { method })
      expect(response.status, `${method} ${path}`).toBe(418)
    }
  })
})

describe('checkHealth', () => {
  it('calls a database that does not answer in time unreachable', async () => {
    // A transaction holds the outbox table locked longer than the check waits (both engines).
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    let locked = () => {}
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve
    })
    const holding = getDb().transaction(async (tx) => {
      await tx.execute(sql`lock table emails_sortants in access exclusive mode`)
      locked()
      await released
    })
    await isLocked

    const health = await checkHealth(100)

    release()
    await holding
    expect(health).toEqual({
      isDatabaseReachable: false,
      outboxBacklog: null,
      outboxFailing: null,
      isDiskFull: false,
    })
    expect(await checkHealth()).toEqual({
      isDatabaseReachable: true,
      outboxBacklog: 0,
      outboxFailing: 0,
      isDiskFull: false,
    })
  })
})
