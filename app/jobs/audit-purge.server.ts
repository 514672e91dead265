import { logger } from '#app/logger.server'
import { purgeAuditEntries } from '#app/services/audit/purge-audit-entries.server'
import { startPeriodicTask } from './periodic-task.server'

/** How often the audit log is purged, in ms (daily). */
const PURGE_EVERY_MS = 24 * 60 * 60 * 1000

/**
 * Deletes, daily (first pass ten minutes after start), the audit log's entries older than a year
 * (issue #37 §3). Safe with several instances: one DELETE, which finds nothing the second time.
 *
 * @returns a function stopping the schedule.
 */
export function startAuditPurge(): () => void {
  return startPeriodicTask({
    firstDelayMs: 10 * 60_000,
    everyMs: PURGE_EVERY_MS,
    failure: 'Purge du journal des modifications impossible',
    task: async () => {
      const deleted = await purgeAuditEntries()
      if (deleted > 0) logger.info({ deleted }, 'Entrées du journal de plus d’un an supprimées')
    },
  })
}
