// Builds the app when build/ is missing or older than the sources (npm start "builds if needed").
import { execSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

// build/server.js is written last by `npm run build` (scripts/build-server.mjs).
const marker = path.resolve('build/server.js')
const sources = [
  'app',
  'drizzle',
  'public',
  'server.ts',
  'scripts/build-server.mjs',
  'package-lock.json',
  'vite.config.ts',
  'react-router.config.ts',
]

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0
  const stat = fs.statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)))
  return newest
}

const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0
const changed = Math.max(...sources.map(newestMtime))
if (built === 0 || changed > built) {
  console.warn(built === 0 ? 'Première construction du site…' : 'Sources modifiées : reconstruction du site…')
  execSync('npm run build', { stdio: 'inherit' })
}
