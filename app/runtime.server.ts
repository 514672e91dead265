import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { forgetAuth } from '#app/auth.server'
import { getDatabase, openDatabase, setDatabase } from '#app/db/client.server'
import { guardEmbeddedDisk } from '#app/db/disk-guard.server'
import { needsDemoSeed, seedDemoIfEmpty } from '#app/db/seed/seed-demo.server'
import { getEnv } from '#app/env.server'
import { stopLivePages } from '#app/http/auction-stream.server'
import { flushArticleViews } from '#app/http/page-cache.server'
import { startAuctionScheduler } from '#app/jobs/auction-scheduler.server'
import { startAuditPurge } from '#app/jobs/audit-purge.server'
import { startBackupSchedule } from '#app/jobs/backup-schedule.server'
import { startMediaSweep } from '#app/jobs/media-sweep.server'
import { startOutboxWorker } from '#app/jobs/outbox-worker.server'
import { startPublicationScheduler } from '#app/jobs/publication-scheduler.server'
import { startTableMaintenance } from '#app/jobs/table-maintenance.server'
import { logger } from '#app/logger.server'
import { getStorage, isStorageKey, type Storage } from '#app/media/storage.server'
import { stopAuctionEvents } from '#app/services/auctions/auction-events.server'
import { backupSources } from '#app/services/backup/create-backup.server'
import { ensurePageConfigs } from '#app/services/pages/ensure-page-configs.server'
import { startRateLimitSync, stopRateLimitSync } from '#app/services/rate-limit.server'
import { invalidateSiteData, startSiteDataSync, stopSiteDataSync } from '#app/services/site-data-cache.server'
import { ensureFirstAdmin } from '#app/services/users/ensure-first-admin.server'

type Running = { stopWorkers: Array<() => Promise<void> | void> }
const globalRuntime = globalThis as typeof globalThis & { __encreRuntime?: Running }

/** How server.ts serves `/uploads`, and which image origin its CSP allows (decision 019). */
export type UploadsServing = {
  /** The local uploads folder to serve at `/uploads`; undefined when files are in a bucket. */
  uploadsDir: string | undefined
  /** Origin of the files' public URLs when on another host (`S3_PUBLIC_URL`'s), for `img-src`. */
  uploadsOrigin: string | undefined
  /**
   * With a bucket: where `/uploads{requestPath}` lives now (`{S3_PUBLIC_URL}/{key}`), for links
   * made before `npm run storage:migrate` (e-mails already sent); undefined when the path is no key.
   */
  remoteUploadUrl: (requestPath: string) => string | undefined
}

/**
 * How server.ts serves the files of `storage` (decision 019): a local folder statically, or a
 * bucket by its public address (CSP `img-src`, and `/uploads/{key}` sent on there).
 *
 * @returns the {@link UploadsServing} of `storage`.
 */
export function uploadsServing(storage: Storage): UploadsServing {
  const isRemote = storage.kind !== 'local'
  return {
    uploadsDir: storage.localDir,
    uploadsOrigin: isRemote ? new URL(storage.publicBaseUrl).origin : undefined,
    remoteUploadUrl: (requestPath) => {
      const key = requestPath.replace(/^\//, '')
      return isRemote && isStorageKey(key) ? storage.publicUrl(key) : undefined
    },
  }
}

/**
 * Advisory lock held by a starting instance while it fills a new database (demo content, page
 * configuration, first administrator), so instances starting together on one PostgreSQL server do
 * it once (issue #12 §2). The seed's child process does not take it: it runs under its parent's.
 */
const STARTUP_LOCK_KEY = 72_201_013

/** The environment variable that makes the server process a seed process (server.ts). */
export const SEED_PROCESS_ENV = 'ENCRE_SEED_PROCESS'

/**
 * The whole work of a seed process (issue #8 §3): opens the database, applies migrations, fills it
 * with the demo content if it is empty, closes it.
 *
 * @returns whether the demo content was created.
 * @throws what opening, migrating or seeding throws.
 */
export async function seedDemoDatabase(): Promise<boolean> {
  const env = getEnv()
  const opened = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR_ABS,
  })
  setDatabase(opened)
  try {
    await opened.migrate()
    return await seedDemoIfEmpty()
  } finally {
    await opened.close()
    setDatabase(undefined)
  }
}

/**
 * Runs {@link seedDemoDatabase} in a child process of the same server script, and waits for it:
 * drawing and encoding the demo images (sharp, libvips) takes a few hundred MB that a process
 * never gives back; a child gives them back when it exits (decision 008: 452 MB idle after a
 * first start seeded in process).
 *
 * @throws Error (French) when the child fails.
 */
function seedInChildProcess(): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = process.argv[1]
    if (!script) {
      reject(new Error('Script du serveur introuvable pour créer le contenu de démonstration'))
      return
    }
    const child = spawn(process.execPath, [...process.execArgv, script], {
      env: { ...process.env, [SEED_PROCESS_ENV]: '1' },
      stdio: 'inherit',
    })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`Le contenu de démonstration n'a pas pu être créé (code de sortie ${code})`)),
    )
  })
}

/**
 * Starts what the web process needs before serving (issue #2 §1): validates the configuration,
 * opens the database (PGlite under DATA_DIR, or DATABASE_URL), applies migrations, seeds the demo
 * content on an empty database unless SEED_DEMO=false (in a child process, {@link seedInChildProcess}), creates any missing page configuration row
 * (so even an empty site has its menu), creates the first administrator on an empty
 * user table (ADMIN_EMAIL/ADMIN_PASSWORD), and starts the e-mail outbox worker, the auction
 * scheduler (opens and closes auctions, issue #4 §7), the hourly sweep of abandoned uploads, the
 * daily purge of the audit log's entries older than a year, the daily backups of the embedded
 * database and its disk guard (read-only before the disk is full).
 * Idempotent within a process (development reloads call it again).
 *
 * @returns how to serve `/uploads` ({@link UploadsServing}): the local folder, or the bucket's address.
 * @throws Error with a French message on invalid configuration or a locked embedded database.
 */
export async function startServices(): Promise<UploadsServing> {
  const env = getEnv()
  const storage = getStorage()
  if (globalRuntime.__encreRuntime) return uploadsServing(storage)

  // A new embedded database is created and seeded by the child before this process opens it
  // (PGlite admits one process); on PostgreSQL the child seeds beside this process's pool.
  const isNewEmbeddedDatabase = !env.DATABASE_URL && !fs.existsSync(path.join(env.DATA_DIR_ABS, 'db'))
  if (env.SEED_DEMO && isNewEmbeddedDatabase) await seedInChildProcess()
  const opened = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR_ABS,
  })
  setDatabase(opened)
  await opened.migrate()
  logger.info({ engine: opened.kind }, 'Base de données prête')
  // Instances starting together on a new PostgreSQL database: one fills it, the others wait.
  const firstAdmin = await opened.withLock(STARTUP_LOCK_KEY, async () => {
    if (env.SEED_DEMO && opened.kind === 'postgres' && (await needsDemoSeed())) await seedInChildProcess()
    // What a child could not have done (an embedded database left empty): seeded here.
    if (env.SEED_DEMO && (await seedDemoIfEmpty())) logger.info('Contenu de démonstration créé')
    const createdPages = await ensurePageConfigs()
    if (createdPages.length > 0) logger.info({ pages: createdPages }, 'Configuration des pages créée')
    return ensureFirstAdmin({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD })
  })
  invalidateSiteData()
  await startSiteDataSync()
  await startRateLimitSync()
  if (firstAdmin?.generatedPassword) {
    console.warn(
      `Premier administrateur créé : ${firstAdmin.email} / ${firstAdmin.generatedPassword} (notez ce mot de passe : il ne sera plus affiché).`,
    )
  } else if (firstAdmin) {
    logger.info({ email: firstAdmin.email }, 'Premier administrateur créé')
  }
  const stopOutbox = startOutboxWorker()
  const stopBackups = startBackupSchedule(opened, path.join(env.DATA_DIR_ABS, 'backups'), backupSources(env))
  const stopAuctions = startAuctionScheduler()
  const stopPublications = startPublicationScheduler()
  const stopMediaSweep = startMediaSweep()
  const stopAuditPurge = startAuditPurge()
  const stopTableMaintenance = startTableMaintenance(opened)
  // The embedded database turns read-only before its disk is full (issue #37 §4).
  const diskGuard = opened.kind === 'pglite' ? guardEmbeddedDisk(opened, env.DATA_DIR_ABS) : undefined
  void diskGuard?.check().catch(() => undefined)
  globalRuntime.__encreRuntime = {
    stopWorkers: [
      stopAuctions,
      stopPublications,
      stopOutbox,
      stopBackups,
      stopMediaSweep,
      stopAuditPurge,
      stopTableMaintenance,
      () => diskGuard?.stop(),
    ],
  }
  if (storage.kind === 's3') logger.info({ url: storage.publicBaseUrl }, 'Images stockées dans le bucket S3')
  return uploadsServing(storage)
}

/** Stops the workers and closes the database (SIGTERM/SIGINT). Safe to call twice. */
export async function stopServices(): Promise<void> {
  const running = globalRuntime.__encreRuntime
  globalRuntime.__encreRuntime = undefined
  if (running) for (const stop of running.stopWorkers) await stop()
  await flushArticleViews()
  await stopLivePages()
  await stopAuctionEvents()
  await stopSiteDataSync()
  await stopRateLimitSync()
  try {
    await getDatabase().close()
  } catch {
    // never opened
  }
  setDatabase(undefined)
  // better-auth holds the database it was created with.
  forgetAuth()
}
