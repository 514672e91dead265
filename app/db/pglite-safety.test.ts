import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { createPgliteTemplate, openDatabase, PGLITE_TEMPLATE_PATH, queryRows } from './client.server'

let child: ChildProcess | undefined
const dirs: string[] = []

afterEach(() => {
  child?.kill('SIGKILL')
  child = undefined
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** Starts the writer child and resolves once it has written at least `rows` rows. */
function startWriter(dataDir: string, rows: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'tests/support/pglite-writer.ts'], {
      env: { ...process.env, WRITER_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    proc.stderr?.on('data', (chunk) => {
      stderr += chunk
    })
    proc.stdout?.on('data', (chunk: Buffer) => {
      const match = /wrote (\d+)/.exec(chunk.toString())
      if (match && Number(match[1]) >= rows) resolve(proc)
    })
    proc.on('exit', (code) => reject(new Error(`le processus d'écriture s'est arrêté (${code}) : ${stderr}`)))
  })
}

describe('embedded database safety (DESIGN.md §2 "PGlite, safely")', () => {
  it('refuses a second process while one holds the data folder, then recovers after SIGKILL during writes', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-pglite-'))
    dirs.push(dataDir)
    child = await startWriter(dataDir, 60)

    await expect(openDatabase({ dataDir })).rejects.toThrow(/déjà ouverte par le processus \d+/)

    const killed = new Promise((resolve) => child?.on('exit', resolve))
    child.kill('SIGKILL')
    await killed
    child = undefined

    // The lock file of the dead process is taken over and the data written before the kill is there.
    const reopened = await openDatabase({ dataDir })
    try {
      const rows = await queryRows<{ n: number }>(
        reopened.db,
        sql`select count(*)::int as n from contact_messages`,
      )
      expect(rows[0]?.n).toBeGreaterThanOrEqual(60)
      await reopened.db.execute(
        sql`insert into contact_messages (nom, email, sujet, message) values ('après', 'a@b.fr', 's', 'm')`,
      )
    } finally {
      await reopened.close()
    }
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false)
  }, 120_000)
})

describe('a new embedded database (issue #33: a first start within 400 MB)', () => {
  it('starts from the installed template, takes the migrations and keeps its data', async () => {
    await createPgliteTemplate()
    expect(fs.existsSync(PGLITE_TEMPLATE_PATH)).toBe(true)
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-pglite-'))
    dirs.push(dataDir)

    const first = await openDatabase({ dataDir })
    await first.migrate()
    await first.db.execute(sql`insert into categories (nom) values ('Encres')`)
    await first.close()
    const again = await openDatabase({ dataDir })
    const rows = await queryRows<{ nom: string }>(again.db, sql`select nom from categories`)
    await again.close()

    expect(fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true)
    expect(rows).toEqual([{ nom: 'Encres' }])
    // A second call leaves the template as it is.
    expect(await createPgliteTemplate()).toBe(false)
  }, 120_000)
})
