import type * as RateLimitModule from '#app/services/rate-limit.server'
import type { RateLimit } from '#app/services/rate-limit.server'

/** Every rate limit the application created in this test file, through the wrapped factories. */
const created = new Set<Pick<RateLimit, 'reset'>>()

/**
 * Test helper for the `vi.mock` of tests/setup/setup-file.ts: the rate-limit module as it is,
 * but with a `createRateLimit` (and `createPersonLimits`) that remembers every limit it makes, so tests can reset them
 * without a test-only export in the module itself.
 *
 * @param actual - the real `#app/services/rate-limit.server` module.
 * @returns the same module with the remembering `createRateLimit`.
 */
export function trackingRateLimits(actual: typeof RateLimitModule): typeof RateLimitModule {
  return {
    ...actual,
    createRateLimit(options) {
      const limit = actual.createRateLimit(options)
      created.add(limit)
      return limit
    },
    createPersonLimits(options) {
      const limits = actual.createPersonLimits(options)
      created.add(limits)
      return limits
    },
  }
}

/**
 * Forgets every count of every rate limit created so far, through their public `reset()` (run
 * before each test by tests/setup/setup-file.ts, like the tables' truncation).
 */
export async function resetRateLimits(): Promise<void> {
  for (const limit of created) await limit.reset()
}
