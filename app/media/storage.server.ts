import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { getEnv } from '#app/env.server'

/**
 * Where uploaded files live (DESIGN.md §2 "object storage"). Keys are relative paths such as
 * `artworks/3f2a…-1600.webp`; they are content-addressed by the caller, so a key never changes
 * content and files can be served with immutable caching.
 *
 * Only the local-disk implementation exists; an S3-compatible one can implement the same interface.
 */
export type Storage = {
  /** Stores `bytes` under `key` (replacing any file there), atomically: readers see all or nothing. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>
  /** Deletes the file at `key`; no error when it does not exist. */
  remove(key: string): Promise<void>
  /** The URL the browser uses for `key`, e.g. `/uploads/artworks/x.webp`. */
  publicUrl(key: string): string
  /** Folder served at `/uploads` by server.ts, or undefined for remote object storage. */
  localDir: string | undefined
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9._-]*)+$/

/** @throws Error when the key could escape the uploads folder or has unexpected characters. */
function checkKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`Clé de fichier invalide : ${key}`)
}

/**
 * Local-disk storage under `dir`, served at `/uploads`. Writes go to a temporary file in the
 * same folder, then are renamed over the target (atomic on POSIX file systems).
 */
export function createLocalStorage(dir: string): Storage {
  return {
    localDir: dir,
    async put(key, bytes) {
      checkKey(key)
      const target = path.join(dir, key)
      await fs.mkdir(path.dirname(target), { recursive: true })
      const temp = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`
      try {
        await fs.writeFile(temp, bytes)
        await fs.rename(temp, target)
      } catch (error) {
        await fs.rm(temp, { force: true })
        throw error
      }
    },
    async remove(key) {
      checkKey(key)
      await fs.rm(path.join(dir, key), { force: true })
    },
    publicUrl(key) {
      checkKey(key)
      return `/uploads/${key}`
    },
  }
}

/**
 * The configured storage: local disk under `{DATA_DIR}/uploads` (the only backend so far;
 * `S3_*` variables are reserved for an S3-compatible implementation of {@link Storage}).
 */
export function getStorage(): Storage {
  return createLocalStorage(path.join(getEnv().DATA_DIR_ABS, 'uploads'))
}
