import { forgetAuth } from '#app/auth.server'
import { reloadEnv } from '#app/env.server'

/** The value each variable had before a test first changed it (undefined: it was not set). */
const original = new Map<string, string | undefined>()

function write(values: Record<string, string | undefined>): void {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  }
  reloadEnv()
  // better-auth reads SITE_URL and the secret when it is created.
  forgetAuth()
}

/**
 * Sets (a string) or deletes (undefined) environment variables for the running test, then re-reads
 * the configuration (`getEnv`) and forgets the better-auth instance. Every variable changed this
 * way gets its previous value back after the test ({@link restoreEnv}, run after each test by
 * tests/setup/setup-file.ts).
 *
 * @param values - variable name → value, e.g. `{ CONTACT_EMAIL: 'artiste@exemple.fr', SMTP_URL: undefined }`.
 * @throws like `parseEnv` when a value is invalid (the variables are set all the same).
 */
export function setEnv(values: Record<string, string | undefined>): void {
  for (const key of Object.keys(values)) if (!original.has(key)) original.set(key, process.env[key])
  write(values)
}

/** Puts back every variable {@link setEnv} changed, and the configuration read from them. */
export function restoreEnv(): void {
  if (original.size === 0) return
  const values = Object.fromEntries(original)
  original.clear()
  write(values)
}
