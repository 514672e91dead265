import { once } from 'node:events'
import fs from 'node:fs'
import path from 'node:path'
import readline from 'node:readline'
import { finished } from 'node:stream/promises'
import { getTableName, is, sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { PgTable } from 'drizzle-orm/pg-core'
import {
  type Database,
  type Executor,
  MIGRATIONS_FOLDER,
  type OpenedDatabase,
  queryRows,
} from '#app/db/client.server'
import { readInChunks } from '#app/db/cursor.server'
import * as schema from '#app/db/schema'

/**
 * What an archive's manifest says of its database (decision 026): enough for either engine to
 * rebuild it from the migrations and the rows.
 */
export type DatabaseContents = {
  /** SHA-256 of each drizzle-kit migration applied (drizzle's `__drizzle_migrations`), oldest first. */
  migrations: string[]
  /** Table of the `public` schema → number of rows in its file `{table}.jsonl`. */
  tables: Record<string, number>
  /** Sequence of the `public` schema → its last value (decimal text), null when never used. */
  sequences: Record<string, string | null>
}

/** A table or sequence name an archive may name: it becomes a file name and an SQL identifier. */
const OBJECT_NAME = /^[a-z_][a-z0-9_]*$/

/** Tables of the `public` schema, by name. */
async function publicTables(db: Executor): Promise<string[]> {
  const rows = await queryRows<{ tablename: string }>(
    db,
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )
  return rows.map((row) => row.tablename)
}

/** Hashes of the migrations applied to `db`, oldest first; none on a database never migrated. */
async function appliedMigrations(db: Executor): Promise<string[]> {
  const [table] = await queryRows<{ name: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  )
  if (!table?.name) return []
  const rows = await queryRows<{ hash: string }>(
    db,
    sql`select hash from drizzle.__drizzle_migrations order by id`,
  )
  return rows.map((row) => row.hash)
}

/**
 * A file written as a stream: {@link TextSink.write} waits when the disk is behind, so that what
 * waits in memory stays one chunk.
 */
export type TextSink = { write: (text: string) => Promise<void>; close: () => Promise<void> }

/**
 * Opens `file` for writing as a {@link TextSink}.
 *
 * @param mode - the file's permissions (default 0o600: content of the site, for its owner only).
 */
export function openTextSink(file: string, mode = 0o600): TextSink {
  const stream = fs.createWriteStream(file, { mode })
  let failure: Error | undefined
  stream.on('error', (error) => {
    failure = error
  })
  return {
    write: async (text) => {
      if (failure) throw failure
      if (!stream.write(text)) await once(stream, 'drain')
    },
    close: async () => {
      stream.end()
      await finished(stream)
    },
  }
}

/**
 * Writes every row of every table of the `public` schema into `{folder}/{table}.jsonl` (one
 * `row_to_json` object a line, times in UTC), in one repeatable-read transaction so that the tables
 * agree with each other while the site keeps running (decision 026). Rows are read and written a
 * chunk at a time ({@link readInChunks}): memory does not grow with the tables (issue #35 §4). On
 * PGlite the other queries of the process wait for the transaction's end (one connection); the
 * event loop does not.
 *
 * @param db - the database, either engine.
 * @param folder - where the files go, created if missing.
 * @returns the migrations applied, the rows written per table and the sequences' values.
 */
export async function dumpDatabase(db: Database, folder: string): Promise<DatabaseContents> {
  fs.mkdirSync(folder, { recursive: true })
  return db.transaction(
    async (tx) => {
      // row_to_json writes times in the session's zone, with its offset: UTC makes archives alike.
      await tx.execute(sql`set local time zone 'UTC'`)
      const tables: Record<string, number> = {}
      for (const table of await publicTables(tx)) {
        const sink = openTextSink(path.join(folder, `${table}.jsonl`))
        try {
          tables[table] = await readInChunks<{ r: string }>(
            tx,
            sql`select row_to_json(t)::text as r from ${sql.identifier(table)} t`,
            (rows) => sink.write(rows.map((row) => `${row.r}\n`).join('')),
            // 50 rows first: 500 articles' texts were one 70 ms FETCH and 20 ms of joining, in one
            // turn of the server's event loop during the daily backup (decision 026).
            {
              firstRows: 50,
              bytesOf: (rows) => rows.reduce((sum, row) => sum + (row.r as string).length, 0),
            },
          )
        } finally {
          await sink.close()
        }
      }
      const sequences = await queryRows<{ name: string; value: string | null }>(
        tx,
        sql`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`,
      )
      return {
        migrations: await appliedMigrations(tx),
        tables,
        sequences: Object.fromEntries(sequences.map((row) => [row.name, row.value])),
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}

/**
 * The lines of a dump's table file, a batch at a time: each batch is the text of a JSON array of
 * at most `maxRows` objects and about `maxBytes` characters.
 *
 * @throws Error in French when a line is not a JSON object.
 */
async function* jsonlBatches(
  file: string,
  table: string,
  maxRows = 5_000,
  maxBytes = 1 << 20,
): AsyncGenerator<{ array: string; rows: number }> {
  let lines: string[] = []
  let bytes = 0
  const input = fs.createReadStream(file, 'utf8')
  try {
    for await (const line of readline.createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
      if (!line) continue
      if (!line.startsWith('{') || !line.endsWith('}'))
        throw new Error(`Table ${table} illisible dans l’archive (ligne qui n’est pas un objet JSON).`)
      lines.push(line)
      bytes += line.length
      if (lines.length >= maxRows || bytes >= maxBytes) {
        yield { array: `[${lines.join(',')}]`, rows: lines.length }
        lines = []
        bytes = 0
      }
    }
  } finally {
    input.destroy()
  }
  if (lines.length > 0) yield { array: `[${lines.join(',')}]`, rows: lines.length }
}

/**
 * Checks what an archive says of its database against this version of Encre and its files in
 * `folder`, before anything is changed (decision 026). Each file is read as a stream, a batch of
 * lines at a time: memory does not grow with the archive (issue #35 §4).
 *
 * @param contents - the manifest's `base`.
 * @param folder - the extracted `base/` folder.
 * @throws Error in French: migrations this version does not have (a newer Encre made the archive),
 *   a bad name, a missing file or a file whose rows are not the manifest's count of JSON objects.
 */
export async function checkDump(contents: DatabaseContents, folder: string): Promise<void> {
  const known = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((migration) => migration.hash)
  if (contents.migrations.some((hash, index) => known[index] !== hash)) {
    throw new Error(
      'Cette sauvegarde vient d’une autre version d’Encre (ses migrations ne sont pas celles de cette version) : mettez Encre à jour, puis relancez la restauration.',
    )
  }
  for (const [table, count] of Object.entries(contents.tables)) {
    const file = path.join(folder, `${table}.jsonl`)
    if (!OBJECT_NAME.test(table) || !fs.existsSync(file))
      throw new Error(`Table ${table} absente de l’archive.`)
    const unreadable = new Error(`Table ${table} illisible dans l’archive (${count} lignes attendues).`)
    let rows = 0
    try {
      for await (const batch of jsonlBatches(file, table)) {
        const parsed: unknown = JSON.parse(batch.array)
        if (!Array.isArray(parsed) || parsed.some((row) => !(row instanceof Object) || Array.isArray(row)))
          throw unreadable
        rows += batch.rows
      }
    } catch {
      throw unreadable
    }
    if (rows !== count) throw unreadable
  }
  for (const name of Object.keys(contents.sequences)) {
    if (!OBJECT_NAME.test(name)) throw new Error(`Séquence ${name} invalide dans l’archive.`)
  }
}

/**
 * Writes the first `count` migrations of {@link MIGRATIONS_FOLDER} (its journal and SQL files) as
 * a migrations folder `{scratch}/migrations`: what brings a database to an older archive's schema.
 *
 * @returns the folder's path, for `OpenedDatabase.migrate`.
 */
export function writeMigrationsPrefix(scratch: string, count: number): string {
  const folder = path.join(scratch, 'migrations')
  fs.mkdirSync(path.join(folder, 'meta'), { recursive: true })
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { tag: string }[]
  }
  journal.entries = journal.entries.slice(0, count)
  for (const { tag } of journal.entries) {
    fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), path.join(folder, `${tag}.sql`))
  }
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal))
  return folder
}

/** Tables ordered so that each comes after those its foreign keys point to. @throws on a cycle. */
async function inDependencyOrder(db: Executor, tables: string[]): Promise<string[]> {
  const links = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
        from pg_constraint c
        join pg_class child on child.oid = c.conrelid
        join pg_class parent on parent.oid = c.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  )
  const ordered: string[] = []
  const pending = new Set(tables)
  while (pending.size > 0) {
    // A table's own rows may point to each other: one INSERT checks them at its end.
    const ready = [...pending].filter((table) =>
      links.every((link) => link.child !== table || link.parent === table || !pending.has(link.parent)),
    )
    if (ready.length === 0) throw new Error(`Clés étrangères circulaires entre ${[...pending].join(', ')}.`)
    for (const table of ready) {
      ordered.push(table)
      pending.delete(table)
    }
  }
  return ordered
}

/**
 * Rebuilds a database from a dump (decision 026): applies the archive's migrations, inserts every
 * table's rows in foreign-key order and sets the sequences, in one transaction, then applies this
 * version's newer migrations. `opened` must hold none of Encre's tables
 * ({@link dropEncreTables}).
 *
 * @param opened - the target database, either engine.
 * Rows are inserted a batch of lines at a time, read from the files as a stream (issue #35 §4).
 *
 * @param contents - the manifest's `base`, checked by {@link checkDump}.
 * @param folder - the extracted `base/` folder, checked by {@link checkDump}.
 * @param scratch - a folder for the archive's migrations.
 * @throws Error in French when the archive's tables are not those its migrations make; the
 *   database's errors when a row does not fit (nothing of the rows is then stored).
 */
export async function loadDatabase(
  opened: OpenedDatabase,
  contents: DatabaseContents,
  folder: string,
  scratch: string,
): Promise<void> {
  await opened.migrate(writeMigrationsPrefix(scratch, contents.migrations.length))
  const tables = await publicTables(opened.db)
  // Sorted here, not by the server's collation, which may place `_` elsewhere.
  if ([...tables].sort().join() !== Object.keys(contents.tables).sort().join()) {
    throw new Error('Les tables de l’archive ne sont pas celles de ses migrations : archive incohérente.')
  }
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    opened.db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and is_generated = 'NEVER' order by ordinal_position`,
  )
  const order = await inDependencyOrder(opened.db, tables)
  await opened.db.transaction(async (tx) => {
    for (const table of order) {
      if (!contents.tables[table]) continue
      const list = sql.join(
        columns
          .filter((column) => column.table_name === table)
          .map((column) => sql.identifier(column.column_name)),
        sql`, `,
      )
      for await (const { array } of jsonlBatches(path.join(folder, `${table}.jsonl`), table)) {
        await tx.execute(
          sql`insert into ${sql.identifier(table)} (${list}) overriding system value
              select ${list} from json_populate_recordset(null::${sql.identifier(table)}, ${array}::json)`,
        )
      }
    }
    for (const [name, value] of Object.entries(contents.sequences)) {
      await tx.execute(
        value === null
          ? sql`select setval(${name}::regclass, 1, false)`
          : sql`select setval(${name}::regclass, ${value}::bigint, true)`,
      )
    }
  })
  await opened.migrate()
}

/** Encre's tables: those of its schema (app/db/schema), and those an archive names. */
function encreTables(extra: string[]): string[] {
  const own = Object.values(schema)
    .filter((value) => is(value, PgTable))
    .map((table) => getTableName(table as PgTable))
  return [...new Set([...own, ...extra])]
}

/**
 * Whether any of Encre's tables holds a row: a database that does is not replaced without
 * `--force` (issue #12 §3). Tables of other applications are not looked at.
 *
 * @param db - the target database.
 * @param extra - more table names (an archive's).
 */
export async function hasEncreRows(db: Executor, extra: string[]): Promise<boolean> {
  const existing = new Set(await publicTables(db))
  for (const table of encreTables(extra)) {
    if (!existing.has(table)) continue
    const found = await queryRows(db, sql`select 1 from ${sql.identifier(table)} limit 1`)
    if (found.length > 0) return true
  }
  return false
}

/**
 * Drops Encre's tables (with what depends on them), its text search configuration and drizzle's
 * record of migrations, so that {@link loadDatabase} starts from nothing; other tables stay.
 *
 * @param db - the target database.
 * @param extra - more table names (an archive's).
 */
export async function dropEncreTables(db: Database, extra: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const table of encreTables(extra))
      await tx.execute(sql`drop table if exists ${sql.identifier(table)} cascade`)
    // What the migrations make besides tables and cannot make twice (drizzle/0009): the French
    // text search configuration. Functions are `create or replace`, extensions and the auction
    // version sequence (drizzle/0012) `if not exists`.
    await tx.execute(sql`drop text search configuration if exists encre_fr cascade`)
    await tx.execute(sql`drop table if exists drizzle.__drizzle_migrations`)
  })
}
