/**
 * Starts the production server for a browser-test run on a fresh data folder: deletes DATA_DIR
 * first (a previous run's PGlite lock file or data must never leak into this run), then loads
 * server.ts in this process so Playwright's kill stops the server itself.
 */
import fs from 'node:fs'

const dataDir = process.env.DATA_DIR
if (!dataDir?.includes('encre-e2e-')) {
  console.error('start-server : DATA_DIR doit être un dossier de test (encre-e2e-…).')
  process.exit(1)
}
fs.rmSync(dataDir, { recursive: true, force: true })
fs.mkdirSync(dataDir, { recursive: true })
await import('../../../server')
