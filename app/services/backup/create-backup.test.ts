import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { type Executor, getDatabase, getDb, openDatabase, queryRows } from '#app/db/client.server'
import { categories } from '#app/db/schema'
import { seedDemoIfEmpty } from '#app/db/seed/seed-demo.server'
import { getEnv } from '#app/env.server'
import { BACKUPS_KEPT, backupSources, createBackup } from './create-backup.server'
import { restoreBackup } from './restore-backup.server'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

function tempFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-backup-'))
  folders.push(folder)
  return folder
}

/** Every row of every table (public and drizzle's migrations), each table's rows sorted. */
async function everyRow(db: Executor): Promise<Record<string, string[]>> {
  const tables = await queryRows<{ schemaname: string; tablename: string }>(
    db,
    sql`select schemaname, tablename from pg_tables where schemaname in ('public', 'drizzle') order by 1, 2`,
  )
  const result: Record<string, string[]> = {}
  for (const { schemaname, tablename } of tables) {
    const rows = await queryRows(db, sql.raw(`select * from "${schemaname}"."${tablename}"`))
    result[`${schemaname}.${tablename}`] = rows.map((row) => JSON.stringify(row)).sort()
  }
  return result
}

/** Every file under `folder`: relative path → SHA-256. */
function everyFile(folder: string): Record<string, string> {
  const result: Record<string, string> = {}
  if (!fs.existsSync(folder)) return result
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    result[path.relative(folder, file)] = crypto
      .createHash('sha256')
      .update(fs.readFileSync(file))
      .digest('hex')
  }
  return result
}

describe('createBackup and restoreBackup', () => {
  it('back up the demo site, which restores elsewhere with every row and every image', async (context) => {
    if (getDatabase().kind !== 'pglite') context.skip()
    expect(await seedDemoIfEmpty({ imageLongSide: 320 })).toBe(true)
    const sources = backupSources(getEnv())
    const images = everyFile(sources.uploadsDir)
    expect(Object.keys(images).length).toBeGreaterThan(10)

    const { file } = await createBackup(getDatabase(), tempFolder(), sources)
    const elsewhere = path.join(tempFolder(), 'data')
    const { manifest, files } = await restoreBackup(file, { dataDir: elsewhere })

    expect(manifest.stockage).toEqual({ type: 'local' })
    expect(files).toBe(Object.keys(images).length)
    expect(everyFile(path.join(elsewhere, 'uploads'))).toEqual(images)
    const restored = await openDatabase({ dataDir: elsewhere })
    try {
      const rows = await everyRow(restored.db)
      expect(rows['public.oeuvres']?.length).toBeGreaterThan(0)
      expect(rows).toEqual(await everyRow(getDb()))
    } finally {
      await restored.close()
    }
  })

  it('keep the last 7 archives and record the bucket when images are in object storage', async (context) => {
    if (getDatabase().kind !== 'pglite') context.skip()
    const folder = tempFolder()
    const sources = { uploadsDir: path.join(folder, 'absent'), bucket: 'encre-images' }

    for (let i = 0; i < BACKUPS_KEPT + 2; i++) await createBackup(getDatabase(), folder, sources)

    const archives = fs.readdirSync(folder).sort()
    expect(archives).toHaveLength(BACKUPS_KEPT)
    const { manifest, files } = await restoreBackup(path.join(folder, archives.at(-1) ?? ''), {
      dataDir: path.join(folder, 'data'),
    })
    expect(manifest.stockage).toEqual({ type: 's3', bucket: 'encre-images' })
    expect(files).toBe(0)
  })

  it('refuse a data folder that holds a database unless forced, and change nothing', async (context) => {
    if (getDatabase().kind !== 'pglite') context.skip()
    const folder = tempFolder()
    await getDb().insert(categories).values({ nom: 'Avant' })
    const { file } = await createBackup(getDatabase(), folder, backupSources(getEnv()))
    const target = path.join(folder, 'data')
    const existing = await openDatabase({ dataDir: target })
    await existing.db.execute(sql`create table marqueur (x int)`)
    await existing.close()

    await expect(restoreBackup(file, { dataDir: target })).rejects.toThrow(
      /contient déjà une base ou des images : rien n’a été restauré\. Relancez avec --force/,
    )
    const kept = await openDatabase({ dataDir: target })
    expect(await queryRows(kept.db, sql`select to_regclass('marqueur') as t`)).toEqual([{ t: 'marqueur' }])
    await kept.close()

    await restoreBackup(file, { dataDir: target }, { force: true })
    const replaced = await openDatabase({ dataDir: target })
    try {
      expect(await queryRows(replaced.db, sql`select nom from categories`)).toEqual([{ nom: 'Avant' }])
      expect(await queryRows(replaced.db, sql`select to_regclass('marqueur') as t`)).toEqual([{ t: null }])
    } finally {
      await replaced.close()
    }
  })

  it('refuse what is not one of its archives, changing nothing', async () => {
    const folder = tempFolder()
    const notAnArchive = path.join(folder, 'faux.tar.gz')
    fs.writeFileSync(notAnArchive, 'pas une archive')

    await expect(restoreBackup(notAnArchive, { dataDir: path.join(folder, 'data') })).rejects.toThrow(
      /Archive illisible/,
    )
    await expect(
      restoreBackup(path.join(folder, 'absente.tar.gz'), { dataDir: path.join(folder, 'data') }),
    ).rejects.toThrow(/Archive introuvable/)
    expect(fs.readdirSync(path.join(folder, 'data'))).toEqual([])
  })
})
