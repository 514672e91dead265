import fs from 'node:fs/promises'
import type { OpenedDatabase } from '#app/db/client.server'
import { logger } from '#app/logger.server'

/**
 * Free space, in bytes, under which the embedded database stops taking writes (issue #37 §4,
 * decision 037). PostgreSQL fails a write that finds the disk full cleanly (53100), but documents
 * that a full disk under its write-ahead log can make it PANIC, which inside PGlite would stop the
 * process's database until a restart. This reserve leaves room for several 16 MB log segments and
 * for the writes of the second between two checks.
 */
export const DISK_RESERVE_BYTES = 64 * 1024 * 1024
/** Free space, in bytes, above which writes are taken again (above the reserve: no flapping at its edge). */
export const DISK_RESUME_BYTES = 96 * 1024 * 1024
/** Pause between two looks at the free space, in ms. */
export const DISK_CHECK_INTERVAL_MS = 1_000

/** Whether the embedded database is read-only for lack of space, for the health check. */
let isFull = false

/** Whether the embedded database's disk is full: writes are refused until space returns. */
export function isDiskFull(): boolean {
  return isFull
}

/** A running {@link guardEmbeddedDisk}. */
export type DiskGuard = {
  /**
   * Looks at the free space now and switches the database to read-only, or back, if needed.
   * @returns whether the disk is full after the look.
   */
  check: () => Promise<boolean>
  /** Stops looking (the database is closing: the health check no longer reports it full). */
  stop: () => void
}

/**
 * Keeps the embedded database away from a full disk (issue #37 §4): every
 * {@link DISK_CHECK_INTERVAL_MS} it reads the free space of `folder`'s file system
 * (`fs.statfs`); under `reserveBytes` it makes every later transaction read-only
 * (`default_transaction_read_only`, PostgreSQL's own switch: a write then fails with SQLSTATE
 * 25006, which the pages and forms tell as « Le disque du serveur est plein »), while reads go on;
 * once `resumeBytes` are free again, writes are taken again. Each change is logged. Does nothing
 * on a PostgreSQL server (its disk is its administrator's).
 *
 * @param opened - the opened database; only PGlite is guarded.
 * @param folder - the folder holding the database (DATA_DIR).
 * @param options.reserveBytes - the reserve (default {@link DISK_RESERVE_BYTES}); options.resumeBytes
 *   (default {@link DISK_RESUME_BYTES}); options.intervalMs (default {@link DISK_CHECK_INTERVAL_MS}).
 * @returns the running guard.
 */
export function guardEmbeddedDisk(
  opened: OpenedDatabase,
  folder: string,
  options: { reserveBytes?: number; resumeBytes?: number; intervalMs?: number } = {},
): DiskGuard {
  const reserve = options.reserveBytes ?? DISK_RESERVE_BYTES
  const resume = Math.max(reserve, options.resumeBytes ?? DISK_RESUME_BYTES)
  const pglite = opened.pglite
  let running: Promise<boolean> | undefined
  const look = async (): Promise<boolean> => {
    if (!pglite) return false
    const stats = await fs.statfs(folder)
    const free = stats.bavail * stats.bsize
    const shouldBeFull = isFull ? free < resume : free < reserve
    if (shouldBeFull !== isFull) {
      await pglite.exec(`set default_transaction_read_only = ${shouldBeFull ? 'on' : 'off'}`)
      isFull = shouldBeFull
      if (isFull)
        logger.error({ freeBytes: free, folder }, 'Disque plein : la base de données passe en lecture seule')
      else
        logger.warn(
          { freeBytes: free, folder },
          "Place libérée : la base de données accepte à nouveau l'écriture",
        )
    }
    return isFull
  }
  const check = () => {
    running ??= look().finally(() => {
      running = undefined
    })
    return running
  }
  const timer = setInterval(() => {
    void check().catch((error: unknown) => logger.warn({ err: error }, 'Place libre du disque illisible'))
  }, options.intervalMs ?? DISK_CHECK_INTERVAL_MS)
  timer.unref()
  return {
    check,
    stop: () => {
      clearInterval(timer)
      isFull = false
    },
  }
}
