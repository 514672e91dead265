// `npm run storage:migrate`: copies the uploads of DATA_DIR/uploads into the S3_* bucket, then
// points every stored image URL at S3_PUBLIC_URL (decision 019). Idempotent and resumable: run it
// again after a failure. With the embedded database, stop the server first (PGlite is
// single-process); with DATABASE_URL it may run beside the servers.
import { sql } from 'drizzle-orm'
import { openDatabase } from '#app/db/client.server'
import { getEnv } from '#app/env.server'
import { copyStoredFiles, pointImagesAt } from '#app/media/migrate-storage.server'
import { createLocalUploadsStorage, getStorage } from '#app/media/storage.server'
import { SITE_DATA_CHANNEL } from '#app/services/site-data-cache.server'

/** Progress and results go to stdout, one line each; errors to stderr. */
const print = (line: string) => process.stdout.write(`${line}\n`)
const kilobytes = (bytes: number) =>
  `${bytes === 0 ? 0 : Math.max(1, Math.round(bytes / 1024)).toLocaleString('fr-FR')} Ko`

try {
  const env = getEnv()
  const bucket = getStorage()
  if (bucket.kind !== 's3') {
    throw new Error(
      'S3_BUCKET n’est pas défini : indiquez le bucket (variables S3_*) avant de migrer les images.',
    )
  }
  // Opened first: an embedded database held by a running server stops the run before any copy.
  const opened = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR_ABS,
  })
  try {
    const local = createLocalUploadsStorage(env)
    print(`Copie de ${local.localDir} vers le bucket ${env.S3_BUCKET} (${bucket.publicBaseUrl})…`)
    const width = (total: number) => String(total).length
    const copy = await copyStoredFiles(local, bucket, ({ index, total, key, bytes, copied }) => {
      const rank = `[${String(index).padStart(width(total))}/${total}]`
      print(`${rank} ${copied ? 'copié     ' : 'déjà là   '} ${key} (${kilobytes(bytes)})`)
    })
    print(
      `Fichiers copiés : ${copy.copied} (${kilobytes(copy.copiedBytes)}) ; déjà dans le bucket : ${copy.skipped}.`,
    )

    const { images, references } = await pointImagesAt(local, bucket, opened.db)
    // Running servers on PostgreSQL forget their cached pages, which still name /uploads.
    if (opened.kind === 'postgres')
      await opened.db.execute(sql`select pg_notify(${SITE_DATA_CHANNEL}, 'migration')`)
    print(`Adresses mises à jour — images : ${images}, champs de contenu : ${references}.`)
    print(`Migration terminée. ${local.localDir} peut être archivé puis supprimé.`)
  } finally {
    await opened.close()
  }
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
