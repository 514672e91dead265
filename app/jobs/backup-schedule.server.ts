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

/**
 * After a failed backup, in ms, the next attempt waits this long (issue #35 §4): a backup that
 * fails, or kills its process, is not tried again every minute of a crash loop.
 */
export const RETRY_AFTER_FAILURE_MS = 6 * 60 * 60 * 1000
/** The file whose time records the last failed backup, in the backups folder. */
const FAILURE_MARK = '.echec-sauvegarde'

/**
 * When the last backup failed, in ms since the epoch, or undefined: the failure mark, or the
 * staging folder (`.sauvegarde-…`) a backup leaves behind when its process died during it. Such
 * folders older than {@link RETRY_AFTER_FAILURE_MS} are removed.
 */
function lastFailureMs(folder: string, now: Date): number | undefined {
  if (!fs.existsSync(folder)) return undefined
  let last: number | undefined
  for (const name of fs.readdirSync(folder)) {
    if (name !== FAILURE_MARK && !name.startsWith('.sauvegarde-')) continue
    const target = path.join(folder, name)
    const time = fs.statSync(target).mtimeMs
    if (name !== FAILURE_MARK && now.getTime() - time >= RETRY_AFTER_FAILURE_MS)
      fs.rmSync(target, { recursive: true, force: true })
    else last = Math.max(last ?? 0, time)
  }
  return last
}

/** A bid this recent (ms) means a bidding war: the backup waits for the next check. */
export const BIDDING_QUIET_MS = 10 * 60 * 1000

/**
 * One check of the daily backup: writes a dump of the embedded database and `sources` into
 * `folder` when the newest is a day old — unless bidders are at work (a bid in the last
 * {@link BIDDING_QUIET_MS}): on the embedded database a backup holds the process for about a
 * second, which a bidding war must not meet; the next hourly check tries again. After a failed
 * backup (an error, or a process that died during it) the next waits {@link RETRY_AFTER_FAILURE_MS}.
 *
 * @returns what it did: 'written' (with the archive's path), 'recent' (the newest dump is less than
 *   a day old), 'postponed' (bids are coming in) or 'after-failure' (the last attempt failed less
 *   than {@link RETRY_AFTER_FAILURE_MS} ago).
 * @throws the backup's error (the periodic task logs it), after recording the failure.
 */
export async function runBackupCheck(
  opened: OpenedDatabase,
  folder: string,
  sources: BackupSources,
  now: Date = new Date(),
): Promise<{ status: 'written'; file: string } | { status: 'recent' | 'postponed' | 'after-failure' }> {
  if (newestBackupAgeMs(folder) < BACKUP_EVERY_MS) return { status: 'recent' }
  const failed = lastFailureMs(folder, now)
  if (failed !== undefined && now.getTime() - failed < RETRY_AFTER_FAILURE_MS) {
    logger.warn(
      { failedAt: new Date(failed).toISOString() },
      'Sauvegarde quotidienne reportée : la précédente tentative a échoué, nouvel essai six heures après',
    )
    return { status: 'after-failure' }
  }
  let file: string
  try {
    if (await hasRecentBids(new Date(now.getTime() - BIDDING_QUIET_MS), opened.db)) {
      logger.info('Sauvegarde quotidienne reportée : des enchérisseurs sont en train de miser')
      return { status: 'postponed' }
    }
    ;({ file } = await createBackup(opened, folder, sources))
  } catch (error) {
    fs.mkdirSync(folder, { recursive: true })
    const mark = path.join(folder, FAILURE_MARK)
    fs.writeFileSync(mark, `${now.toISOString()}\n`)
    fs.utimesSync(mark, now, now)
    throw error
  }
  fs.rmSync(path.join(folder, FAILURE_MARK), { force: true })
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
