/**
 * The disk full under the embedded database (issue #37 §4, decision 037): PGlite's DATA_DIR on a
 * size-limited tmpfs, filled by a file. Writes fail with a clear French message, reads go on,
 * nothing is corrupted (every index checked by amcheck after reopening), and the site writes again
 * once space returns. Mounting needs root (.ci/run runs as root): skipped with a note otherwise.
 * The embedded database only: skipped on the PostgreSQL pass.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { amcheck } from '@electric-sql/pglite/contrib/amcheck'
import { expect, it, onTestFinished } from 'vitest'
import { forgetAuth } from '#app/auth.server'
import {
  getDatabase,
  type OpenedDatabase,
  openDatabase,
  PGLITE_EXTENSIONS,
  setDatabase,
} from '#app/db/client.server'
import { DISK_RESERVE_BYTES, type DiskGuard, guardEmbeddedDisk } from '#app/db/disk-guard.server'
import { categories, contactMessages } from '#app/db/schema'
import { UNAVAILABLE_MESSAGES } from '#app/lib/unavailable'
import { action as categoriesAction } from '#app/routes/admin/categories'
import { action as contactAction } from '#app/routes/contact'
import Portfolio, { loader as portfolioLoader } from '#app/routes/portfolio'
import { checkHealth } from '#app/services/health/check-health.server'
import { adminCookie, loadPage, postAction, renderRoute } from '#tests/support/routes'

const isRoot = process.getuid?.() === 0
const onServer = Boolean(process.env.TEST_DATABASE_URL)

/** Writes `file` until only `leaveBytes` are free on its file system, or the disk refuses (ENOSPC). */
function fillDisk(file: string, leaveBytes: number): void {
  const chunk = Buffer.alloc(1024 * 1024, 1)
  const fd = fs.openSync(file, 'a')
  try {
    for (;;) {
      const { bavail, bsize } = fs.statfsSync(path.dirname(file))
      const room = bavail * bsize - leaveBytes
      if (room <= 0) return
      fs.writeSync(fd, chunk, 0, Math.min(chunk.length, room))
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
  } finally {
    fs.closeSync(fd)
  }
}

it.skipIf(onServer)(
  'disk full under the embedded database: writes refused in French, reads go on, nothing corrupted, writes again once space returns',
  async (context) => {
    if (!isRoot) {
      context.skip('monter un tmpfs demande root : test du disque plein sauté')
      return
    }
    const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-disque-plein-'))
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=160m', 'tmpfs', mountPoint])
    const previous = getDatabase()
    let opened: OpenedDatabase | undefined
    let guard: DiskGuard | undefined
    // One clean-up, in order: the guard, the test's database, then the mount.
    onTestFinished(async () => {
      guard?.stop()
      setDatabase(previous)
      forgetAuth()
      await opened?.close()
      execFileSync('umount', ['--lazy', mountPoint])
      fs.rmSync(mountPoint, { recursive: true, force: true })
    })
    opened = await openDatabase({ dataDir: mountPoint })
    await opened.migrate()
    setDatabase(opened)
    guard = guardEmbeddedDisk(opened, mountPoint, { intervalMs: 60 * 60_000 })
    const cookie = await adminCookie()
    const create = (nom: string) =>
      postAction(categoriesAction, '/admin/categories', { intent: 'create', nom, affichee: 'on' }, cookie)
    expect((await create('Calligraphie')).status).toBe(200)

    // Almost full: less than the reserve left. The guard sees it and the database turns read-only.
    const filler = path.join(mountPoint, 'remplissage')
    fillDisk(filler, DISK_RESERVE_BYTES / 2)
    expect(await guard.check()).toBe(true)
    expect((await checkHealth()).isDiskFull).toBe(true)
    const refused = await create('Encres')
    expect(refused.status).toBe(503)
    expect(refused.body.toast.description).toBe(UNAVAILABLE_MESSAGES['disk-full'])
    // A visitor's form too: the contact message is refused with the same words, and not stored.
    const contact = (await postAction(contactAction, '/contact', {
      nom: 'Dupont',
      prenom: 'Camille',
      email: 'camille@exemple.fr',
      sujet: 'Une commande',
      message: 'Bonjour, je voudrais une calligraphie.',
    })) as unknown as { status: number; body: { outcome: string; message: string } }
    expect(contact.status).toBe(503)
    expect(contact.body).toMatchObject({ outcome: 'error', message: UNAVAILABLE_MESSAGES['disk-full'] })
    expect(await opened.db.select().from(contactMessages)).toEqual([])

    // Then entirely full: reads go on.
    fillDisk(`${filler}-2`, 0)
    expect(fs.statfsSync(mountPoint).bavail).toBe(0)
    const read = await loadPage(portfolioLoader, '/portfolio')
    expect(renderRoute(Portfolio as never, read.data, '/portfolio')).toContain('Calligraphie')
    expect((await create('Encres')).body.toast.description).toBe(UNAVAILABLE_MESSAGES['disk-full'])
    expect((await opened.db.select({ nom: categories.nom }).from(categories)).map((row) => row.nom)).toEqual([
      'Calligraphie',
    ])

    // Space returns: writes are taken again.
    fs.rmSync(filler)
    fs.rmSync(`${filler}-2`)
    expect(await guard.check()).toBe(false)
    expect((await checkHealth()).isDiskFull).toBe(false)
    expect((await create('Encres')).status).toBe(200)

    // Nothing corrupted: reopened from its files, the rows are there and every index checks out.
    guard.stop()
    setDatabase(previous)
    forgetAuth()
    await opened.close()
    const reopened = await PGlite.create({
      dataDir: path.join(mountPoint, 'db'),
      extensions: { ...PGLITE_EXTENSIONS, amcheck },
    })
    try {
      const names = await reopened.query<{ nom: string }>('select nom from categories order by nom')
      expect(names.rows.map((row) => row.nom)).toEqual(['Calligraphie', 'Encres'])
      await reopened.exec('create extension if not exists amcheck')
      const indexes = await reopened.query<{ name: string }>(
        `select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
         join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
         where a.amname = 'btree' and n.nspname = 'public'`,
      )
      expect(indexes.rows.length).toBeGreaterThan(10)
      for (const { name } of indexes.rows) {
        await reopened.query('select bt_index_check($1::regclass, true)', [name])
      }
    } finally {
      await reopened.close()
    }
  },
  120_000,
)
