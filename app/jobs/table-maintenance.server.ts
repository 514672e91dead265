import type { OpenedDatabase } from '#app/db/client.server'
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
 * On the embedded database (PGlite), vacuums and analyzes the tables that need it every
 * {@link TABLE_MAINTENANCE_EVERY_MS}, first 5 s after start-up (a database that was never analyzed
 * is planned badly from its first request): the work PostgreSQL's autovacuum daemon does on a
 * server, which PGlite lacks. On a PostgreSQL server, nothing: its own daemon does it.
 *
 * @param opened - the database the process opened.
 * @returns a function stopping the schedule.
 */
export function startTableMaintenance(opened: OpenedDatabase): () => void {
  if (opened.kind !== 'pglite') return () => undefined
  return startPeriodicTask({
    firstDelayMs: 5_000,
    everyMs: TABLE_MAINTENANCE_EVERY_MS,
    failure: "Échec de l'entretien des tables de la base",
    task: async () => {
      const done = await maintainTables(opened.db)
      if (done.vacuumed.length > 0 || done.analyzed.length > 0) logger.debug(done, 'Tables entretenues')
    },
  })
}
