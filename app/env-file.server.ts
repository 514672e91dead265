import fs from 'node:fs'

/**
 * Loads a `.env` file into `process.env` (issue #12 §4), with Node's own parser
 * (`process.loadEnvFile`, Node ≥ 20.12): `NAME=value` lines, `#` comments, quotes. A variable
 * already set in the environment keeps its value; an empty one (`NAME=`) counts as unset, as
 * everywhere in app/env.server.ts.
 *
 * @param file - the file to read: `ENV_FILE` when set (empty: none), else `.env` of the current
 *   folder.
 * @returns whether a file was read (false when it does not exist).
 * @throws the parser's error for a file that cannot be read.
 */
export function loadEnvFile(file: string = process.env.ENV_FILE ?? '.env'): boolean {
  if (!file || !fs.existsSync(file)) return false
  process.loadEnvFile(file)
  return true
}

// The first import of server.ts and of the scripts, so every module after it (the logger reads
// LOG_LEVEL when imported) sees the file's values. Tests set their own variables.
if (!process.env.VITEST) loadEnvFile()
