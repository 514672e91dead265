import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { type Env, getEnv } from '#app/env.server'

/** One stored file: its key and its size in bytes. */
export type StoredFile = { key: string; bytes: number }

/**
 * Where uploaded files live (DESIGN.md §2 "object storage", decision 019). Keys are relative paths
 * such as `artworks/3f2a…-1600.webp`; they are content-addressed by the caller, so a key never
 * changes content and files are served with immutable caching. Two implementations: local disk
 * ({@link createLocalStorage}, the default) and an S3-compatible bucket ({@link createS3Storage},
 * when `S3_BUCKET` is set); {@link getStorage} chooses once per configuration. Every user of
 * uploads (the image pipeline, the release and sweep of unreferenced files, `/uploads` serving,
 * `npm run storage:migrate`) goes through this interface only.
 */
export type Storage = {
  /** `local` (a folder served at `/uploads`) or `s3` (a bucket served at `S3_PUBLIC_URL`). */
  kind: 'local' | 's3'
  /** Stores `bytes` under `key` (replacing any file there), atomically: readers see all or nothing. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>
  /** The content of `key` as a stream, or undefined when there is no such file. */
  getStream(key: string): Promise<Readable | undefined>
  /** Size in bytes of the file at `key`, or undefined when it does not exist. */
  stat(key: string): Promise<StoredFile | undefined>
  /** Every stored file, in no particular order (temporary files of unfinished writes left out). */
  list(): AsyncIterable<StoredFile>
  /** Deletes the file at `key`; no error when it does not exist. */
  remove(key: string): Promise<void>
  /** The URL the browser uses for `key`, e.g. `/uploads/artworks/x.webp`. */
  publicUrl(key: string): string
  /** The key of a URL made by {@link Storage.publicUrl}; undefined for any other URL. */
  keyOf(url: string): string | undefined
  /** Where {@link Storage.publicUrl} points, without trailing slash: `/uploads` or `S3_PUBLIC_URL`. */
  publicBaseUrl: string
  /** Folder served at `/uploads` by server.ts, or undefined for remote object storage. */
  localDir: string | undefined
}

/** `Cache-Control` of every stored file: keys never change content (same as `/uploads` on disk). */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable'

const KEY_PATTERN = /^[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9._-]*)+$/

/** Whether `key` is a valid storage key: lowercase folders and names, no `..`, no leading slash. */
export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.includes('..')
}

/** @throws Error when the key could escape the uploads folder or has unexpected characters. */
function checkKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Clé de fichier invalide : ${key}`)
}

const CONTENT_TYPES: Record<string, string> = {
  avif: 'image/avif',
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
}

/** The MIME type of a key by its extension (`a/b-320.webp` → `image/webp`); `application/octet-stream` if unknown. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream'
}

/** URL ↔ key for a storage whose files are at `{base}/{key}`. */
function urlsUnder(base: string): Pick<Storage, 'publicUrl' | 'keyOf' | 'publicBaseUrl'> {
  return {
    publicBaseUrl: base,
    publicUrl(key) {
      checkKey(key)
      return `${base}/${key}`
    },
    keyOf(url) {
      if (!url.startsWith(`${base}/`)) return undefined
      const key = url.slice(base.length + 1)
      return isStorageKey(key) ? key : undefined
    },
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT'
}

/**
 * Local-disk storage under `dir`, served at `/uploads` (with the same immutable caching as
 * {@link IMMUTABLE_CACHE_CONTROL}, by server.ts). Writes go to a temporary file in the same folder,
 * then are renamed over the target (atomic on POSIX file systems).
 */
export function createLocalStorage(dir: string): Storage {
  const fileOf = (key: string) => {
    checkKey(key)
    return path.join(dir, key)
  }
  return {
    kind: 'local',
    localDir: dir,
    ...urlsUnder('/uploads'),
    async put(key, bytes) {
      const target = fileOf(key)
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
    async getStream(key) {
      try {
        const handle = await fs.open(fileOf(key))
        return handle.createReadStream()
      } catch (error) {
        if (isMissing(error)) return undefined
        throw error
      }
    },
    async stat(key) {
      try {
        const stats = await fs.stat(fileOf(key))
        return stats.isFile() ? { key, bytes: stats.size } : undefined
      } catch (error) {
        if (isMissing(error)) return undefined
        throw error
      }
    },
    async *list() {
      let entries: Array<{ name: string; parentPath: string; isFile(): boolean }>
      try {
        entries = await fs.readdir(dir, { recursive: true, withFileTypes: true })
      } catch (error) {
        if (isMissing(error)) return
        throw error
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue
        const key = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')
        if (!isStorageKey(key) || key.endsWith('.tmp')) continue
        const stats = await fs.stat(path.join(dir, key)).catch(() => undefined)
        if (stats) yield { key, bytes: stats.size }
      }
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true })
    },
  }
}

/** Where and how to reach an S3-compatible bucket (the `S3_*` variables, README "Configuration"). */
export type S3StorageOptions = {
  bucket: string
  /** Public address of the bucket's files (CDN or bucket URL), without trailing slash. */
  publicUrl: string
  /** Region (`us-east-1` when the server ignores it, as most S3-compatible servers do). */
  region: string
  /** Endpoint of an S3-compatible server (`http://127.0.0.1:9000`); AWS when undefined. */
  endpoint?: string
  /** Path-style requests (`{endpoint}/{bucket}/{key}`); default: with an endpoint, yes. */
  forcePathStyle?: boolean
  /** Access keys; undefined: the SDK's own chain (AWS_* variables, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string }
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
  )
}

/** How long the S3 client waits for a connection to the bucket, in ms. */
const S3_CONNECT_TIMEOUT_MS = 5_000
/** How long the S3 client waits for one request's answer once connected (an image's upload), in ms. */
const S3_REQUEST_TIMEOUT_MS = 30_000

/**
 * Storage in an S3-compatible bucket (AWS S3, MinIO, Garage, R2…), through `@aws-sdk/client-s3`.
 * Files are written with their MIME type and {@link IMMUTABLE_CACHE_CONTROL}, and read by browsers
 * at `{publicUrl}/{key}`: the bucket (or the CDN in front of it) must allow public reads.
 * Checksums are sent only when an operation requires them: several S3-compatible servers do not
 * understand the SDK's default trailing checksums.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    credentials: options.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that does not answer fails the upload instead of holding it (issue #37 §4).
    requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, requestTimeout: S3_REQUEST_TIMEOUT_MS },
  })
  const Bucket = options.bucket
  return {
    kind: 's3',
    localDir: undefined,
    ...urlsUnder(options.publicUrl),
    async put(key, bytes, contentType) {
      checkKey(key)
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: contentType,
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      )
    },
    async getStream(key) {
      checkKey(key)
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        return answer.Body as Readable
      } catch (error) {
        if (isNotFound(error)) return undefined
        throw error
      }
    },
    async stat(key) {
      checkKey(key)
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: key }))
        return { key, bytes: answer.ContentLength ?? 0 }
      } catch (error) {
        if (isNotFound(error)) return undefined
        throw error
      }
    },
    async *list() {
      for await (const page of paginateListObjectsV2({ client }, { Bucket })) {
        for (const object of page.Contents ?? []) {
          if (object.Key && isStorageKey(object.Key)) yield { key: object.Key, bytes: object.Size ?? 0 }
        }
      }
    },
    async remove(key) {
      checkKey(key)
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },
  }
}

/**
 * The storage a configuration chooses: the `S3_*` bucket when `S3_BUCKET` is set, else local disk
 * under `{DATA_DIR}/uploads`.
 *
 * @param env - a validated configuration (`getEnv()`).
 */
export function createStorage(env: Env): Storage {
  if (!env.S3_BUCKET || !env.S3_PUBLIC_URL) return createLocalUploadsStorage(env)
  return createS3Storage({
    bucket: env.S3_BUCKET,
    publicUrl: env.S3_PUBLIC_URL,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  })
}

/** The local uploads folder `{DATA_DIR}/uploads` as a storage, whatever the configured one is. */
export function createLocalUploadsStorage(env: Env): Storage {
  return createLocalStorage(path.join(env.DATA_DIR_ABS, 'uploads'))
}

let chosen: { env: Env; storage: Storage } | undefined

/**
 * The configured storage ({@link createStorage}), made once per configuration: one S3 client for
 * the process (a test that changes the `S3_*` variables gets a new one).
 */
export function getStorage(): Storage {
  const env = getEnv()
  if (chosen?.env !== env) chosen = { env, storage: createStorage(env) }
  return chosen.storage
}
