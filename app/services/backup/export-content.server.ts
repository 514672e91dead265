import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { type Executor, queryRows } from '#app/db/client.server'
import { readInChunks } from '#app/db/cursor.server'
import { csvLine } from '#app/lib/csv'
import { openTextSink } from './database-dump.server'

/**
 * Tables left out of an export: secrets (sessions, password hashes, validation tokens, second
 * factors, passkeys), the e-mail outbox's transient copies and the dashboard's caches of views;
 * nothing there is content. The audit log (`journal_audit`) is exported.
 */
export const EXPORT_LEFT_OUT = [
  'session',
  'account',
  'verification',
  'validations_email',
  'emails_sortants',
  'two_factor',
  'passkey',
  // Caches of vues_articles, which is exported (app/services/dashboard/article-views.server.ts).
  'vues_jours',
  'vues_articles_periode',
]
/** Columns left out of every table: the hashes or values of link tokens (`jeton…`, `token`). */
const SECRET_COLUMN = /^(?:jeton|token)/
/** Tables also written as CSV, for a spreadsheet: visitors' messages and bids. */
export const CSV_TABLES = ['contact_messages', 'mises'] as const

/** A row of contenu.json as `JSON.stringify(…, null, 2)` writes it inside `tables.{name}`. */
function jsonRow(row: Record<string, unknown>): string {
  return JSON.stringify(row, null, 2).replaceAll('\n', '\n      ')
}

/**
 * Exports all the site's content (issue #12 §3), for the artist's records and for personal-data
 * requests: `{folder}/encre-export-{UTC timestamp}/contenu.json` (`{ exporte_le, tables: { name:
 * rows } }`, every public table but {@link EXPORT_LEFT_OUT}, without token columns nor the columns
 * the database computes (search texts, `GENERATED … STORED`), rows in
 * creation order where a table has `cree_le`, times in ISO 8601 UTC) and one CSV a table of {@link CSV_TABLES}
 * (UTF-8, comma-separated, a header line). Works on both engines. Every file is written as a
 * stream, a chunk of rows at a time (issue #35 §4): memory does not grow with the tables. Pass a
 * transaction for one consistent read of all the tables.
 *
 * @param db - the database (or a transaction, for a consistent read).
 * @param folder - where the export's folder is created (default `{DATA_DIR}/exports`).
 * @returns the export's folder, and the count of tables and rows written.
 */
export async function exportContent(
  db: Executor,
  folder: string,
): Promise<{ dir: string; tables: number; rows: number }> {
  const columns = await queryRows<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`select table_name, column_name, data_type from information_schema.columns
        where table_schema = 'public' and is_generated = 'NEVER' order by table_name, ordinal_position`,
  )
  const byTable = new Map<string, { name: string; select: string }[]>()
  for (const { table_name, column_name, data_type } of columns) {
    if (EXPORT_LEFT_OUT.includes(table_name) || SECRET_COLUMN.test(column_name)) continue
    // Times as ISO 8601 in UTC, the same text whichever engine or driver reads them.
    const select = data_type.startsWith('timestamp')
      ? `to_char("${column_name}" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "${column_name}"`
      : `"${column_name}"`
    byTable.set(table_name, [...(byTable.get(table_name) ?? []), { name: column_name, select }])
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const dir = path.join(folder, `encre-export-${stamp}`)
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  const json = openTextSink(path.join(dir, 'contenu.json'))
  const csvs = new Map(
    CSV_TABLES.map((table) => [table as string, openTextSink(path.join(dir, `${table}.csv`))]),
  )
  let count = 0
  try {
    // The layout of `JSON.stringify({ exporte_le, tables }, null, 2)`, written a chunk of rows at a time.
    await json.write(`{\n  "exporte_le": ${JSON.stringify(new Date().toISOString())},\n  "tables": {`)
    let firstTable = true
    for (const [table, list] of byTable) {
      const order = list.some((column) => column.name === 'cree_le') ? ' order by "cree_le"' : ''
      const selected = list.map((column) => column.select).join(', ')
      const names = list.map((column) => column.name)
      const csv = csvs.get(table)
      // The byte-order mark makes spreadsheets read the file as UTF-8 (accents).
      await csv?.write(`\uFEFF${names.join(',')}\r\n`)
      await json.write(`${firstTable ? '' : ','}\n    ${JSON.stringify(table)}: [`)
      firstTable = false
      let firstRow = true
      const rows = await db.transaction((tx) =>
        readInChunks(tx, sql.raw(`select ${selected} from "${table}"${order}`), async (chunk) => {
          await json.write(`${firstRow ? '' : ','}\n      ${chunk.map(jsonRow).join(',\n      ')}`)
          firstRow = false
          await csv?.write(chunk.map((row) => csvLine(row, names)).join(''))
        }),
      )
      await json.write(rows === 0 ? ']' : '\n    ]')
      count += rows
    }
    await json.write(firstTable ? '}\n}\n' : '\n  }\n}\n')
    // A table of CSV_TABLES this database does not have still gets its (empty) file.
    for (const table of CSV_TABLES) if (!byTable.has(table)) await csvs.get(table)?.write('\uFEFF\r\n')
  } finally {
    await json.close()
    for (const csv of csvs.values()) await csv.close()
  }
  return { dir, tables: byTable.size, rows: count }
}
