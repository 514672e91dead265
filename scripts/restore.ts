// `npm run restore -- <archive> [--force]`: restores an archive of `npm run backup` (the embedded
// database and the images) into DATA_DIR, which must hold no database nor images unless --force.
// The server must be stopped first: PGlite is single-process.
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
  if (env.DATABASE_URL) throw new Error('Avec DATABASE_URL, restaurez le serveur PostgreSQL avec pg_restore.')
  const { manifest, files } = await restoreBackup(archive, env.DATA_DIR_ABS, { force: values.force })
  console.warn(
    `Sauvegarde du ${manifest.cree_le} restaurée dans ${env.DATA_DIR_ABS} : base de données et ${files} fichiers d’images.` +
      (manifest.stockage.type === 's3'
        ? ` Les images du compartiment ${manifest.stockage.bucket} n’y sont pas.`
        : ''),
  )
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
