import path from 'node:path'
import { getDatabase, openDatabase, setDatabase } from '#app/db/client.server'
import { seedDemoIfEmpty } from '#app/db/seed/seed-demo.server'
import { getEnv } from '#app/env.server'
import { startAuctionScheduler } from '#app/jobs/auction-scheduler.server'
import { startBackupSchedule } from '#app/jobs/backup-schedule.server'
import { startMediaSweep } from '#app/jobs/media-sweep.server'
import { startOutboxWorker } from '#app/jobs/outbox-worker.server'
import { logger } from '#app/logger.server'
import { getStorage } from '#app/media/storage.server'
import { flushArticleViews } from '#app/page-cache.server'
import { stopAuctionEvents } from '#app/services/auctions/auction-events.server'
import { ensurePageConfigs } from '#app/services/pages/ensure-page-configs.server'
import { invalidateSiteData, startSiteDataSync, stopSiteDataSync } from '#app/services/site-data-cache.server'
import { ensureFirstAdmin } from '#app/services/users/ensure-first-admin.server'

type Running = { stopWorkers: Array<() => Promise<void> | void> }
const globalRuntime = globalThis as typeof globalThis & { __encreRuntime?: Running }

/**
 * Starts what the web process needs before serving (issue #2 §1): validates the configuration,
 * opens the database (PGlite under DATA_DIR, or DATABASE_URL), applies migrations, seeds the demo
 * content on an empty database unless SEED_DEMO=false, creates any missing page configuration row
 * (so even an empty site has its menu), creates the first administrator on an empty
 * user table (ADMIN_EMAIL/ADMIN_PASSWORD), and starts the e-mail outbox worker, the auction
 * scheduler (opens and closes auctions, issue #4 §7), the hourly sweep of abandoned uploads and the
 * daily backups of the embedded database.
 * Idempotent within a process (development reloads call it again).
 *
 * @returns the local uploads folder to serve at /uploads (undefined when object storage is used).
 * @throws Error with a French message on invalid configuration or a locked embedded database.
 */
export async function startServices(): Promise<{ uploadsDir: string | undefined }> {
  const env = getEnv()
  const storage = getStorage()
  if (globalRuntime.__encreRuntime) return { uploadsDir: storage.localDir }

  const opened = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR_ABS,
  })
  setDatabase(opened)
  await opened.migrate()
  logger.info({ engine: opened.kind }, 'Base de données prête')
  if (env.SEED_DEMO) {
    const seeded = await seedDemoIfEmpty()
    if (seeded) logger.info('Contenu de démonstration créé')
  }
  const createdPages = await ensurePageConfigs()
  if (createdPages.length > 0) logger.info({ pages: createdPages }, 'Configuration des pages créée')
  invalidateSiteData()
  await startSiteDataSync()
  const firstAdmin = await ensureFirstAdmin({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD })
  if (firstAdmin?.generatedPassword) {
    console.warn(
      `Premier administrateur créé : ${firstAdmin.email} / ${firstAdmin.generatedPassword} (notez ce mot de passe : il ne sera plus affiché).`,
    )
  } else if (firstAdmin) {
    logger.info({ email: firstAdmin.email }, 'Premier administrateur créé')
  }
  const stopOutbox = startOutboxWorker()
  const stopBackups = startBackupSchedule(opened, path.join(env.DATA_DIR_ABS, 'backups'))
  const stopAuctions = startAuctionScheduler()
  const stopMediaSweep = startMediaSweep()
  globalRuntime.__encreRuntime = { stopWorkers: [stopAuctions, stopOutbox, stopBackups, stopMediaSweep] }
  return { uploadsDir: storage.localDir }
}

/** Stops the workers and closes the database (SIGTERM/SIGINT). Safe to call twice. */
export async function stopServices(): Promise<void> {
  const running = globalRuntime.__encreRuntime
  globalRuntime.__encreRuntime = undefined
  if (running) for (const stop of running.stopWorkers) await stop()
  await flushArticleViews()
  await stopAuctionEvents()
  await stopSiteDataSync()
  try {
    await getDatabase().close()
  } catch {
    // never opened
  }
  setDatabase(undefined)
}
