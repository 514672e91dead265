import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { getDatabase, getDb, openDatabase } from '#app/db/client.server'
import { mises } from '#app/db/schema'
import type { BackupSources } from '#app/services/backup/create-backup.server'
import { auctions } from '#tests/support/auctions'
import { RETRY_AFTER_FAILURE_MS, runBackupCheck } from './backup-schedule.server'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

function backupFolder(): { folder: string; sources: BackupSources } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-backup-check-'))
  folders.push(folder)
  return { folder, sources: { uploadsDir: path.join(folder, 'absent') } }
}

const archives = (folder: string) => fs.readdirSync(folder).filter((name) => name.endsWith('.tar.gz'))

describe('runBackupCheck (the daily backup of the embedded database)', () => {
  it('waits while bidders are at work, and writes the dump once the last bid is ten minutes old', async (context) => {
    if (getDatabase().kind !== 'pglite') context.skip()
    const { folder, sources } = backupFolder()
    const now = new Date()
    const auction = await auctions.create({}, now)
    await getDb()
      .insert(mises)
      .values(
        auctions.bidRow(auction.id, 'Lina', '120.00', { cree_le: new Date(now.getTime() - 2 * 60_000) }),
      )

    expect(await runBackupCheck(getDatabase(), folder, sources, now)).toEqual({ status: 'postponed' })
    expect(archives(folder)).toEqual([])

    const quietLater = new Date(now.getTime() + 9 * 60_000)
    const written = await runBackupCheck(getDatabase(), folder, sources, quietLater)
    expect(written.status).toBe('written')
    expect(archives(folder)).toHaveLength(1)
    // A dump of today is there: the next check writes nothing.
    expect(await runBackupCheck(getDatabase(), folder, sources, quietLater)).toEqual({ status: 'recent' })
    expect(archives(folder)).toHaveLength(1)
  })
  it('serves the event loop while it reads a table: the table is written over many turns, not in one', async (context) => {
    if (getDatabase().kind !== 'pglite') context.skip()
    const { folder, sources } = backupFolder()
    await getDb().execute(
      sql`insert into contact_messages (nom, email, sujet, message)
          select 'Nom ' || g, 'v' || g || '@exemple.fr', 'Sujet', repeat('Bonjour, une question. ', 12)
          from generate_series(1, 40000) g`,
    )
    // A visitor's request is a callback waiting for a turn of the event loop: this one, due every
    // millisecond, notes how much of the messages' file the backup had written when it ran. A
    // table read in one query (the backup before chunks) is written in one go: one size seen.
    const sizes = new Set<number>()
    const visitor = setInterval(() => {
      for (const name of fs.readdirSync(folder).filter((entry) => entry.startsWith('.sauvegarde-'))) {
        const file = path.join(folder, name, 'base', 'contact_messages.jsonl')
        if (fs.existsSync(file)) sizes.add(fs.statSync(file).size)
      }
    }, 1)
    const delay = monitorEventLoopDelay({ resolution: 5 })
    delay.enable()
    try {
      expect((await runBackupCheck(getDatabase(), folder, sources)).status).toBe('written')
    } finally {
      clearInterval(visitor)
      delay.disable()
    }
    const partial = [...sizes].filter((size) => size > 0 && size < Math.max(...sizes))
    expect(partial.length).toBeGreaterThanOrEqual(3)
    // The goal is 100 ms (issue #35 §4) on a quiet machine; decision 026 has the figures measured.
    context.annotate(`pause la plus longue : ${Math.round(delay.max / 1e6)} ms`)
  }, 120_000)

  it('after a failed backup, or one whose process died during it, waits six hours before the next', async (context) => {
    if (getDatabase().kind !== 'pglite') context.skip()
    const { folder, sources } = backupFolder()
    // A process stopped during its backup leaves its staging folder.
    fs.mkdirSync(path.join(folder, '.sauvegarde-abc123'))
    const now = new Date()
    expect(await runBackupCheck(getDatabase(), folder, sources, now)).toEqual({ status: 'after-failure' })
    const later = new Date(now.getTime() + RETRY_AFTER_FAILURE_MS + 60_000)
    expect((await runBackupCheck(getDatabase(), folder, sources, later)).status).toBe('written')
    expect(fs.readdirSync(folder).filter((name) => name.startsWith('.'))).toEqual([])

    // A backup that fails (here: its database is closed) is recorded, and not tried again at once.
    const elsewhere = backupFolder()
    const closed = await openDatabase()
    await closed.close()
    await expect(runBackupCheck(closed, elsewhere.folder, sources, now)).rejects.toThrow()
    expect(await runBackupCheck(getDatabase(), elsewhere.folder, sources, now)).toEqual({
      status: 'after-failure',
    })
    expect(archives(elsewhere.folder)).toEqual([])
  }, 60_000)
})
