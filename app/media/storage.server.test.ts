import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buffer } from 'node:stream/consumers'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parseEnv } from '#app/env.server'
import { createLocalStorage, getStorage, type Storage } from '#app/media/storage.server'
import { setEnv } from '#tests/support/env'
import { useTestBucket } from '#tests/support/s3-bucket'

async function listed(storage: Storage): Promise<string[]> {
  const keys: string[] = []
  for await (const file of storage.list()) keys.push(`${file.key} ${file.bytes}`)
  return keys.sort()
}

async function read(storage: Storage, key: string): Promise<string | undefined> {
  const stream = await storage.getStream(key)
  return stream && (await buffer(stream)).toString('utf8')
}

describe('uploads storage', () => {
  const bucket = useTestBucket()

  describe.each([
    ['local disk', (dir: string) => createLocalStorage(dir), '/uploads'],
    ['S3 bucket (s3rver)', () => bucket().storage, 'S3_PUBLIC_URL'],
  ] as const)('storage on %s', (_name, create, base) => {
    let dir: string
    let storage: Storage
    let publicBase: string
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-storage-'))
      storage = create(dir)
      publicBase = base === '/uploads' ? base : bucket().publicUrl
    })
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

    it('writes, replaces, reads, lists and removes files', async () => {
      await storage.put('artworks/abc-320.webp', Buffer.from('un'), 'image/webp')
      await storage.put('artworks/abc-320.webp', Buffer.from('deux'), 'image/webp')
      await storage.put('site/titre-640.avif', Buffer.from('titre'), 'image/avif')

      expect(await read(storage, 'artworks/abc-320.webp')).toBe('deux')
      expect(await storage.stat('artworks/abc-320.webp')).toEqual({ key: 'artworks/abc-320.webp', bytes: 4 })
      expect(await listed(storage)).toEqual(['artworks/abc-320.webp 4', 'site/titre-640.avif 5'])

      await storage.remove('artworks/abc-320.webp')
      await storage.remove('artworks/abc-320.webp')
      expect(await storage.stat('artworks/abc-320.webp')).toBeUndefined()
      expect(await storage.getStream('artworks/abc-320.webp')).toBeUndefined()
      expect(await listed(storage)).toEqual(['site/titre-640.avif 5'])
    })

    it('names each file by a public URL, and finds the key of its own URLs only', () => {
      expect(storage.publicBaseUrl).toBe(publicBase)
      expect(storage.publicUrl('artworks/abc-320.webp')).toBe(`${publicBase}/artworks/abc-320.webp`)
      expect(storage.keyOf(`${publicBase}/artworks/abc-320.webp`)).toBe('artworks/abc-320.webp')
      for (const url of [
        'https://ailleurs.example/artworks/abc-320.webp',
        `${publicBase}/../secret.webp`,
        `${publicBase}/seul.webp`,
        `${publicBase}x/artworks/abc-320.webp`,
      ]) {
        expect(storage.keyOf(url), url).toBeUndefined()
      }
    })

    it('refuses keys that could leave the uploads folder or the bucket', async () => {
      for (const key of [
        '../x.webp',
        'a/../../x.webp',
        '/etc/passwd',
        'a\\b.webp',
        'seul.webp',
        'A/b.webp',
      ]) {
        await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow(
          'Clé de fichier invalide',
        )
        await expect(storage.getStream(key), key).rejects.toThrow('Clé de fichier invalide')
        expect(() => storage.publicUrl(key), key).toThrow('Clé de fichier invalide')
      }
      expect(await listed(storage)).toEqual([])
    })
  })

  describe('local storage', () => {
    it('leaves no temporary file behind and lists none', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-storage-'))
      try {
        const storage = createLocalStorage(dir)
        await storage.put('artworks/abc-320.webp', Buffer.from('un'), 'image/webp')
        fs.writeFileSync(path.join(dir, 'artworks/abc-640.webp.0a1b2c.tmp'), 'moitié')
        expect(
          fs.readdirSync(path.join(dir, 'artworks')).filter((name) => name.endsWith('.tmp')),
        ).toHaveLength(1)
        expect(await listed(storage)).toEqual(['artworks/abc-320.webp 2'])
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    })
  })

  describe('S3 storage', () => {
    it('serves each file at its public URL with its type and a year of immutable caching', async () => {
      const { storage } = bucket()
      await storage.put('artworks/abc-320.webp', Buffer.from('octets'), 'image/webp')

      const answer = await fetch(storage.publicUrl('artworks/abc-320.webp'))

      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-type')).toBe('image/webp')
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(await answer.text()).toBe('octets')
    })
  })

  describe('the configured storage', () => {
    it('is the bucket when S3_BUCKET is set, local disk under DATA_DIR/uploads otherwise', () => {
      expect(getStorage().kind).toBe('s3')
      expect(getStorage().publicBaseUrl).toBe(bucket().publicUrl)
      expect(getStorage()).toBe(getStorage())

      setEnv({ S3_BUCKET: undefined })

      expect(getStorage().kind).toBe('local')
      expect(getStorage().localDir).toBe(path.join(path.resolve(process.env.DATA_DIR as string), 'uploads'))
    })

    it('refuses a bucket without its public address, a key without its secret, a non-http address', () => {
      expect(() => parseEnv({ S3_BUCKET: 'encre' })).toThrow(/S3_PUBLIC_URL — requis avec S3_BUCKET/)
      expect(() =>
        parseEnv({ S3_BUCKET: 'encre', S3_PUBLIC_URL: 'https://cdn.exemple.fr', S3_ACCESS_KEY_ID: 'id' }),
      ).toThrow(/S3_SECRET_ACCESS_KEY — S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY vont ensemble/)
      expect(() => parseEnv({ S3_BUCKET: 'encre', S3_PUBLIC_URL: 'ftp://cdn.exemple.fr' })).toThrow(
        /S3_PUBLIC_URL — adresse http\(s\) attendue/,
      )
      expect(parseEnv({ S3_BUCKET: 'encre', S3_PUBLIC_URL: 'https://cdn.exemple.fr/images/' })).toMatchObject(
        {
          S3_PUBLIC_URL: 'https://cdn.exemple.fr/images',
          S3_REGION: 'us-east-1',
        },
      )
    })
  })
})
