import { performance } from 'node:perf_hooks'
import type { OpenedDatabase } from '#app/db/client.server'
import { isDiskFull } from '#app/db/disk-guard.server'
import { maintainTables } from '#app/db/table-maintenance.server'
import { logger } from '#app/logger.server'
import { startPeriodicTask } from './periodic-task.server'

/**
 * How often the embedded database's tables are looked at, in ms: in a bidding war the bids table
 * grows by a hundred rows a second, and its statistics must follow (PostgreSQL's daemon looks
 * every minute; a pass with nothing due is one small query).
 */
export const TABLE_MAINTENANCE_EVERY_MS = 30_000

/**
 * The share of time the event loop worked since the last look above which the process is busy
 * (a bidding war keeps it above half; a site between visits, near 0).
 */
export const BUSY_LOOP_SHARE = 0.25

/** The longest a busy process puts its tables' maintenance off, in ms. */
export const MAINTENANCE_MAX_DEFERRAL_MS = 5 * 60_000

/**
 * A function giving the share of time this thread's event loop worked since its previous call (the
 * first call: since this function was called), from 0 to 1 (`performance.eventLoopUtilization`).
 */
function loopShareSinceLastCall(): () => number {
  let last = performance.eventLoopUtilization()
  return () => {
    const now = performance.eventLoopUtilization()
    const share = performance.eventLoopUtilization(now, last).utilization
    last = now
    return share
  }
}

/**
 * On the embedded database (PGlite), vacuums and analyzes the tables that need it
 * ({@link maintainTables}): the work PostgreSQL's autovacuum daemon does on a server, which PGlite
 * lacks. A first pass runs `firstDelayMs` after start-up (a database that was never analyzed is
 * planned badly from its first request), then one every `everyMs`. While the process is busy (its
 * event loop worked more than {@link BUSY_LOOP_SHARE} of the time since the last pass), a pass
 * only analyzes: the vacuums wait, for at most `maxDeferralMs` since the last one.
 *
 * Why (issue #10 §2, decision 033): a `VACUUM` runs on the only thread, as every statement of the
 * embedded database does. In a bidding war the outbox's table gains two rows a second per accepted
 * bid, and vacuuming it took 30–70 ms every 30 s, while the bids that arrived waited. An `ANALYZE`
 * reads a sample and keeps the planner right about a table that grows (the bids'), so it runs.
 *
 * On a PostgreSQL server, nothing: its own daemon does it, in its own process.
 *
 * @param opened - the database the process opened.
 * @param options - in ms (defaults: 5 s, {@link TABLE_MAINTENANCE_EVERY_MS},
 *   {@link MAINTENANCE_MAX_DEFERRAL_MS}); `loopShare` says how busy the process was since its last
 *   call, from 0 to 1 (default: this thread's event loop utilization; tests give their own).
 * @returns a function stopping the schedule.
 */
export function startTableMaintenance(
  opened: OpenedDatabase,
  options: { firstDelayMs?: number; everyMs?: number; maxDeferralMs?: number; loopShare?: () => number } = {},
): () => void {
  if (opened.kind !== 'pglite') return () => undefined
  const { firstDelayMs = 5_000, everyMs = TABLE_MAINTENANCE_EVERY_MS } = options
  const maxDeferralMs = options.maxDeferralMs ?? MAINTENANCE_MAX_DEFERRAL_MS
  const loopShare = options.loopShare ?? loopShareSinceLastCall()
  /** When the last pass that could vacuum started (performance.now(), ms); none before the first. */
  let lastVacuumPassAt: number | undefined
  return startPeriodicTask({
    firstDelayMs,
    everyMs,
    failure: "Échec de l'entretien des tables de la base",
    task: async () => {
      // A read-only database (its disk full, issue #37 §4) can neither vacuum nor analyze.
      if (isDiskFull()) return
      const busy = loopShare() > BUSY_LOOP_SHARE
      const vacuum =
        lastVacuumPassAt === undefined || !busy || performance.now() - lastVacuumPassAt >= maxDeferralMs
      if (vacuum) lastVacuumPassAt = performance.now()
      const done = await maintainTables(opened.db, { vacuum })
      if (done.vacuumed.length > 0 || done.analyzed.length > 0) logger.debug(done, 'Tables entretenues')
    },
  })
}
