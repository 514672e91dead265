import { sql } from 'drizzle-orm'
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from 'rate-limiter-flexible'
import { getDatabase, type OpenedDatabase } from '#app/db/client.server'
import { logger } from '#app/logger.server'

/** Outcome of one {@link RateLimit.consume} call. */
export type RateLimitResult = {
  /** True when the action may proceed (a point was taken). */
  allowed: boolean
  /** Seconds to wait before the next allowed attempt (0 when allowed), rounded up. */
  retryAfterSeconds: number
}

export type RateLimitOptions = {
  /** Namespace of the keys, unique per use (e.g. 'contact', 'auction-link'). Letters, digits, '-', '_'. */
  keyPrefix: string
  /** Attempts allowed per window. */
  points: number
  /** Window length in seconds. */
  durationSeconds: number
}

/** A fixed-window rate limit: `points` attempts per `durationSeconds` and per key (usually an IP). */
export type RateLimit = {
  /**
   * Takes one point for `key`.
   * @returns `{ allowed, retryAfterSeconds }`; never throws (a failing store falls back to memory).
   */
  consume: (key: string) => Promise<RateLimitResult>
  /**
   * Gives back one point taken from `key` — for limits that should count only failures, such as
   * sign-in. Never throws.
   */
  refund: (key: string) => Promise<void>
  /** Forgets every key of this limit (tests, or an admin action). */
  reset: () => Promise<void>
}

/** Table holding the counters when running on PostgreSQL (created on first use, not a migration). */
const POSTGRES_TABLE = 'rate_limits'

const tableReady = new WeakMap<OpenedDatabase, Promise<void>>()

function ensurePostgresTable(opened: OpenedDatabase): Promise<void> {
  let ready = tableReady.get(opened)
  if (!ready) {
    ready = opened.db
      .execute(
        sql.raw(
          `create table if not exists "${POSTGRES_TABLE}" (key varchar(255) primary key, points integer not null default 0, expire bigint)`,
        ),
      )
      .then(
        () => undefined,
        (error: { code?: string }) => {
          // Two instances creating the table at once: the loser sees a duplicate pg_type row.
          if (error.code !== '23505') throw error
        },
      )
    ready.catch(() => tableReady.delete(opened))
    tableReady.set(opened, ready)
  }
  return ready
}

/**
 * Creates a rate limit (public spec §8 contact form, §4 auction links: "limiter les abus").
 *
 * Storage: on the embedded PGlite there is exactly one process, so counters live in memory
 * (`RateLimiterMemory`). When the database is a PostgreSQL server (DATABASE_URL), several instances
 * may serve the same site, so counters live in the shared table `rate_limits` through
 * `RateLimiterPostgres` on `getDatabase().pool`, with an in-memory limiter as insurance if the
 * database errors. The store is chosen on first use, so this can be called at module load.
 *
 * @example
 *   const contactLimit = createRateLimit({ keyPrefix: 'contact', points: 5, durationSeconds: 600 })
 *   const { allowed, retryAfterSeconds } = await contactLimit.consume(context.clientIp)
 */
export function createRateLimit(options: RateLimitOptions): RateLimit {
  if (!/^[\w-]+$/.test(options.keyPrefix)) {
    throw new Error(`Préfixe de limite invalide : ${options.keyPrefix}`)
  }
  const base = {
    keyPrefix: options.keyPrefix,
    points: options.points,
    duration: options.durationSeconds,
  }
  let memory = new RateLimiterMemory(base)
  let current: { opened: OpenedDatabase; limiter: RateLimiterAbstract } | undefined

  async function limiterFor(): Promise<RateLimiterAbstract> {
    let opened: OpenedDatabase
    try {
      opened = getDatabase()
    } catch {
      return memory
    }
    if (opened.kind !== 'postgres' || !opened.pool) return memory
    if (current?.opened !== opened) {
      await ensurePostgresTable(opened)
      current = {
        opened,
        limiter: new RateLimiterPostgres({
          ...base,
          storeClient: opened.pool,
          storeType: 'pool',
          tableName: POSTGRES_TABLE,
          tableCreated: true,
          insuranceLimiter: memory,
        }),
      }
    }
    return current.limiter
  }

  const handle: RateLimit = {
    async consume(key) {
      let limiter: RateLimiterAbstract = memory
      try {
        limiter = await limiterFor()
        await limiter.consume(key)
        return { allowed: true, retryAfterSeconds: 0 }
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) }
        }
        logger.warn({ err: error, keyPrefix: options.keyPrefix }, 'Limiteur de débit indisponible')
        if (limiter === memory) return { allowed: true, retryAfterSeconds: 0 }
        try {
          await memory.consume(key)
          return { allowed: true, retryAfterSeconds: 0 }
        } catch (fallbackError) {
          if (fallbackError instanceof RateLimiterRes) {
            return {
              allowed: false,
              retryAfterSeconds: Math.max(1, Math.ceil(fallbackError.msBeforeNext / 1000)),
            }
          }
          return { allowed: true, retryAfterSeconds: 0 }
        }
      }
    },
    async refund(key) {
      try {
        await (await limiterFor()).reward(key, 1)
      } catch (error) {
        logger.warn({ err: error, keyPrefix: options.keyPrefix }, 'Limiteur de débit indisponible')
      }
    },
    async reset() {
      memory = new RateLimiterMemory(base)
      if (current) {
        const prefix = `${options.keyPrefix}:`
        await current.opened.db.execute(
          sql`delete from ${sql.identifier(POSTGRES_TABLE)} where left(key, ${prefix.length}) = ${prefix}`,
        )
        current = undefined
      }
    },
  }
  return handle
}
