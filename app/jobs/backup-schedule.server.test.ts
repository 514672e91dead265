import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { getDatabase, getDb } from '#app/db/client.server'
import { mises } from '#app/db/schema'
import type { BackupSources } from '#app/services/backup/create-backup.server'
import { auctions } from '#tests/support/auctions'
import { runBackupCheck } from './backup-schedule.server'

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
})
