import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { getDatabase, type OpenedDatabase } from '#app/db/client.server'
import { logger } from '#app/logger.server'
import { type ChannelListener, listenToChannel } from '#app/services/channel-listener.server'

/**
 * In-memory cache of what public pages read (issue #2 "seen and left", issue #8 §3, decision 008):
 * the site settings, the header menu, page banners ({@link cachedSiteData}), and, through
 * {@link siteDataGeneration}, the rendered public pages of app/http/page-cache.server.ts.
 *
 * Correctness: every back-office action clears it ({@link invalidateSiteData}, called by
 * `adminAction` in a finally), so on the instance that made a change the next request shows it.
 * With a PostgreSQL server several instances may share the database: each invalidation is also
 * sent with `NOTIFY encre_donnees_site`, and every instance listening ({@link startSiteDataSync})
 * clears its own cache; a lost LISTEN connection clears it too. Entries also expire after
 * {@link SHARED_DATABASE_TTL_MS} there, as a backstop.
 */
type Entry = { value: Promise<unknown>; expires: number }

/**
 * Most entries kept (issue #35 §4: a cache bounded by entries, not by the size of the site): keys
 * are few (settings, menu, banners, feed, sitemap files), so the bound only guards against a key
 * per visitor-chosen value; past it the oldest entry is dropped.
 */
export const MAX_SITE_DATA_ENTRIES = 500

/** Lifetime of an entry when several instances may share the database (DATABASE_URL set), in ms. */
export const SHARED_DATABASE_TTL_MS = 60_000
/** PostgreSQL channel carrying invalidations between instances. */
export const SITE_DATA_CHANNEL = 'encre_donnees_site'

type State = {
  entries: Map<string, Entry>
  enabled: boolean
  /** Incremented by every invalidation: a page rendered under an older generation is stale. */
  generation: number
  instanceId: string
  /** The LISTEN connection of {@link startSiteDataSync}, on PostgreSQL. */
  sync: ChannelListener | undefined
}
const globalCache = globalThis as typeof globalThis & { __encreSiteData?: State }
globalCache.__encreSiteData ??= {
  entries: new Map(),
  enabled: true,
  generation: 0,
  instanceId: randomUUID(),
  sync: undefined,
}
const state = globalCache.__encreSiteData

function currentDatabase(): OpenedDatabase | undefined {
  try {
    return getDatabase()
  } catch {
    return undefined
  }
}

/**
 * The cached value of `key`, loading it with `load` when absent or expired. A load that fails is
 * not kept (the next call tries again).
 *
 * @param key - e.g. 'settings', 'menu', 'page:contact'.
 * @param load - reads the value from the database.
 * @throws what `load` throws.
 */
export function cachedSiteData<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (!state.enabled) return load()
  const now = Date.now()
  const entry = state.entries.get(key)
  if (entry && entry.expires > now) return entry.value as Promise<T>
  const value = load()
  state.entries.delete(key)
  if (state.entries.size >= MAX_SITE_DATA_ENTRIES) {
    const oldest = state.entries.keys().next().value
    if (oldest !== undefined) state.entries.delete(oldest)
  }
  state.entries.set(key, { value, expires: now + siteDataTtlMs() })
  value.catch(() => {
    if (state.entries.get(key)?.value === value) state.entries.delete(key)
  })
  return value
}

/** How long a cached value may be served, in ms: forever on the embedded database (one process). */
export function siteDataTtlMs(): number {
  return currentDatabase()?.kind === 'postgres' ? SHARED_DATABASE_TTL_MS : Number.POSITIVE_INFINITY
}

/** Forgets every cached entry of this process (and the pages rendered before now). */
function clearLocal(): void {
  state.generation++
  state.entries.clear()
}

/**
 * Forgets every cached entry and every cached page: the next request reads the database. Call
 * after any admin write (adminAction does) and after the auction scheduler changed an auction.
 * On PostgreSQL, the other instances are told with NOTIFY (a failure is logged, never thrown).
 *
 * @returns a promise resolved once the other instances have been told (at once on the embedded
 *   database); a caller that answers a person after a change awaits it, so that person's next
 *   request shows the change whichever instance serves it (issue #12 §2). Never rejects.
 */
export async function invalidateSiteData(): Promise<void> {
  clearLocal()
  const opened = currentDatabase()
  if (opened?.kind !== 'postgres') return
  await opened.db
    .execute(sql`select pg_notify(${SITE_DATA_CHANNEL}, ${state.instanceId})`)
    .catch((error: unknown) => logger.warn({ err: error }, 'NOTIFY des données du site impossible'))
}

/** Number of invalidations so far: a page rendered under an older number must not be cached. */
export function siteDataGeneration(): number {
  return state.generation
}

/** Whether the caches are on (tests that write rows directly turn them off). */
export function isSiteDataCacheEnabled(): boolean {
  return state.enabled
}

/**
 * Turns the cache on or off (tests that write rows directly turn it off: their writes do not go
 * through `adminAction`). Turning it off also turns off the page cache.
 */
export function setSiteDataCacheEnabled(enabled: boolean): void {
  state.enabled = enabled
  clearLocal()
}

/**
 * On PostgreSQL, listens to the other instances' invalidations on a dedicated connection
 * (reconnected after 1, 2, 5 then every 10 s; the cache is cleared whenever the connection is
 * lost, since invalidations may have been missed). Does nothing on the embedded database.
 *
 * @returns a promise resolved once LISTEN is active (or the first attempt failed).
 */
export function startSiteDataSync(): Promise<void> {
  const opened = currentDatabase()
  if (opened?.kind !== 'postgres' || !opened.pool || state.sync) return Promise.resolve()
  state.sync = listenToChannel({
    pool: opened.pool,
    channel: SITE_DATA_CHANNEL,
    lostMessage: 'Connexion LISTEN des données du site perdue, nouvel essai',
    onNotification: (payload) => {
      if (payload !== state.instanceId) clearLocal()
    },
    // Anything published while this instance was not listening may have been missed.
    onListening: () => clearLocal(),
    onLost: () => clearLocal(),
  })
  return state.sync.firstAttempt
}

/** Closes the LISTEN connection of {@link startSiteDataSync}, if any. */
export async function stopSiteDataSync(): Promise<void> {
  const sync = state.sync
  state.sync = undefined
  await sync?.stop()
}
