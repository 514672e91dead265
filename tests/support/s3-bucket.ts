import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { getStorage, type Storage } from '#app/media/storage.server'
import { setEnv } from './env'

/** The bucket every test server holds. */
const BUCKET = 'encre'

/** A real S3-compatible server (s3rver, over HTTP on 127.0.0.1) holding one bucket, for tests. */
export type TestBucket = {
  /** The `S3_*` variables that make the application store its files there. */
  env: Record<string, string>
  /** `S3_PUBLIC_URL`: where browsers read the files, `http://127.0.0.1:{port}/encre`. */
  publicUrl: string
  close: () => Promise<void>
}

/**
 * Starts s3rver on a free port of 127.0.0.1, files in a fresh temporary folder, with one bucket
 * readable without credentials at `{publicUrl}/{key}` (as a public bucket or CDN would be).
 * Test helper (tests/support): never imported by the application.
 */
export async function startTestBucket(): Promise<TestBucket> {
  // The SDK's notice that its 2027 releases will need Node 22 says nothing about what is tested.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const publicUrl = `${endpoint}/${BUCKET}`
  return {
    publicUrl,
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PUBLIC_URL: publicUrl,
    },
    close: async () => {
      await server.close()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}

/**
 * Test setup, called at the top of a file or `describe`: one {@link startTestBucket} for the file;
 * before each test the `S3_*` variables point the application at it (restored after the test by
 * setEnv) and the bucket is emptied.
 *
 * @returns a function giving the bucket and the application's storage of it (`getStorage()`).
 */
export function useTestBucket(): () => TestBucket & { storage: Storage } {
  let bucket: TestBucket | undefined
  beforeAll(async () => {
    bucket = await startTestBucket()
  })
  afterAll(async () => {
    await bucket?.close()
  })
  beforeEach(async () => {
    if (!bucket) return
    setEnv(bucket.env)
    const storage = getStorage()
    for await (const file of storage.list()) await storage.remove(file.key)
  })
  return () => {
    if (!bucket) throw new Error('Le bucket de test ne tourne que pendant les tests de son fichier')
    return { ...bucket, storage: getStorage() }
  }
}
