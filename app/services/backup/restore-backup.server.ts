import fs from 'node:fs'
import path from 'node:path'
import * as tar from 'tar'
import { lockDataDir, openDatabase } from '#app/db/client.server'
import { BACKUP_ENTRIES, BACKUP_FORMAT, type BackupManifest } from './create-backup.server'

/** A folder that holds something (a file, or a folder with anything in it). */
function isNonEmpty(target: string): boolean {
  if (!fs.existsSync(target)) return false
  return !fs.statSync(target).isDirectory() || fs.readdirSync(target).length > 0
}

/**
 * Restores an archive of {@link createBackup} into the data folder `dataDir` (issue #12 §3): the
 * embedded database into `{dataDir}/db`, the images into `{dataDir}/uploads`. Refuses a folder that
 * already holds a database or images unless `force` (then they are replaced, once the archive has
 * been read and checked: a bad archive changes nothing). The server must be stopped (the
 * database's lock file says so otherwise).
 *
 * @param archive - path of an `encre-….tar.gz` of `npm run backup`.
 * @param dataDir - the data folder to restore into (DATA_DIR), created if missing.
 * @param options.force - replace an existing database and images.
 * @returns the archive's manifest and the number of image files restored.
 * @throws Error in French: missing or unreadable archive, unknown format, non-empty folder without
 *   `force`, a database still open by a running server.
 */
export async function restoreBackup(
  archive: string,
  dataDir: string,
  options: { force?: boolean } = {},
): Promise<{ manifest: BackupManifest; files: number }> {
  if (!fs.existsSync(archive)) throw new Error(`Archive introuvable : ${archive}`)
  const dbDir = path.join(dataDir, 'db')
  const uploadsDir = path.join(dataDir, BACKUP_ENTRIES.uploads)
  if (!options.force && (isNonEmpty(dbDir) || isNonEmpty(uploadsDir))) {
    throw new Error(
      `Le dossier de données ${dataDir} contient déjà une base ou des images : rien n’a été restauré. Relancez avec --force pour les remplacer.`,
    )
  }
  fs.mkdirSync(dataDir, { recursive: true })
  const staging = fs.mkdtempSync(path.join(dataDir, '.restauration-'))
  try {
    try {
      await tar.extract({ file: archive, cwd: staging, strict: true })
    } catch {
      throw new Error(`Archive illisible : ${archive} (une sauvegarde de npm run backup est attendue).`)
    }
    const manifestFile = path.join(staging, BACKUP_ENTRIES.manifest)
    const manifest = fs.existsSync(manifestFile)
      ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest)
      : undefined
    const dumpFile = path.join(staging, BACKUP_ENTRIES.database)
    if (manifest?.format !== BACKUP_FORMAT || !fs.existsSync(dumpFile)) {
      throw new Error(`Archive inconnue : ${archive} (format de sauvegarde ${BACKUP_FORMAT} attendu).`)
    }
    // The database is made in the staging folder, then moved in under the data folder's lock.
    const restored = await openDatabase({
      dataDir: staging,
      loadDataDir: new Blob([fs.readFileSync(dumpFile)]),
    })
    await restored.close()
    const release = lockDataDir(dataDir)
    try {
      fs.rmSync(dbDir, { recursive: true, force: true })
      fs.renameSync(path.join(staging, 'db'), dbDir)
      fs.rmSync(uploadsDir, { recursive: true, force: true })
      const extractedUploads = path.join(staging, BACKUP_ENTRIES.uploads)
      if (fs.existsSync(extractedUploads)) fs.renameSync(extractedUploads, uploadsDir)
    } finally {
      release()
    }
    const files = fs.existsSync(uploadsDir)
      ? fs.readdirSync(uploadsDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
          .length
      : 0
    return { manifest, files }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
  }
}
