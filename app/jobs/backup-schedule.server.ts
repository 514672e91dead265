import fs from 'node:fs'
import path from 'node:path'
import type { OpenedDatabase } from '#app/db/client.server'
import { logger } from '#app/logger.server'
import { type BackupSources, createBackup } from '#app/services/backup/create-backup.server'
import { startPeriodicTask } from './periodic-task.server'

/** How often the schedule looks at the newest dump, in ms. */
const CHECK_EVERY_MS = 60 * 60 * 1000
/** Age of the newest dump, in ms, after which a new one is written (daily). */
const BACKUP_EVERY_MS = 24 * 60 * 60 * 1000

function newestBackupAgeMs(folder: string): number {
  if (!fs.existsSync(folder)) return Number.POSITIVE_INFINITY
  const times = fs
    .readdirSync(folder)
    .filter((name) => /^encre-.*\.tar\.gz$/.test(name))
    .map((name) => fs.statSync(path.join(folder, name)).mtimeMs)
  return times.length ? Date.now() - Math.max(...times) : Number.POSITIVE_INFINITY
}

/**
 * Daily backups of the embedded database and `sources` (its images) into `folder`, keeping the
 * last 7 (DESIGN.md §2).
 * Checks hourly (first check one minute after start) and writes a dump when the newest is a day old.
 * Does nothing for a PostgreSQL server.
 *
 * @returns a function stopping the schedule.
 */
export function startBackupSchedule(
  opened: OpenedDatabase,
  folder: string,
  sources: BackupSources,
): () => void {
  if (opened.kind !== 'pglite') return () => {}
  return startPeriodicTask({
    firstDelayMs: 60_000,
    everyMs: CHECK_EVERY_MS,
    failure: 'Sauvegarde quotidienne impossible',
    task: async () => {
      if (newestBackupAgeMs(folder) < BACKUP_EVERY_MS) return
      const { file } = await createBackup(opened, folder, sources)
      logger.info({ file }, 'Sauvegarde quotidienne écrite')
    },
  })
}
