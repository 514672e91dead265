import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createLocalStorage, getStorage } from '#app/media/storage.server'

describe('local storage', () => {
  let dir: string
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-storage-'))
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('writes, replaces and removes files under its folder, leaving no temporary file', async () => {
    const storage = createLocalStorage(dir)

    await storage.put('artworks/abc-320.webp', Buffer.from('un'), 'image/webp')
    await storage.put('artworks/abc-320.webp', Buffer.from('deux'), 'image/webp')

    expect(fs.readFileSync(path.join(dir, 'artworks/abc-320.webp'), 'utf8')).toBe('deux')
    expect(fs.readdirSync(path.join(dir, 'artworks'))).toEqual(['abc-320.webp'])
    expect(storage.publicUrl('artworks/abc-320.webp')).toBe('/uploads/artworks/abc-320.webp')
    await storage.remove('artworks/abc-320.webp')
    await storage.remove('artworks/abc-320.webp')
    expect(fs.readdirSync(path.join(dir, 'artworks'))).toEqual([])
  })

  it('refuses keys that could leave the uploads folder', async () => {
    const storage = createLocalStorage(dir)
    for (const key of ['../x.webp', 'a/../../x.webp', '/etc/passwd', 'a\\b.webp', 'seul.webp', 'A/b.webp']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow(
        'Clé de fichier invalide',
      )
      expect(() => storage.publicUrl(key), key).toThrow('Clé de fichier invalide')
    }
    expect(fs.readdirSync(dir)).toEqual([])
  })

  it('is configured under DATA_DIR/uploads', () => {
    expect(getStorage().localDir).toBe(path.join(path.resolve(process.env.DATA_DIR as string), 'uploads'))
  })
})
