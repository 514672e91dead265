import fs from 'node:fs'
import path from 'node:path'
import type { OpenedDatabase } from '#app/db/client.server'
import { logger } from '#app/logger.server'
import { hasRecentBids } from '#app/services/auctions/get-public-auction.server'
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

/** A bid this recent (ms) means a bidding war: the backup waits for the next check. */
export const BIDDING_QUIET_MS = 10 * 60 * 1000

/**
 * One check of the daily backup: writes a dump of the embedded database and `sources` into
 * `folder` when the newest is a day old — unless bidders are at work (a bid in the last
 * {@link BIDDING_QUIET_MS}): on the embedded database a backup holds the process for about a
 * second, which a bidding war must not meet; the next hourly check tries again.
 *
 * @returns what it did: 'written' (with the archive's path), 'recent' (the newest dump is less than
 *   a day old) or 'postponed' (bids are coming in).
 * @throws the backup's error (the periodic task logs it).
 */
export async function runBackupCheck(
  opened: OpenedDatabase,
  folder: string,
  sources: BackupSources,
  now: Date = new Date(),
): Promise<{ status: 'written'; file: string } | { status: 'recent' | 'postponed' }> {
  if (newestBackupAgeMs(folder) < BACKUP_EVERY_MS) return { status: 'recent' }
  if (await hasRecentBids(new Date(now.getTime() - BIDDING_QUIET_MS), opened.db)) {
    logger.info('Sauvegarde quotidienne reportée : des enchérisseurs sont en train de miser')
    return { status: 'postponed' }
  }
  const { file } = await createBackup(opened, folder, sources)
  logger.info({ file }, 'Sauvegarde quotidienne écrite')
  return { status: 'written', file }
}

/**
 * Daily backups of the embedded database and `sources` (its images) into `folder`, keeping the
 * last 7 (DESIGN.md §2): {@link runBackupCheck} hourly, the first check one minute after start.
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
      await runBackupCheck(opened, folder, sources)
    },
  })
}
