import { sql } from 'drizzle-orm'
import { type Executor, queryRows } from './client.server'

/**
 * PostgreSQL's autovacuum settings, at their defaults (postgresql.conf, "Automatic Vacuuming"): a
 * table is vacuumed once its dead rows pass `threshold + scale × rows`, or its rows inserted since
 * the last vacuum pass `insert threshold + insert scale × rows`; analyzed once its rows changed
 * since the last analyze pass `threshold + scale × rows`.
 */
const AUTOVACUUM = {
  vacuumThreshold: 50,
  vacuumScale: 0.2,
  insertThreshold: 1000,
  insertScale: 0.2,
  analyzeThreshold: 50,
  analyzeScale: 0.1,
}

type TableActivity = {
  table: string
  /** The planner's row count of the table (`pg_class.reltuples`; 0 when never analyzed). */
  rows: number
  dead: number
  changedSinceAnalyze: number
  insertedSinceVacuum: number
}

/** What one pass did: the tables vacuumed (each also analyzed when due) and those only analyzed. */
export type TableMaintenance = { vacuumed: string[]; analyzed: string[] }

/**
 * Does what PostgreSQL's autovacuum daemon does, for a database without one (PGlite runs no
 * background process): every table of the `public` schema whose activity since its last pass
 * passes autovacuum's default thresholds is vacuumed (`VACUUM`, dead rows reclaimed and the
 * visibility map set for index-only scans) and/or analyzed (`ANALYZE`, the planner's statistics;
 * without them a table that grew from empty is planned as if it held a handful of rows, so an
 * auction's history sorts every bid instead of reading its index). One statement per table, so
 * other queries run between them.
 *
 * With `vacuum: false` (a busy moment, decision 033) only `ANALYZE` runs: the tables due for a
 * vacuum are left for a later pass (their activity counts stay), those due for an analyze are
 * analyzed, so the planner follows a table that grows.
 *
 * @param db - the database (not a transaction: `VACUUM` cannot run in one).
 * @param options.vacuum - whether tables due for it are vacuumed (default true).
 * @returns the tables vacuumed and the tables analyzed only, by name.
 * @throws what the database throws.
 */
export async function maintainTables(
  db: Executor,
  options: { vacuum?: boolean } = {},
): Promise<TableMaintenance> {
  const vacuumsToo = options.vacuum ?? true
  // Activity counts reach the statistics at most once a second; this makes the latest ones count.
  await db.execute(sql`select pg_stat_force_next_flush()`)
  const tables = await queryRows<TableActivity>(
    db,
    sql`select s.relname as "table", greatest(c.reltuples, 0)::float8 as "rows",
        s.n_dead_tup::float8 as "dead", s.n_mod_since_analyze::float8 as "changedSinceAnalyze",
        s.n_ins_since_vacuum::float8 as "insertedSinceVacuum"
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = 'public'
      order by s.relname`,
  )
  const done: TableMaintenance = { vacuumed: [], analyzed: [] }
  for (const activity of tables) {
    const rows = Number(activity.rows)
    const vacuum =
      vacuumsToo &&
      (Number(activity.dead) > AUTOVACUUM.vacuumThreshold + AUTOVACUUM.vacuumScale * rows ||
        Number(activity.insertedSinceVacuum) > AUTOVACUUM.insertThreshold + AUTOVACUUM.insertScale * rows)
    const analyze =
      Number(activity.changedSinceAnalyze) > AUTOVACUUM.analyzeThreshold + AUTOVACUUM.analyzeScale * rows
    const table = sql.identifier(activity.table)
    if (vacuum) {
      await db.execute(analyze ? sql`vacuum (analyze) ${table}` : sql`vacuum ${table}`)
      done.vacuumed.push(activity.table)
    } else if (analyze) {
      await db.execute(sql`analyze ${table}`)
      done.analyzed.push(activity.table)
    }
  }
  return done
}
