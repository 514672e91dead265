// `npm run db:migrate`: applies the committed migrations to DATABASE_URL, or to the embedded
// database in DATA_DIR (which must not be open in a running server).
import '#app/env-file.server'
import { openConfiguredDatabase } from '#app/db/client.server'
import { getEnv } from '#app/env.server'

try {
  const env = getEnv()
  const opened = await openConfiguredDatabase(env)
  try {
    await opened.migrate()
    console.warn(
      `Migrations appliquées (${opened.kind === 'pglite' ? `base embarquée ${env.DATA_DIR_ABS}` : 'serveur PostgreSQL'}).`,
    )
  } finally {
    await opened.close()
  }
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
