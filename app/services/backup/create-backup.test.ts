import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { getDatabase, getDb, openDatabase, queryRows } from '#app/db/client.server'
import { categories } from '#app/db/schema'
import { BACKUPS_KEPT, createBackup } from './create-backup.server'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

describe('createBackup', () => {
  it('writes a dump that restores the data, keeping only the last 7', async (context) => {
    if (getDatabase().kind !== 'pglite') context.skip()
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-backup-'))
    folders.push(folder)
    await getDb().insert(categories).values({ nom: 'Sauvegardée' })

    for (let i = 0; i < BACKUPS_KEPT + 2; i++) await createBackup(getDatabase(), folder)
    const dumps = fs.readdirSync(folder).sort()
    expect(dumps).toHaveLength(BACKUPS_KEPT)

    const restored = await openDatabase({
      loadDataDir: new Blob([fs.readFileSync(path.join(folder, dumps.at(-1) ?? ''))]),
    })
    try {
      const rows = await queryRows<{ nom: string }>(restored.db, sql`select nom from categories`)
      expect(rows.map((row) => row.nom)).toEqual(['Sauvegardée'])
    } finally {
      await restored.close()
    }
  })
})
