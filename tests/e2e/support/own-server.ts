import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { E2E_ADMIN } from './servers'

/** A production server a spec starts for itself (its own port, data folder and environment). */
export type OwnServer = {
  /** `http://localhost:{port}`, without trailing slash. */
  url: string
  /** Folder where it writes its e-mails as .eml files (no SMTP_URL): `readMails`, `waitForMail`. */
  mailDir: string
  /** The server's process id (its memory is read from /proc). */
  pid: number
  /** Resident memory of the server now, in bytes (Linux /proc). */
  rss: () => number
  /** Stops it (SIGTERM) and removes its data folder. */
  stop: () => Promise<void>
}

/**
 * Starts `build/server.js` through tests/e2e/support/start-server.mjs on `port`, with an empty
 * database (SEED_DEMO=false) in a fresh `encre-e2e-own-{port}` folder, the browser tests'
 * administrator, and `env` on top (e.g. `TRUST_PROXY`); resolves once `/` answers.
 *
 * @param options.prepare - fills the fresh folder before the server starts (e.g. an embedded
 *   database with the rows a spec needs: app/db/client.server.ts's `openDatabase`, migrated,
 *   closed before it resolves); the server then keeps what it finds.
 * @throws Error when it exits or does not answer within 60 s.
 */
export async function startOwnServer(
  port: number,
  env: Record<string, string> = {},
  options: { prepare?: (dataDir: string) => Promise<void> } = {},
): Promise<OwnServer> {
  const dataDir = path.join(os.tmpdir(), `encre-e2e-own-${port}`)
  const url = `http://localhost:${port}`
  if (options.prepare) {
    fs.rmSync(dataDir, { recursive: true, force: true })
    fs.mkdirSync(dataDir, { recursive: true })
    await options.prepare(dataDir)
  }
  const child: ChildProcess = spawn(process.execPath, ['tests/e2e/support/start-server.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      SITE_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      SEED_DEMO: 'false',
      TRUST_PROXY: 'false',
      BETTER_AUTH_SECRET: 'e2e-secret-only-for-browser-tests-0123456789',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      E2E_KEEP_DATA_DIR: options.prepare ? 'true' : 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Le serveur s'est arrêté (code ${child.exitCode}).`)
    if (Date.now() > deadline) throw new Error(`Le serveur n'a pas répondu sur ${url}.`)
    const ready = await fetch(`${url}/`).then(
      (response) => response.ok,
      () => false,
    )
    if (ready) break
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  const pid = child.pid as number
  return {
    url,
    mailDir: path.join(dataDir, 'mail'),
    pid,
    rss: () =>
      Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
