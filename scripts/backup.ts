// `npm run backup`: writes an archive of the embedded database and the images into DATA_DIR/backups
// (the running server also does it daily); `npm run restore` reads it back. The server must be
// stopped first: PGlite is single-process.
import '#app/env-file.server'
import path from 'node:path'
import { openDatabase } from '#app/db/client.server'
import { getEnv } from '#app/env.server'
import { backupSources, createBackup } from '#app/services/backup/create-backup.server'

try {
  const env = getEnv()
  if (env.DATABASE_URL) throw new Error('Avec DATABASE_URL, sauvegardez le serveur PostgreSQL avec pg_dump.')
  const opened = await openDatabase({ dataDir: env.DATA_DIR_ABS })
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
