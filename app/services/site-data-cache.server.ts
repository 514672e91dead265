import { getEnv } from '#app/env.server'

/**
 * In-memory cache of the small, read-on-every-request site data: site settings, the header menu,
 * page banners (issue #2 "seen and left": every request read them from the database).
 *
 * Correctness: every back-office action clears it ({@link invalidateSiteData}, called by
 * `adminAction`), so on the instance that made a change the next request shows it. With the
 * embedded database there is only one process. With a PostgreSQL server and several instances,
 * another instance's cache lives at most {@link SHARED_DATABASE_TTL_MS}.
 */
type Entry = { value: Promise<unknown>; expires: number }

/** Lifetime of an entry when several instances may share the database (DATABASE_URL set), in ms. */
export const SHARED_DATABASE_TTL_MS = 5_000

const globalCache = globalThis as typeof globalThis & {
  __encreSiteData?: { entries: Map<string, Entry>; enabled: boolean }
}
globalCache.__encreSiteData ??= { entries: new Map(), enabled: true }
const state = globalCache.__encreSiteData

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
  const ttl = getEnv().DATABASE_URL ? SHARED_DATABASE_TTL_MS : Number.POSITIVE_INFINITY
  const value = load()
  state.entries.set(key, { value, expires: now + ttl })
  value.catch(() => {
    if (state.entries.get(key)?.value === value) state.entries.delete(key)
  })
  return value
}

/** Forgets every cached entry: the next request reads the database. Call after any admin write. */
export function invalidateSiteData(): void {
  state.entries.clear()
}

/**
 * Turns the cache on or off (tests that write rows directly turn it off: their writes do not go
 * through `adminAction`).
 */
export function setSiteDataCacheEnabled(enabled: boolean): void {
  state.enabled = enabled
  state.entries.clear()
}
