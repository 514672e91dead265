import fs from 'node:fs'
import path from 'node:path'
import type { OpenedDatabase } from '#app/db/client.server'

/** How many backups to keep in the folder (DESIGN.md §2: the last 7). */
export const BACKUPS_KEPT = 7

/**
 * Writes a dump of the embedded database (PGlite `dumpDataDir`, gzip tar) to
 * `{folder}/encre-{UTC timestamp}.tar.gz`, atomically, then deletes the oldest dumps beyond
 * {@link BACKUPS_KEPT} (DESIGN.md §2 "PGlite, safely").
 *
 * @param opened - the open database; must be PGlite (a PostgreSQL server is backed up with pg_dump).
 * @param folder - destination folder, created if missing (default `{DATA_DIR}/backups`).
 * @returns the dump's path and size in bytes.
 * @throws Error in French when the database is a PostgreSQL server.
 */
export async function createBackup(
  opened: OpenedDatabase,
  folder: string,
): Promise<{ file: string; bytes: number }> {
  if (opened.kind !== 'pglite' || !opened.pglite) {
    throw new Error(
      'La sauvegarde intégrée concerne la base embarquée. Avec DATABASE_URL, sauvegardez le serveur avec pg_dump.',
    )
  }
  fs.mkdirSync(folder, { recursive: true })
  const dump = await opened.pglite.dumpDataDir('gzip')
  const bytes = Buffer.from(await dump.arrayBuffer())
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const file = path.join(folder, `encre-${stamp}.tar.gz`)
  fs.writeFileSync(`${file}.tmp`, bytes, { mode: 0o600 })
  fs.renameSync(`${file}.tmp`, file)
  const dumps = fs
    .readdirSync(folder)
    .filter((name) => /^encre-.*\.tar\.gz$/.test(name))
    .sort()
  for (const old of dumps.slice(0, Math.max(0, dumps.length - BACKUPS_KEPT)))
    fs.rmSync(path.join(folder, old))
  return { file, bytes: bytes.length }
}
