/**
 * A PostgreSQL server of the test's own (issue #37 §4): a cluster made by `initdb` in a temporary
 * folder and run by `pg_ctl` on a free port, which the test may stop and start again while nothing
 * else uses it (other test files run beside it on the shared server of TEST_DATABASE_URL). Test
 * helper: never imported by the application.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './server-instance'

const run = promisify(execFile)

/** A running private cluster. */
export type PrivatePostgres = {
  /** `postgres://postgres@127.0.0.1:{port}/postgres` (trust authentication, local only). */
  url: string
  /** Stops the server (`pg_ctl stop -m fast`: connections are cut, as a restart cuts them). */
  stop: () => Promise<void>
  /** Starts it again on the same port and waits until it accepts connections. */
  start: () => Promise<void>
  /** Stops it and deletes its folder. */
  destroy: () => Promise<void>
}

/** The newest installed PostgreSQL's `bin` folder (Debian: /usr/lib/postgresql/{version}/bin), or null. */
export function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql'
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((version) => fs.existsSync(path.join(root, version, 'bin', 'initdb')))
        .sort((a, b) => Number(a) - Number(b))
    : []
  const newest = versions.at(-1)
  return newest ? path.join(root, newest, 'bin') : null
}

/**
 * The user the server runs as: PostgreSQL refuses to run as root, so under root (CI) the
 * `postgres` user of Debian's package; else the current user.
 */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'))
  const [, , uid, gid] = line?.split(':') ?? []
  if (!uid || !gid)
    throw new Error("L'utilisateur postgres est introuvable : installez le paquet postgresql.")
  return { uid: Number(uid), gid: Number(gid) }
}

/**
 * Creates and starts a private cluster with the newest installed PostgreSQL.
 *
 * @returns the running {@link PrivatePostgres}.
 * @throws Error when PostgreSQL is not installed ({@link postgresBinaries}) or does not start.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinaries()
  if (!bin) throw new Error('PostgreSQL introuvable sous /usr/lib/postgresql')
  const user = serverUser()
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-pg-'))
  const data = path.join(folder, 'data')
  if (user) fs.chownSync(folder, user.uid, user.gid)
  const port = await freePort()
  const as = { ...user, env: { PATH: process.env.PATH ?? '', LANG: 'C.UTF-8' } }
  await run(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'],
    as,
  )
  const pgCtl = (...args: string[]) => run(path.join(bin, 'pg_ctl'), ['-D', data, ...args], as)
  const start = async () => {
    await pgCtl(
      '-w',
      '-l',
      path.join(folder, 'server.log'),
      '-o',
      `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    )
  }
  const stop = async () => {
    await pgCtl('-w', '-m', 'fast', 'stop')
  }
  await start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    destroy: async () => {
      await stop().catch(() => undefined)
      fs.rmSync(folder, { recursive: true, force: true })
    },
  }
}
