// `npm run restore -- <archive> [--force]`: restores an archive of `npm run backup` (the database
// and the images) into the PostgreSQL server of DATABASE_URL, or else the embedded database of
// DATA_DIR, and the images into DATA_DIR/uploads; the database must hold no rows and the folder no
// images unless --force. Stop the servers first.
import '#app/env-file.server'
import { parseArgs } from 'node:util'
import { getEnv } from '#app/env.server'
import { restoreBackup } from '#app/services/backup/restore-backup.server'

try {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean' } },
  })
  const [archive, ...extra] = positionals
  if (!archive || extra.length > 0)
    throw new Error('Utilisation : npm run restore -- <archive.tar.gz> [--force]')
  const env = getEnv()
  const { manifest, files } = await restoreBackup(
    archive,
    { dataDir: env.DATA_DIR_ABS, databaseUrl: env.DATABASE_URL },
    { force: values.force },
  )
  const where = env.DATABASE_URL ? 'la base PostgreSQL' : `la base embarquée de ${env.DATA_DIR_ABS}`
  const notes = [
    manifest.stockage.type === 's3'
      ? ` Les images du compartiment ${manifest.stockage.bucket} n’y sont pas.`
      : '',
    env.S3_BUCKET && files > 0
      ? ` Les images sont dans ${env.DATA_DIR_ABS}/uploads : lancez npm run storage:migrate pour les copier dans le compartiment ${env.S3_BUCKET}.`
      : '',
  ]
  console.warn(
    `Sauvegarde du ${manifest.cree_le} restaurée dans ${where} : base de données et ${files} fichiers d’images.${notes.join('')}`,
  )
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
