import fs from 'node:fs'
import path from 'node:path'
import * as tar from 'tar'
import { lockDataDir, type OpenedDatabase, openDatabase } from '#app/db/client.server'
import { BACKUP_ENTRIES, BACKUP_FORMAT, type BackupManifest, READ_SIZE } from './create-backup.server'
import { checkDump, dropEncreTables, hasEncreRows, loadDatabase } from './database-dump.server'

/** A folder that holds something (a file, or a folder with anything in it). */
function isNonEmpty(target: string): boolean {
  if (!fs.existsSync(target)) return false
  return !fs.statSync(target).isDirectory() || fs.readdirSync(target).length > 0
}

/** Where a restore goes: the data folder, and the PostgreSQL server when there is one. */
export type RestoreTarget = {
  /** DATA_DIR: the images go into `{dataDir}/uploads`, the embedded database into `{dataDir}/db`. */
  dataDir: string
  /** DATABASE_URL: restore into this PostgreSQL database instead of the embedded one. */
  databaseUrl?: string
}

/** The manifest of an extracted archive, when it is one {@link restoreBackup} can read. */
function readManifest(staging: string, archive: string): BackupManifest {
  const file = path.join(staging, BACKUP_ENTRIES.manifest)
  let manifest: BackupManifest | undefined
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest
  } catch {
    manifest = undefined
  }
  const base = manifest?.base
  const readable =
    manifest?.stockage instanceof Object &&
    ((manifest.format === BACKUP_FORMAT &&
      Array.isArray(base?.migrations) &&
      base?.tables instanceof Object &&
      base.sequences instanceof Object) ||
      (manifest.format === 1 && fs.existsSync(path.join(staging, BACKUP_ENTRIES.pgliteDump))))
  if (!manifest || !readable) {
    throw new Error(`Archive inconnue : ${archive} (format de sauvegarde ${BACKUP_FORMAT} attendu).`)
  }
  return manifest
}

/**
 * Restores an archive of `createBackup` (issue #12 §3, decision 026): the database into the
 * PostgreSQL server of `target.databaseUrl`, or else into the embedded one of `{dataDir}/db`,
 * whichever engine made the archive; the images into `{dataDir}/uploads`. Refuses a database
 * holding rows (the embedded one: a folder holding a database) or a folder holding images unless
 * `force` (they are then replaced). The archive is read and checked first: a bad archive changes
 * nothing. The servers must be stopped (the embedded database's lock file says so otherwise).
 *
 * @param archive - path of an `encre-….tar.gz` of `npm run backup`.
 * @param target - the data folder (created if missing) and the PostgreSQL server, if any.
 * @param options.force - replace an existing database and images.
 * @returns the archive's manifest and the number of image files restored.
 * @throws Error in French: missing, unreadable or unknown archive, archive of a newer Encre,
 *   non-empty target without `force`, a format-1 archive (PGlite files) for a PostgreSQL server,
 *   an embedded database still open by a running server.
 */
export async function restoreBackup(
  archive: string,
  target: RestoreTarget,
  options: { force?: boolean } = {},
): Promise<{ manifest: BackupManifest; files: number }> {
  if (!fs.existsSync(archive)) throw new Error(`Archive introuvable : ${archive}`)
  const { dataDir, databaseUrl } = target
  const dbDir = path.join(dataDir, 'db')
  const uploadsDir = path.join(dataDir, BACKUP_ENTRIES.uploads)
  const refuse = (what: string) =>
    new Error(`${what} : rien n’a été restauré. Relancez avec --force pour les remplacer.`)
  if (!options.force && (isNonEmpty(uploadsDir) || (!databaseUrl && isNonEmpty(dbDir)))) {
    throw refuse(`Le dossier de données ${dataDir} contient déjà une base ou des images`)
  }
  fs.mkdirSync(dataDir, { recursive: true })
  // A server running on the embedded database holds this lock: refused before any work.
  const release = databaseUrl ? () => {} : lockDataDir(dataDir)
  const staging = fs.mkdtempSync(path.join(dataDir, '.restauration-'))
  let server: OpenedDatabase | undefined
  try {
    try {
      await tar.extract({ file: archive, cwd: staging, strict: true, maxReadSize: READ_SIZE })
    } catch {
      throw new Error(`Archive illisible : ${archive} (une sauvegarde de npm run backup est attendue).`)
    }
    const manifest = readManifest(staging, archive)
    const rowsFolder = path.join(staging, BACKUP_ENTRIES.database)
    if (manifest.base) await checkDump(manifest.base, rowsFolder)
    const archiveTables = Object.keys(manifest.base?.tables ?? {})
    if (databaseUrl) {
      if (!manifest.base) {
        throw new Error(
          `L’archive ${archive} (format 1) ne contient que la base embarquée : restaurez-la sans DATABASE_URL.`,
        )
      }
      server = await openDatabase({ databaseUrl, poolSize: 2 })
      if (!options.force && (await hasEncreRows(server.db, archiveTables))) {
        throw refuse('La base de données PostgreSQL (DATABASE_URL) contient déjà des données')
      }
      await dropEncreTables(server.db, archiveTables)
      await loadDatabase(server, manifest.base, rowsFolder, staging)
    } else {
      // The database is made in the staging folder, then moved in: a failure leaves the old one.
      const restored = await openDatabase({
        dataDir: staging,
        loadDataDir: manifest.base
          ? undefined
          : new Blob([fs.readFileSync(path.join(staging, BACKUP_ENTRIES.pgliteDump))]),
      })
      try {
        if (manifest.base) await loadDatabase(restored, manifest.base, rowsFolder, staging)
      } finally {
        await restored.close()
      }
    }
    if (!databaseUrl) {
      fs.rmSync(dbDir, { recursive: true, force: true })
      fs.renameSync(path.join(staging, 'db'), dbDir)
    }
    fs.rmSync(uploadsDir, { recursive: true, force: true })
    const extractedUploads = path.join(staging, BACKUP_ENTRIES.uploads)
    if (fs.existsSync(extractedUploads)) fs.renameSync(extractedUploads, uploadsDir)
    const files = fs.existsSync(uploadsDir)
      ? fs.readdirSync(uploadsDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
          .length
      : 0
    return { manifest, files }
  } finally {
    await server?.close()
    fs.rmSync(staging, { recursive: true, force: true })
    release()
  }
}
