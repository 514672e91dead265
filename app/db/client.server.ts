import fs from 'node:fs'
import path from 'node:path'
import { PGlite, types } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import type { Env } from '#app/env.server'
import { logger } from '#app/logger.server'
import { isProcessRunning } from '#app/process.server'
import * as schema from './schema'

export type Schema = typeof schema
/** The Drizzle database, the same type whichever engine runs underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
/** A database or an open transaction: what use cases accept to run inside a caller's transaction. */
export type Executor = Database | Transaction

export type OpenedDatabase = {
  db: Database
  kind: 'pglite' | 'postgres'
  /**
   * Applies the committed drizzle-kit migrations (idempotent). On a PostgreSQL server it holds the
   * advisory lock {@link MIGRATION_LOCK_KEY}, so instances starting together migrate once.
   *
   * @param migrationsFolder - another folder of drizzle-kit migrations (default
   *   {@link MIGRATIONS_FOLDER}): a restore first brings a database to its archive's migrations.
   */
  migrate: (migrationsFolder?: string) => Promise<void>
  /**
   * Runs `run` while holding a PostgreSQL session advisory lock: every other process asking for the
   * same `key` waits until `run` has settled (issue #12 §2, several instances starting at once). On
   * PGlite, opened by one process only, `run` simply runs.
   *
   * @param key - the lock's number, any 64-bit integer no other feature uses.
   * @returns what `run` returns. @throws what `run` or the lock's connection throws.
   */
  withLock: <T>(key: number, run: () => Promise<T>) => Promise<T>
  /** Closes the connection(s) and releases the PGlite lock. Safe to call twice. */
  close: () => Promise<void>
  /** The raw PGlite instance when kind is 'pglite' (tests dump and load it). */
  pglite?: PGlite
  /** The raw pg pool when kind is 'postgres' (LISTEN/NOTIFY, advisory locks, rate limits). */
  pool?: pg.Pool
}

export type OpenDatabaseOptions = {
  /** PostgreSQL connection string; when set, a `pg` pool is used instead of PGlite. */
  databaseUrl?: string
  /** Folder holding the PGlite data directory (`{dataDir}/db`) and its lock file; `undefined` → in memory. */
  dataDir?: string
  /** A PGlite data dump (from `dumpDataDir`) to start from, for tests. */
  loadDataDir?: Blob | File
  /** Pool size for `pg` (default 10). */
  poolSize?: number
}

/**
 * How long a request waits for a PostgreSQL connection, in ms (issue #37 §4): a server that does
 * not answer (a network cut, a host gone) fails the request with a 503 after this, instead of
 * holding it; a refused connection (a server restarting) fails at once.
 */
export const CONNECT_TIMEOUT_MS = 5_000

/**
 * A `pg` pool that survives its server's restart (issue #37 §4, decision 037). A connection the
 * server closes while idle is dropped and logged, not thrown out of the process (`pg` emits it
 * as the pool's 'error' event, which would otherwise end the process); each later query opens a
 * new connection, so the pool reconnects by itself as soon as the server answers again. TCP
 * keep-alive notices a peer that vanished without closing.
 */
function createPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  })
  pool.on('error', (error) => {
    logger.warn(
      { err: error },
      'Connexion à PostgreSQL perdue : une nouvelle sera ouverte à la prochaine requête',
    )
  })
  return pool
}

/** The committed drizzle-kit migrations (`drizzle/`), applied at start-up. */
export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), 'drizzle')

/**
 * Advisory lock held while migrations are applied on a PostgreSQL server: drizzle's migrator
 * reads the last applied migration, then applies the newer ones, with no lock of its own, so two
 * instances starting together on a new database would both apply them (and one would fail).
 */
export const MIGRATION_LOCK_KEY = 72_201_012

/**
 * Runs `run` holding the session advisory lock `key` on a connection of `pool` taken for that
 * purpose (the work itself may use any other connection). A connection whose unlock failed is
 * destroyed, which releases the lock too.
 */
async function withPoolLock<T>(pool: pg.Pool, key: number, run: () => Promise<T>): Promise<T> {
  const client = await pool.connect()
  let broken: Error | undefined
  try {
    await client.query('select pg_advisory_lock($1)', [key])
    try {
      return await run()
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key]).catch((error: Error) => {
        broken = error
      })
    }
  } catch (error) {
    broken ??= error as Error
    throw error
  } finally {
    client.release(broken)
  }
}

/**
 * PostgreSQL settings of the embedded engine (issue #8 §3, memory). initdb writes
 * `shared_buffers = 128MB`, and inside WebAssembly those buffers are the process's own memory
 * (they never go back to the system); the demo site's whole database is about 40 MB and the
 * operating system's file cache still holds its files, so 16 MB of buffers cost no speed.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'work_mem=2MB']

/**
 * Where the empty embedded database that new data folders start from is kept: the data folder of
 * a fresh PGlite `initdb`, made once per installed PGlite version by `npm ci`/`npm install`
 * (`postinstall`: scripts/pglite-template.ts, {@link createPgliteTemplate}).
 */
export const PGLITE_TEMPLATE_PATH = path.resolve(
  process.cwd(),
  'node_modules/.cache/encre',
  `pglite-${installedPgliteVersion()}`,
)

/** The installed PGlite's version, from its package.json ('inconnue' when unreadable: no template). */
function installedPgliteVersion(): string {
  try {
    const file = path.resolve(process.cwd(), 'node_modules/@electric-sql/pglite/package.json')
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version
  } catch {
    return 'inconnue'
  }
}

/**
 * Writes {@link PGLITE_TEMPLATE_PATH} unless it exists: PGlite's `initdb` run into a folder of its
 * own, renamed into place once closed. A new data folder is a copy of it
 * ({@link copyPgliteTemplate}), which PGlite opens as an existing database: one PGlite, without
 * PGlite's own first start (three at once: a second instance, initdb's, and a dump of it:
 * 720–880 MB) nor the loading of a data dump (PGlite's `loadDataDir` holds the 40 MB tar and its
 * files in memory: about 90 MB more), so a first `npm run import` or server start stays within
 * 400 MB (issue #33).
 *
 * @returns true when it wrote the template, false when it was there.
 * @throws what PGlite or the file system throw.
 */
export async function createPgliteTemplate(): Promise<boolean> {
  if (fs.existsSync(PGLITE_TEMPLATE_PATH)) return false
  const partial = `${PGLITE_TEMPLATE_PATH}.${process.pid}.tmp`
  fs.rmSync(partial, { recursive: true, force: true })
  fs.mkdirSync(path.dirname(partial), { recursive: true })
  try {
    const client = await PGlite.create({ dataDir: partial, startParams: PGLITE_START_PARAMS })
    await client.close()
    try {
      fs.renameSync(partial, PGLITE_TEMPLATE_PATH)
    } catch (error) {
      // Another process made it meanwhile (a folder is not renamed over another).
      if (fs.existsSync(PGLITE_TEMPLATE_PATH)) return false
      throw error
    }
    return true
  } finally {
    fs.rmSync(partial, { recursive: true, force: true })
  }
}

/**
 * Makes the new database of a data folder a copy of the template ({@link PGLITE_TEMPLATE_PATH}),
 * when `dataPath` holds no database (absent or an empty folder) and a template was made; else does
 * nothing (PGlite opens the database there, or runs its own `initdb`). The copy is written beside
 * and renamed into place, so an interrupted copy is never taken for a database.
 *
 * @param dataPath - the PGlite data folder, `{DATA_DIR}/db`, whose data folder the caller locked.
 * @throws what the file system throws.
 */
function copyPgliteTemplate(dataPath: string): void {
  if (!fs.existsSync(PGLITE_TEMPLATE_PATH)) return
  if (fs.existsSync(dataPath)) {
    if (fs.readdirSync(dataPath).length > 0) return
    fs.rmdirSync(dataPath)
  }
  const partial = `${dataPath}.${process.pid}.tmp`
  fs.rmSync(partial, { recursive: true, force: true })
  fs.cpSync(PGLITE_TEMPLATE_PATH, partial, { recursive: true })
  fs.renameSync(partial, dataPath)
}

/**
 * PGlite's parsers for the types drizzle reads as text (dates, timestamps, intervals, numeric and
 * their arrays), given once through PGlite's own option so that a query run on the PGlite
 * instance itself reads them as drizzle's do. drizzle still passes the same parsers with each
 * query, which PGlite merges with these at every query: see docs/upstream/pglite-parsers.md.
 */
const PGLITE_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (oid) => [oid, (value: string) => value],
  ),
)

/**
 * The contrib extensions the migrations create (issue #35 §2, §3: searches that ignore accents and
 * match parts of words): PGlite loads an extension's code only when it is given here; a PostgreSQL
 * server has them in its contrib package (Debian's `postgresql` includes it), and both are trusted
 * extensions, so the database's owner may create them.
 */
export const PGLITE_EXTENSIONS = { unaccent, pg_trgm }

/**
 * Takes an exclusive lock file so only one process opens the embedded database (DESIGN.md §2,
 * "PGlite, safely"). A lock left by a dead process is taken over.
 *
 * @returns a function releasing the lock.
 * @throws Error in French naming the PID holding the lock when another live process has it.
 */
function acquireLock(lockPath: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o600)
      fs.writeSync(fd, String(process.pid))
      fs.closeSync(fd)
      let released = false
      return () => {
        if (released) return
        released = true
        try {
          if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath)
        } catch {
          // already gone
        }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10)
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isProcessRunning(pid)) {
        throw new Error(
          `La base de données embarquée (${path.dirname(lockPath)}) est déjà ouverte par le processus ${pid}. ` +
            'Arrêtez ce processus avant de relancer Encre, ou utilisez un serveur PostgreSQL avec DATABASE_URL.',
        )
      }
      fs.rmSync(lockPath, { force: true })
    }
  }
  throw new Error(`Impossible de verrouiller la base de données embarquée (${lockPath}).`)
}

/**
 * Takes the embedded database's lock of the data folder `dataDir` (`{dataDir}/db.lock`), as
 * {@link openDatabase} does: for a command that replaces `{dataDir}/db` (restore) while no server
 * may have it open.
 *
 * @returns a function releasing the lock.
 * @throws Error in French naming the PID of the live process holding it.
 */
export function lockDataDir(dataDir: string): () => void {
  return acquireLock(path.join(dataDir, 'db.lock'))
}

/**
 * Opens the database: a `pg` pool when `databaseUrl` is given, else PGlite — on disk under
 * `{dataDir}/db` with a lock file, or in memory (DESIGN.md §1.2: one dialect, two engines).
 * This is the only place that knows which engine runs.
 *
 * @throws Error when the PGlite folder is locked by another live process.
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    const pool = createPool(options.databaseUrl, options.poolSize ?? 10)
    const db = drizzlePg(pool, { schema }) as unknown as Database
    let closed = false
    const withLock = <T>(key: number, run: () => Promise<T>) => withPoolLock(pool, key, run)
    return {
      db,
      kind: 'postgres',
      pool,
      migrate: (migrationsFolder = MIGRATIONS_FOLDER) =>
        withLock(MIGRATION_LOCK_KEY, () => migratePg(db as never, { migrationsFolder })),
      withLock,
      close: async () => {
        if (closed) return
        closed = true
        await pool.end()
      },
    }
  }

  let release: (() => void) | undefined
  let dataPath: string | undefined
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true })
    release = lockDataDir(options.dataDir)
    dataPath = path.join(options.dataDir, 'db')
  }
  let client: PGlite
  try {
    if (dataPath && !options.loadDataDir) copyPgliteTemplate(dataPath)
    client = await PGlite.create({
      dataDir: dataPath,
      loadDataDir: options.loadDataDir,
      startParams: PGLITE_START_PARAMS,
      extensions: PGLITE_EXTENSIONS,
      parsers: PGLITE_PARSERS,
    })
  } catch (error) {
    release?.()
    throw error
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database
  let closed = false
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: (migrationsFolder = MIGRATIONS_FOLDER) => migratePglite(db as never, { migrationsFolder }),
    withLock: (_key, run) => run(),
    close: async () => {
      if (closed) return
      closed = true
      try {
        await client.close()
      } finally {
        release?.()
      }
    },
  }
}

/**
 * Opens the database the configuration names (DESIGN.md §8): the PostgreSQL server of
 * `DATABASE_URL` when set, else the embedded one under `DATA_DIR` — what the server and the
 * command-line scripts open.
 *
 * @param env - the validated configuration (app/env.server.ts `getEnv()`).
 * @throws like {@link openDatabase}.
 */
export function openConfiguredDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR_ABS'>,
): Promise<OpenedDatabase> {
  return openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR_ABS,
  })
}

// Kept on globalThis so development module reloads keep the one open database.
const holder = globalThis as typeof globalThis & { __encreDatabase?: OpenedDatabase }

/** Makes `opened` the process-wide database returned by {@link getDb} (start-up and test setup). */
export function setDatabase(opened: OpenedDatabase | undefined): void {
  holder.__encreDatabase = opened
}

/** The process-wide opened database. @throws Error when none was opened yet. */
export function getDatabase(): OpenedDatabase {
  const current = holder.__encreDatabase
  if (!current) throw new Error('La base de données n’est pas ouverte (appelez openDatabase au démarrage).')
  return current
}

/** The process-wide Drizzle database. @throws Error when none was opened yet. */
export function getDb(): Database {
  return getDatabase().db
}

/**
 * A statement of the hot paths, built once per opened database with drizzle's `prepare` (its text
 * is not built again at each call, and a PostgreSQL server keeps its plan per connection: a named
 * statement). The statement's values are placeholders (`sql.placeholder`), given to `execute`.
 *
 * @param build - builds the prepared statement on a database (`….prepare('a_unique_name')`).
 * @returns a function giving that statement for {@link getDb}'s database, built at its first call
 *   (tests open several databases: each gets its own, dropped with it).
 */
export function preparedStatement<T>(build: (db: Database) => T): () => T {
  const built = new WeakMap<Database, T>()
  return () => {
    const db = getDb()
    let statement = built.get(db)
    if (!statement) {
      statement = build(db)
      built.set(db, statement)
    }
    return statement
  }
}

/**
 * Runs raw SQL and returns its rows, whichever engine runs (both drivers answer `{ rows }`).
 * Use for what Drizzle's query builder cannot say (locks, `FOR UPDATE SKIP LOCKED`, counts).
 */
export async function queryRows<T extends Record<string, unknown>>(
  executor: Executor,
  query: SQL,
): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] }
  return result.rows
}
