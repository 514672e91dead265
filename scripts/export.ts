// `npm run export`: writes all the site's content as JSON, and the contact messages and bids as
// CSV, into DATA_DIR/exports (issue #12 §3). With the embedded database, stop the server first;
// with DATABASE_URL it runs alongside it.
import '#app/env-file.server'
import path from 'node:path'
import { openConfiguredDatabase } from '#app/db/client.server'
import { getEnv } from '#app/env.server'
import { exportContent } from '#app/services/backup/export-content.server'

try {
  const env = getEnv()
  const opened = await openConfiguredDatabase(env)
  try {
    const { dir, tables, rows } = await opened.db.transaction((tx) =>
      exportContent(tx, path.join(env.DATA_DIR_ABS, 'exports')),
    )
    console.warn(
      `Export écrit dans ${dir} : ${tables} tables, ${rows} lignes (contenu.json, contact_messages.csv, mises.csv).`,
    )
  } finally {
    await opened.close()
  }
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
