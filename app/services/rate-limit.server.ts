import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import ipaddr from 'ipaddr.js'
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import { getDatabase, type OpenedDatabase } from '#app/db/client.server'
import { logger } from '#app/logger.server'
import { type ChannelListener, listenToChannel } from '#app/services/channel-listener.server'

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
  /**
   * Points taken for `key` in its current window (0 when none), to show or compare with the limit
   * without taking one: on a PostgreSQL server the shared total (every instance's flushed points)
   * or this instance's count if higher. Never throws (a failing store gives this instance's count).
   */
  peek: (key: string) => Promise<number>
  /** Forgets every key of this limit (tests, or an admin action). */
  reset: () => Promise<void>
}

/**
 * The network a client address belongs to, as a limit's key (issue #37 §1): its /24 for IPv4
 * (`203.0.113.0/24`), its /64 for IPv6 (`2001:db8:1:2::/64`, one household or one server as
 * providers hand them out); an IPv4 address written as IPv6 (`::ffff:203.0.113.7`) counts as IPv4.
 *
 * @param ip - the client address (Express's `req.ip`, TRUST_PROXY applied).
 * @returns the network, or `ip` itself when it is no address (e.g. 'inconnue').
 */
export function networkOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip
  const address = ipaddr.process(ip)
  if (address.kind() === 'ipv4') {
    const [a, b, c] = (address as ipaddr.IPv4).octets
    return `${a}.${b}.${c}.0/24`
  }
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16))
  return `${prefix.join(':')}::/64`
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
 * How often an instance adds the points it took to the shared table and reads the totals back, in
 * ms (issue #10 §2: a limit costs no database write per request; other instances' points are seen
 * at most this late).
 */
export const SHARED_FLUSH_MS = 250

/** PostgreSQL channel on which an instance tells the others which keys reached their limit. */
export const RATE_LIMITS_CHANNEL = 'encre_limites'
/** NOTIFY refuses payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_900

/** How an instance takes a shared total of one key: (key, total points, ms left in its window). */
type Adopt = (key: string, total: number, msLeft: number) => Promise<void>
/** A key at its limit, as sent on {@link RATE_LIMITS_CHANNEL}: key, total points, window end (ms). */
type ReachedKey = [key: string, points: number, expire: number]
type Notice = { origin: string; prefix: string; keys: ReachedKey[] }

type SyncState = {
  instanceId: string
  /** The adopt function of every limit of this process, by key prefix. */
  adopters: Map<string, Set<Adopt>>
  listener: ChannelListener | undefined
}
const globalSync = globalThis as typeof globalThis & { __encreRateLimitSync?: SyncState }
globalSync.__encreRateLimitSync ??= { instanceId: randomUUID(), adopters: new Map(), listener: undefined }
const sync = globalSync.__encreRateLimitSync

/** The NOTIFY payloads telling the other instances about `keys`, each under {@link MAX_PAYLOAD_BYTES}. */
function noticePayloads(prefix: string, keys: ReachedKey[]): string[] {
  const payloads: string[] = []
  let batch: ReachedKey[] = []
  const encode = (list: ReachedKey[]) =>
    JSON.stringify({ origin: sync.instanceId, prefix, keys: list } satisfies Notice)
  for (const key of keys) {
    if (batch.length > 0 && Buffer.byteLength(encode([...batch, key])) > MAX_PAYLOAD_BYTES) {
      payloads.push(encode(batch))
      batch = []
    }
    // A key too long for a notice alone (255 characters at most: never) is left out.
    if (Buffer.byteLength(encode([key])) <= MAX_PAYLOAD_BYTES) batch.push(key)
  }
  if (batch.length > 0) payloads.push(encode(batch))
  return payloads
}

/** Takes the totals another instance announced ({@link startRateLimitSync}). */
function receiveNotice(payload: string | undefined): void {
  let notice: Notice
  try {
    notice = JSON.parse(payload ?? '') as Notice
  } catch {
    return
  }
  if (notice.origin === sync.instanceId || !Array.isArray(notice.keys)) return
  const adopters = sync.adopters.get(notice.prefix)
  if (!adopters) return
  for (const [key, points, expire] of notice.keys) {
    for (const adopt of adopters) void adopt(key, points, expire - Date.now())
  }
}

/**
 * On a PostgreSQL server, listens to the keys other instances saw reach their limit
 * ({@link RATE_LIMITS_CHANNEL}), on a dedicated connection (reconnected like the other LISTEN
 * connections), so this instance refuses them too without having counted them itself (issue #12
 * §2). Does nothing on the embedded database (one process).
 *
 * @returns a promise resolved once LISTEN is active (or its first attempt failed).
 */
export function startRateLimitSync(): Promise<void> {
  let opened: OpenedDatabase | undefined
  try {
    opened = getDatabase()
  } catch {
    return Promise.resolve()
  }
  if (opened.kind !== 'postgres' || !opened.pool || sync.listener) return Promise.resolve()
  sync.listener = listenToChannel({
    pool: opened.pool,
    channel: RATE_LIMITS_CHANNEL,
    lostMessage: 'Connexion LISTEN des limites de débit perdue, nouvel essai',
    onNotification: receiveNotice,
  })
  return sync.listener.firstAttempt
}

/** Closes the LISTEN connection of {@link startRateLimitSync}, if any. */
export async function stopRateLimitSync(): Promise<void> {
  const listener = sync.listener
  sync.listener = undefined
  await listener?.stop()
}

/**
 * The points an instance took since its last flush, per key, and their flush to the shared table:
 * one statement adds them all (a window that has ended starts again) and returns each key's total;
 * the keys whose total reached `limit` are announced to the other instances
 * ({@link RATE_LIMITS_CHANNEL}), which may not have counted them at all.
 */
function sharedCounter(keyPrefix: string, durationSeconds: number, limit: number) {
  const taken = new Map<string, number>()
  let timer: NodeJS.Timeout | undefined
  let flushing: Promise<void> = Promise.resolve()

  async function flush(opened: OpenedDatabase, adopt: Adopt) {
    timer = undefined
    const batch = [...taken].filter(([, points]) => points !== 0)
    taken.clear()
    if (batch.length === 0 || !opened.pool) return
    const now = Date.now()
    const expire = now + durationSeconds * 1000
    const values: unknown[] = [now]
    const rows = batch.map(([key, points]) => {
      values.push(`${keyPrefix}:${key}`, points, expire)
      const at = values.length
      return `($${at - 2}, $${at - 1}::integer, $${at}::bigint)`
    })
    try {
      await ensurePostgresTable(opened)
      const result = await opened.pool.query<{ key: string; points: number; expire: string }>(
        `insert into "${POSTGRES_TABLE}" (key, points, expire) values ${rows.join(', ')}
         on conflict (key) do update set
           points = case when "${POSTGRES_TABLE}".expire <= $1 then excluded.points
                         else "${POSTGRES_TABLE}".points + excluded.points end,
           expire = case when "${POSTGRES_TABLE}".expire <= $1 then excluded.expire
                         else "${POSTGRES_TABLE}".expire end
         returning key, points, expire`,
        values,
      )
      const reached: ReachedKey[] = []
      for (const row of result.rows) {
        const key = row.key.slice(keyPrefix.length + 1)
        // Points taken here while the statement ran are not in the total yet.
        await adopt(key, row.points + (taken.get(key) ?? 0), Number(row.expire) - Date.now())
        if (row.points >= limit) reached.push([key, row.points, Number(row.expire)])
      }
      const payloads = noticePayloads(keyPrefix, reached)
      if (payloads.length > 0) {
        await opened.pool.query(
          `select ${payloads.map((_, index) => `pg_notify('${RATE_LIMITS_CHANNEL}', $${index + 1})`).join(', ')}`,
          payloads,
        )
      }
    } catch (error) {
      logger.warn({ err: error, keyPrefix }, 'Limiteur de débit partagé indisponible')
    }
  }

  return {
    /** Counts `points` (negative: given back) for `key`, flushed within {@link SHARED_FLUSH_MS}. */
    take(opened: OpenedDatabase, key: string, points: number, adopt: Parameters<typeof flush>[1]) {
      taken.set(key, (taken.get(key) ?? 0) + points)
      timer ??= setTimeout(() => {
        flushing = flushing.then(() => flush(opened, adopt))
      }, SHARED_FLUSH_MS)
      timer.unref()
    },
    /**
     * Forgets the points not flushed yet, then waits for a flush already under way, so that no
     * total read before the call is adopted after it.
     */
    async clear() {
      clearTimeout(timer)
      timer = undefined
      taken.clear()
      await flushing
    },
  }
}

/**
 * Creates a rate limit (public spec §8 contact form, §4 auction links: "limiter les abus").
 *
 * Every decision is taken in memory (`RateLimiterMemory`), so a request costs no database round
 * trip. On the embedded PGlite there is exactly one process, and that is all. When the database is
 * a PostgreSQL server (DATABASE_URL), several instances may serve the same site: each adds the
 * points it took to the shared table `rate_limits` (`{prefix}:{key}`, points, expire in ms) every
 * {@link SHARED_FLUSH_MS}, in one statement for all its keys, and adopts the totals it reads back;
 * a key whose total reached `points` is announced to every other instance listening
 * ({@link startRateLimitSync}), even one that never counted it — so a key is limited across
 * instances, a quarter of a second late at most (issue #10 §2, issue #12 §2). If the
 * database errors, each instance keeps limiting on its own. The store is chosen on first use, so
 * this can be called at module load.
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
  const shared = sharedCounter(options.keyPrefix, options.durationSeconds, options.points)

  /** The PostgreSQL server the points are shared through, or undefined (PGlite, no database). */
  function sharedDatabase(): OpenedDatabase | undefined {
    try {
      const opened = getDatabase()
      return opened.kind === 'postgres' && opened.pool ? opened : undefined
    } catch {
      return undefined
    }
  }

  /** Takes the shared total of a key when it is above what this instance counted. */
  async function adopt(key: string, total: number, msLeft: number): Promise<void> {
    if (msLeft <= 0) return
    const local = await memory.get(key)
    if (total > (local?.consumedPoints ?? 0)) await memory.set(key, total, Math.ceil(msLeft / 1000))
  }
  const adopters = sync.adopters.get(options.keyPrefix) ?? new Set<Adopt>()
  adopters.add(adopt)
  sync.adopters.set(options.keyPrefix, adopters)

  const handle: RateLimit = {
    async consume(key) {
      const opened = sharedDatabase()
      if (opened) shared.take(opened, key, 1, adopt)
      try {
        await memory.consume(key)
        return { allowed: true, retryAfterSeconds: 0 }
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) }
        }
        logger.warn({ err: error, keyPrefix: options.keyPrefix }, 'Limiteur de débit indisponible')
        return { allowed: true, retryAfterSeconds: 0 }
      }
    },
    async refund(key) {
      const opened = sharedDatabase()
      if (opened) shared.take(opened, key, -1, adopt)
      try {
        await memory.reward(key, 1)
      } catch (error) {
        logger.warn({ err: error, keyPrefix: options.keyPrefix }, 'Limiteur de débit indisponible')
      }
    },
    async peek(key) {
      const local = (await memory.get(key).catch(() => null))?.consumedPoints ?? 0
      const opened = sharedDatabase()
      if (!opened?.pool) return local
      try {
        await ensurePostgresTable(opened)
        const result = await opened.pool.query<{ points: number }>(
          `select points from "${POSTGRES_TABLE}" where key = $1 and expire > $2`,
          [`${options.keyPrefix}:${key}`, Date.now()],
        )
        return Math.max(local, Number(result.rows[0]?.points ?? 0))
      } catch (error) {
        logger.warn({ err: error, keyPrefix: options.keyPrefix }, 'Limiteur de débit partagé indisponible')
        return local
      }
    },
    async reset() {
      // A flush under way adopts its totals into the counts being forgotten, not into the new ones.
      await shared.clear()
      memory = new RateLimiterMemory(base)
      const opened = sharedDatabase()
      if (opened) {
        await ensurePostgresTable(opened)
        const prefix = `${options.keyPrefix}:`
        await opened.db.execute(
          sql`delete from ${sql.identifier(POSTGRES_TABLE)} where left(key, ${prefix.length}) = ${prefix}`,
        )
      }
    },
  }
  return handle
}

/** A window of a limit: `points` attempts per `durationSeconds`. */
export type LimitWindow = { points: number; durationSeconds: number }

/** The limits of {@link createPersonLimits}. */
export type PersonLimits = {
  /**
   * Takes one attempt for `email` from `clientIp`: the client ceiling first (when there is one),
   * then the pair, then the address.
   *
   * @param clientIp - as given by the server's load context (TRUST_PROXY applied).
   * @param email - the normalized address (trimmed, lower-case).
   * @returns the first refusal, or allowed; never throws.
   */
  consume: (clientIp: string, email: string) => Promise<RateLimitResult>
  /** Forgets every count of the three limits (tests, or an admin action). */
  reset: () => Promise<void>
}

/**
 * Limits that tell apart the people behind one address (issue #36 §6, issue #37 §1, decision
 * 038): per client address + e-mail address pair (`{keyPrefix}-pair`), per e-mail address from
 * anywhere (`{keyPrefix}-email`, nobody floods a mailbox), and optionally a looser ceiling per
 * client address (`{keyPrefix}-ip`), so a family or an office behind one address is not one person.
 *
 * @param options.keyPrefix - namespace of the three limits (letters, digits, '-', '_').
 * @param options.pair - per pair; `email` - per address; `client` - the ceiling per client address.
 * @throws Error when the prefix is invalid.
 */
export function createPersonLimits(options: {
  keyPrefix: string
  pair: LimitWindow
  email: LimitWindow
  client?: LimitWindow
}): PersonLimits {
  const perPair = createRateLimit({ keyPrefix: `${options.keyPrefix}-pair`, ...options.pair })
  const perEmail = createRateLimit({ keyPrefix: `${options.keyPrefix}-email`, ...options.email })
  const perClient = options.client
    ? createRateLimit({ keyPrefix: `${options.keyPrefix}-ip`, ...options.client })
    : undefined
  return {
    async consume(clientIp, email) {
      const byClient = perClient ? await perClient.consume(clientIp) : undefined
      if (byClient && !byClient.allowed) return byClient
      const byPair = await perPair.consume(`${clientIp}|${email}`)
      if (!byPair.allowed) return byPair
      return perEmail.consume(email)
    },
    async reset() {
      await Promise.all([perPair.reset(), perEmail.reset(), perClient?.reset()])
    },
  }
}
