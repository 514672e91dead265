import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#app/db/client.server'

/**
 * Test helper: every row of every table of the `public` schema, and drizzle's record of the
 * migrations applied, read from the catalogue so that a table added later is covered: table →
 * its rows as `row_to_json` text (every column, times in UTC), sorted. The same text whichever
 * engine holds them, so two databases compare with `toEqual`.
 */
export async function everyRow(db: Database): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`)
    const tables = await queryRows<{ schemaname: string; tablename: string }>(
      tx,
      sql`select schemaname, tablename from pg_tables where schemaname in ('public', 'drizzle') order by 1, 2`,
    )
    const result: Record<string, string[]> = {}
    for (const { schemaname, tablename } of tables) {
      const rows = await queryRows<{ r: string }>(
        tx,
        sql`select row_to_json(t)::text as r from ${sql.identifier(schemaname)}.${sql.identifier(tablename)} t`,
      )
      result[`${schemaname}.${tablename}`] = rows.map((row) => row.r).sort()
    }
    return result
  })
}

/** Test helper: every file under `folder` (none when it is missing): relative path → SHA-256. */
export function everyFile(folder: string): Record<string, string> {
  const result: Record<string, string> = {}
  if (!fs.existsSync(folder)) return result
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    result[path.relative(folder, file)] = crypto
      .createHash('sha256')
      .update(fs.readFileSync(file))
      .digest('hex')
  }
  return result
}
