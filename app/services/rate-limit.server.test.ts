import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getDatabase, type OpenedDatabase, queryRows, setDatabase } from '#app/db/client.server'
import { createPersonLimits, createRateLimit, networkOf, SHARED_FLUSH_MS } from './rate-limit.server'

describe('createRateLimit (in memory, embedded database)', () => {
  it('allows `points` attempts per key, then refuses with a wait in seconds', async () => {
    const limit = createRateLimit({ keyPrefix: 'test-memory', points: 2, durationSeconds: 600 })

    expect(await limit.consume('1.2.3.4')).toEqual({ allowed: true, retryAfterSeconds: 0 })
    expect(await limit.consume('1.2.3.4')).toEqual({ allowed: true, retryAfterSeconds: 0 })
    const refused = await limit.consume('1.2.3.4')

    expect(refused.allowed).toBe(false)
    expect(refused.retryAfterSeconds).toBeGreaterThan(590)
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(600)
    expect((await limit.consume('5.6.7.8')).allowed).toBe(true)
  })

  it('keeps limits with different prefixes apart and forgets everything on reset', async () => {
    const a = createRateLimit({ keyPrefix: 'test-a', points: 1, durationSeconds: 60 })
    const b = createRateLimit({ keyPrefix: 'test-b', points: 1, durationSeconds: 60 })
    await a.consume('ip')

    expect((await a.consume('ip')).allowed).toBe(false)
    expect((await b.consume('ip')).allowed).toBe(true)

    await a.reset()
    expect((await a.consume('ip')).allowed).toBe(true)
  })

  it("peeks at a key's count without taking a point", async () => {
    const limit = createRateLimit({ keyPrefix: 'test-peek', points: 3, durationSeconds: 60 })
    await limit.consume('ip')
    await limit.consume('ip')

    expect(await limit.peek('ip')).toBe(2)
    expect(await limit.peek('ip')).toBe(2)
    expect(await limit.peek('other')).toBe(0)
  })

  it('refuses an invalid prefix', () => {
    expect(() => createRateLimit({ keyPrefix: 'bad prefix', points: 1, durationSeconds: 1 })).toThrow()
  })
})

describe('createRateLimit on a PostgreSQL server', () => {
  let original: OpenedDatabase
  /** Statements the limits sent to the server. */
  let statements: string[]

  beforeEach(() => {
    original = getDatabase()
    statements = []
    const pglite = original.pglite
    // The server's pool, or over the test's PGlite a pool of the same shape: the same SQL a
    // PostgreSQL server would receive. Either way each statement is recorded.
    const send = pglite
      ? async (text: string, values?: unknown[]) => {
          const result = await pglite.query(text, values)
          return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length }
        }
      : (text: string, values?: unknown[]) => (original.pool as pg.Pool).query(text, values)
    const pool = {
      query: (text: string, values?: unknown[]) => {
        statements.push(text)
        return send(text, values)
      },
    } as unknown as pg.Pool
    setDatabase({ ...original, kind: 'postgres', pool })
  })

  afterEach(() => {
    setDatabase(original)
  })

  /** The stored points of a key, once the flush has written `expected` (or after 2 s). */
  async function storedPoints(key: string, expected: number): Promise<number | undefined> {
    let points: number | undefined
    for (let tries = 0; tries < 40; tries++) {
      // The first flush creates the table.
      const [row] = await queryRows<{ points: number }>(
        original.db,
        sql`select points from rate_limits where key = ${key}`,
      ).catch(() => [])
      points = row?.points
      if (points === expected) break
      await new Promise((resolve) => setTimeout(resolve, SHARED_FLUSH_MS / 5))
    }
    return points
  }

  it('decides in memory and adds the points to the shared rate_limits table in one statement', async () => {
    const limit = createRateLimit({ keyPrefix: 'test-pg', points: 2, durationSeconds: 120 })

    expect((await limit.consume('9.9.9.9')).allowed).toBe(true)
    expect((await limit.consume('9.9.9.9')).allowed).toBe(true)
    const refused = await limit.consume('9.9.9.9')
    for (let index = 0; index < 20; index++) await limit.consume(`10.0.0.${index}`)

    expect(refused.allowed).toBe(false)
    expect(refused.retryAfterSeconds).toBeGreaterThan(100)
    expect(statements).toEqual([])
    expect(await storedPoints('test-pg:9.9.9.9', 3)).toBe(3)
    expect(await storedPoints('test-pg:10.0.0.19', 1)).toBe(1)
    expect(statements.filter((text) => text.includes('insert into'))).toHaveLength(1)

    await limit.reset()
    const after = await queryRows(original.db, sql`select key from rate_limits where key like 'test-pg:%'`)
    expect(after).toEqual([])
    expect((await limit.consume('9.9.9.9')).allowed).toBe(true)
  })

  it('limits a key across instances: each adopts the shared total at its next flush', async () => {
    // Two limits with one prefix stand for the same limit in two server processes.
    const onA = createRateLimit({ keyPrefix: 'test-shared', points: 3, durationSeconds: 120 })
    const onB = createRateLimit({ keyPrefix: 'test-shared', points: 3, durationSeconds: 120 })
    expect((await onA.consume('ip')).allowed).toBe(true)
    expect((await onA.consume('ip')).allowed).toBe(true)
    expect(await storedPoints('test-shared:ip', 2)).toBe(2)

    expect((await onB.consume('ip')).allowed).toBe(true)
    expect(await storedPoints('test-shared:ip', 3)).toBe(3)
    await new Promise((resolve) => setTimeout(resolve, SHARED_FLUSH_MS))

    expect((await onB.consume('ip')).allowed).toBe(false)
  })

  it('forgets on reset the totals of a flush that was under way, so the key starts again', async () => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const pool = getDatabase().pool as pg.Pool
    const query = pool.query.bind(pool) as (text: string, values?: unknown[]) => Promise<unknown>
    // The flush's statement is sent, and its answer held until the test lets it through.
    Object.assign(pool, {
      query: async (text: string, values?: unknown[]) => {
        const result = await query(text, values)
        if (text.includes('insert into')) await held
        return result
      },
    })
    const limit = createRateLimit({ keyPrefix: 'test-reset', points: 2, durationSeconds: 120 })
    for (let index = 0; index < 3; index++) await limit.consume('ip')
    expect((await limit.consume('ip')).allowed).toBe(false)
    await vi.waitUntil(() => statements.some((text) => text.includes('insert into')))

    const resetting = limit.reset()
    await new Promise((resolve) => setTimeout(resolve, 50))
    release()
    await resetting

    expect(
      await queryRows(original.db, sql`select key from rate_limits where key = 'test-reset:ip'`),
    ).toEqual([])
    expect((await limit.consume('ip')).allowed).toBe(true)
  })

  it('gives a refunded point back to the shared count', async () => {
    const limit = createRateLimit({ keyPrefix: 'test-refund', points: 5, durationSeconds: 120 })
    await limit.consume('ip')
    await limit.consume('ip')
    expect(await storedPoints('test-refund:ip', 2)).toBe(2)

    await limit.refund('ip')
    expect(await storedPoints('test-refund:ip', 1)).toBe(1)
  })
})

describe('networkOf (issue #37 §1)', () => {
  it('gives the /24 of an IPv4 address and the /64 of an IPv6 one', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24')
    expect(networkOf('::ffff:203.0.113.250')).toBe('203.0.113.0/24')
    expect(networkOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(networkOf('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64')
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(networkOf('inconnue')).toBe('inconnue')
  })
})

describe('createPersonLimits (issue #36 §6)', () => {
  it('tells apart the people behind one address, up to the looser ceiling of the address', async () => {
    const limits = createPersonLimits({
      keyPrefix: 'test-person',
      pair: { points: 2, durationSeconds: 600 },
      email: { points: 3, durationSeconds: 3600 },
      client: { points: 5, durationSeconds: 600 },
    })

    const office = []
    for (let index = 0; index < 5; index++) {
      office.push((await limits.consume('198.51.100.1', `collegue${index}@exemple.fr`)).allowed)
    }
    const sixth = await limits.consume('198.51.100.1', 'collegue5@exemple.fr')
    const pair = [
      (await limits.consume('198.51.100.2', 'marie@exemple.fr')).allowed,
      (await limits.consume('198.51.100.2', 'marie@exemple.fr')).allowed,
      (await limits.consume('198.51.100.2', 'marie@exemple.fr')).allowed,
    ]
    const elsewhere = [
      (await limits.consume('198.51.100.3', 'marie@exemple.fr')).allowed,
      (await limits.consume('198.51.100.4', 'marie@exemple.fr')).allowed,
    ]

    expect(office).toEqual([true, true, true, true, true])
    expect(sixth.allowed).toBe(false)
    expect(sixth.retryAfterSeconds).toBeGreaterThan(0)
    expect(pair).toEqual([true, true, false])
    // The address alone: 3 an hour, wherever from (the refused pair attempt took none of them).
    expect(elsewhere).toEqual([true, false])
  })
})
