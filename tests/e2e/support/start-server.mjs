/**
 * Starts the production server for a browser-test run on a fresh data folder: deletes DATA_DIR
 * first (a previous run's PGlite lock file or data must never leak into this run; unless
 * E2E_KEEP_DATA_DIR=true, for a folder the spec has just filled itself), then loads the
 * compiled server (build/server.js, made by `npm run build`) in this process, so Playwright's kill
 * stops the server itself and no TypeScript loader runs in it (issue #8 §3).
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const dataDir = process.env.DATA_DIR
if (!dataDir?.includes('encre-e2e-')) {
  console.error('start-server : DATA_DIR doit être un dossier de test (encre-e2e-…).')
  process.exit(1)
}
// Only the variables Playwright gives: never a developer's .env (app/env-file.server.ts).
process.env.ENV_FILE = ''
// A spec that filled the folder itself (startOwnServer's `prepare`) keeps it.
if (process.env.E2E_KEEP_DATA_DIR !== 'true') fs.rmSync(dataDir, { recursive: true, force: true })
fs.mkdirSync(dataDir, { recursive: true })
await import(pathToFileURL(path.resolve('build/server.js')).href)
