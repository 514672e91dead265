import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getDatabase, type OpenedDatabase, queryRows, setDatabase } from '#app/db/client.server'
import { createRateLimit } from './rate-limit.server'

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

  it('refuses an invalid prefix', () => {
    expect(() => createRateLimit({ keyPrefix: 'bad prefix', points: 1, durationSeconds: 1 })).toThrow()
  })
})

describe('createRateLimit on a PostgreSQL server', () => {
  let original: OpenedDatabase

  beforeEach(() => {
    original = getDatabase()
    const pglite = original.pglite
    // A pg.Pool look-alike over the test's PGlite: the same SQL a PostgreSQL server would receive.
    const pool = pglite
      ? ({
          query: async (query: { text: string; values?: unknown[] }) => {
            const result = await pglite.query(query.text, query.values)
            return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length }
          },
        } as unknown as pg.Pool)
      : original.pool
    setDatabase({ ...original, kind: 'postgres', pool })
  })

  afterEach(() => {
    setDatabase(original)
  })

  it('stores the counters in the shared rate_limits table', async () => {
    const limit = createRateLimit({ keyPrefix: 'test-pg', points: 2, durationSeconds: 120 })

    expect((await limit.consume('9.9.9.9')).allowed).toBe(true)
    expect((await limit.consume('9.9.9.9')).allowed).toBe(true)
    const refused = await limit.consume('9.9.9.9')

    expect(refused.allowed).toBe(false)
    expect(refused.retryAfterSeconds).toBeGreaterThan(100)
    const rows = await queryRows<{ key: string; points: number }>(
      original.db,
      sql`select key, points from rate_limits where key = 'test-pg:9.9.9.9'`,
    )
    expect(rows).toEqual([{ key: 'test-pg:9.9.9.9', points: 3 }])

    await limit.reset()
    const after = await queryRows(original.db, sql`select key from rate_limits where key like 'test-pg:%'`)
    expect(after).toEqual([])
    expect((await limit.consume('9.9.9.9')).allowed).toBe(true)
  })
})
