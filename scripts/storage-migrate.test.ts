import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openDatabase } from '#app/db/client.server'
import { categories, medias } from '#app/db/schema'
import { createLocalStorage, getStorage } from '#app/media/storage.server'
import { runScript } from '#tests/support/cli'
import { useTestBucket } from '#tests/support/s3-bucket'

/** Runs `tsx scripts/storage-migrate.ts` with `env`. */
const runCli = (env: Record<string, string>) =>
  runScript('storage-migrate', [], { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env })

const KEYS = ['categories/abc123-320.avif', 'categories/abc123-320.webp']

describe('npm run storage:migrate: a real run on an embedded database and s3rver', () => {
  const bucket = useTestBucket()
  let dataDir: string
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-storage-cli-'))
  })
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }))

  /** A stopped site: a migrated embedded database whose category shows an image of DATA_DIR/uploads. */
  async function localSite(): Promise<void> {
    const template = new Blob([fs.readFileSync(inject('pgliteTemplate'))])
    const opened = await openDatabase({ dataDir, loadDataDir: template })
    const local = createLocalStorage(path.join(dataDir, 'uploads'))
    await local.put(KEYS[0] ?? '', Buffer.from('avif'.repeat(100)), 'image/avif')
    await local.put(KEYS[1] ?? '', Buffer.from('webp'.repeat(200)), 'image/webp')
    const variant = (key: string, format: 'avif' | 'webp') => ({
      format,
      width: 320,
      height: 240,
      url: `/uploads/${key}`,
      bytes: 1,
    })
    await opened.db.insert(medias).values({
      url: `/uploads/${KEYS[1]}`,
      dossier: 'categories',
      mime: 'image/png',
      largeur: 320,
      hauteur: 240,
      octets: 1,
      variantes: [variant(KEYS[0] ?? '', 'avif'), variant(KEYS[1] ?? '', 'webp')],
    })
    await opened.db.insert(categories).values({ nom: 'Encres', image_url: `/uploads/${KEYS[1]}` })
    await opened.close()
  }

  async function storedUrls(): Promise<string[]> {
    const opened = await openDatabase({ dataDir })
    try {
      const [category] = await opened.db.select().from(categories)
      const [media] = await opened.db.select().from(medias)
      return [category?.image_url ?? '', media?.url ?? '', ...(media?.variantes ?? []).map((v) => v.url)]
    } finally {
      await opened.close()
    }
  }

  it('copies the files, repoints the site at the bucket with a plain progress, and does nothing the second time', async () => {
    await localSite()
    const { env, publicUrl } = bucket()

    const first = await runCli({ ...env, DATA_DIR: dataDir })

    expect(first.stderr).toBe('')
    expect(first.code).toBe(0)
    expect(first.stdout.split('\n')).toEqual([
      `Copie de ${path.join(dataDir, 'uploads')} vers le bucket encre (${publicUrl})…`,
      '[1/2] copié      categories/abc123-320.avif (1 Ko)',
      '[2/2] copié      categories/abc123-320.webp (1 Ko)',
      'Fichiers copiés : 2 (1 Ko) ; déjà dans le bucket : 0.',
      'Adresses mises à jour — images : 1, champs de contenu : 1.',
      `Migration terminée. ${path.join(dataDir, 'uploads')} peut être archivé puis supprimé.`,
      '',
    ])
    expect(await storedUrls()).toEqual(
      [KEYS[1], KEYS[1], KEYS[0], KEYS[1]].map((key) => `${publicUrl}/${key}`),
    )
    expect(await (await fetch(`${publicUrl}/${KEYS[1]}`)).text()).toBe('webp'.repeat(200))

    const second = await runCli({ ...env, DATA_DIR: dataDir })

    expect(second.code).toBe(0)
    expect(second.stdout).toContain('[2/2] déjà là    categories/abc123-320.webp (1 Ko)')
    expect(second.stdout).toContain('Fichiers copiés : 0 (0 Ko) ; déjà dans le bucket : 2.')
    expect(second.stdout).toContain('Adresses mises à jour — images : 0, champs de contenu : 0.')
    const inBucket: string[] = []
    for await (const file of getStorage().list()) inBucket.push(file.key)
    expect(inBucket.sort()).toEqual(KEYS)
  }, 60_000)

  it('refuses to run without a bucket, touching nothing', async () => {
    await localSite()

    const answer = await runCli({ DATA_DIR: dataDir })

    expect(answer.code).toBe(1)
    expect(answer.stderr).toBe(
      'S3_BUCKET n’est pas défini : indiquez le bucket (variables S3_*) avant de migrer les images.\n',
    )
    expect(await storedUrls()).toEqual([KEYS[1], KEYS[1], KEYS[0], KEYS[1]].map((key) => `/uploads/${key}`))
  }, 60_000)
})
