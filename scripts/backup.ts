// `npm run backup`: writes an archive of the database (embedded, or the PostgreSQL server of
// DATABASE_URL) and the images into DATA_DIR/backups (the running server also does it daily on the
// embedded database); `npm run restore` reads it back into either. On the embedded database the
// server must be stopped first: PGlite is single-process.
import '#app/env-file.server'
import path from 'node:path'
import { openConfiguredDatabase } from '#app/db/client.server'
import { getEnv } from '#app/env.server'
import { backupSources, createBackup } from '#app/services/backup/create-backup.server'

try {
  const env = getEnv()
  const opened = await openConfiguredDatabase(env)
  try {
    const { file, bytes } = await createBackup(
      opened,
      path.join(env.DATA_DIR_ABS, 'backups'),
      backupSources(env),
    )
    console.warn(`Sauvegarde écrite : ${file} (${Math.round(bytes / 1024)} Ko)`)
  } finally {
    await opened.close()
  }
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
