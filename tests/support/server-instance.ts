/**
 * Real server processes of the production build (build/server.js, as `npm start` runs it), for
 * tests of several instances sharing one PostgreSQL database (issue #12 §2). Test helper: never
 * imported by the application.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { getDatabase, type OpenedDatabase, openDatabase, setDatabase } from '#app/db/client.server'
import { reloadEnv } from '#app/env.server'
import { fetchOverSocket, SERVER_ENV, SERVER_NODE_ARGS, stopServer } from '../../bench/support'

/** One running server process. */
export type ServerInstance = {
  /** `http://127.0.0.1:{port}`, without trailing slash (no one answers there with `SOCKET_PATH`). */
  origin: string
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string
  /** Stops the process (SIGTERM), waits for its exit and deletes its DATA_DIR. */
  stop: () => Promise<void>
  /**
   * Kills the process at once (SIGKILL: no shutdown, a crash), waits for its exit and deletes its
   * DATA_DIR.
   */
  kill: () => Promise<void>
}

/** Builds the site when build/ is missing or older than the sources (scripts/ensure-build.mjs). */
export function ensureBuild(): void {
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' })
}

/** A TCP port of 127.0.0.1 free at the time of the call. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/**
 * Starts `node build/server.js` on a free port — or on the Unix socket `env.SOCKET_PATH` — with a
 * fresh DATA_DIR of its own (instances share nothing on disk), in production, with `env` added
 * (DATABASE_URL, S3_*, SMTP_URL…), and waits until `GET /` answers 200.
 *
 * @param env - the instance's variables.
 * @param timeoutMs - how long to wait for the first answer, in ms (default 90,000).
 * @returns the running {@link ServerInstance}.
 * @throws Error with the process's output when it exits or does not answer in time (it is stopped).
 */
export async function startServerInstance(
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ServerInstance> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-instance-'))
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_ARGS], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...SERVER_ENV,
      LOG_LEVEL: 'warn',
      SITE_TIMEZONE: 'Europe/Paris',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const instance: ServerInstance = {
    origin,
    output: () => output,
    stop: async () => {
      await stopServer(child)
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
    kill: async () => {
      await stopServer(child, 'SIGKILL')
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break
    const home = env.SOCKET_PATH ? fetchOverSocket(env.SOCKET_PATH, '/') : fetch(`${origin}/`)
    const answered = await home.then(
      (response) => response.status === 200,
      () => false,
    )
    if (answered) return instance
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  await instance.stop()
  throw new Error(`Le serveur ${origin} n'a pas démarré (code ${child.exitCode}) :\n${output}`)
}

/**
 * Makes this test process use the PostgreSQL database of the instances it started, with their
 * auth secret, to write rows (an auction) and read what they stored: the worker's own database and
 * secret come back with `restore` (call it in `afterAll`).
 *
 * @param databaseUrl - the instances' `DATABASE_URL`.
 * @param secret - the instances' `BETTER_AUTH_SECRET`.
 * @returns the database opened on it (a pool of 2) and `restore`.
 */
export async function shareInstancesDatabase(
  databaseUrl: string,
  secret: string,
): Promise<{ opened: OpenedDatabase; restore: () => Promise<void> }> {
  const previousSecret = process.env.BETTER_AUTH_SECRET
  process.env.BETTER_AUTH_SECRET = secret
  reloadEnv()
  const workerDatabase = getDatabase()
  const opened = await openDatabase({ databaseUrl, poolSize: 2 })
  setDatabase(opened)
  return {
    opened,
    restore: async () => {
      setDatabase(workerDatabase)
      if (previousSecret === undefined) delete process.env.BETTER_AUTH_SECRET
      else process.env.BETTER_AUTH_SECRET = previousSecret
      reloadEnv()
      await opened.close()
    },
  }
}
