/**
 * The S3 bucket unreachable (issue #37 §4, decision 037), against a real S3-compatible server
 * (s3rver) that is stopped in the middle of the test: an upload fails with a clear French message
 * and leaves no row; the public pages, whose images the browser reads from the bucket's address,
 * keep being served. Runs on both engines.
 */
import { afterEach, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { medias, photosAtelier } from '#app/db/schema'
import { STORAGE_FAILED } from '#app/media/ingest-image.server'
import { getStorage } from '#app/media/storage.server'
import { action as upload } from '#app/routes/admin/upload'
import Atelier, { loader as atelierLoader } from '#app/routes/atelier'
import { loader as homeLoader } from '#app/routes/home'
import { setEnv } from '#tests/support/env'
import { adminCookie, loadPage, postAction, renderRoute } from '#tests/support/routes'
import { startTestBucket, type TestBucket } from '#tests/support/s3-bucket'
import { testImage } from '#tests/support/test-image'

let bucket: TestBucket | undefined

afterEach(async () => {
  await bucket?.close()
  bucket = undefined
})

/** Posts a 700 × 400 PNG of `colour` to POST /admin/upload as an administrator. */
async function uploadImage(cookie: string, colour: string) {
  const bytes = await testImage(700, 400, colour)
  const file = new File([new Uint8Array(bytes)], 'encre.png', { type: 'image/png' })
  return postAction(upload, '/admin/upload', { intent: 'upload', folder: 'atelier', file }, cookie)
}

it('S3 unreachable: an upload fails with a French message and no row; the public pages keep serving', async () => {
  bucket = await startTestBucket()
  setEnv(bucket.env)
  expect(getStorage().kind).toBe('s3')
  const cookie = await adminCookie()
  const stored = await uploadImage(cookie, '#225588')
  expect(stored.status).toBe(200)
  const url = stored.body.url as string
  await getDb().insert(photosAtelier).values({ nom: "L'atelier au matin", image_url: url })

  // The bucket goes away (its server stopped: connections refused).
  await bucket.close()
  bucket = undefined

  const refused = await uploadImage(cookie, '#885522')
  expect(refused.status).toBe(400)
  expect(refused.body.ok).toBe(false)
  expect(refused.body.toast.description).toBe(`Erreur d'upload: ${STORAGE_FAILED}`)
  // No orphan row: only the first image's.
  const rows = await getDb().select({ url: medias.url }).from(medias)
  expect(rows).toEqual([{ url }])

  // The public pages read the database, never the bucket: served as before, the image's address in them.
  const atelier = await loadPage(atelierLoader, '/atelier')
  expect(atelier.status).toBe(200)
  const html = renderRoute(Atelier as never, atelier.data, '/atelier')
  expect(html).toContain('L&#x27;atelier au matin')
  expect(html).toContain(url.replace(/-\d+\.webp$/, ''))
  expect((await loadPage(homeLoader, '/')).status).toBe(200)
})
