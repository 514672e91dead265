import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { categories, medias, photosAtelier, siteSettings } from '#app/db/schema'
import { getEnv } from '#app/env.server'
import { releaseMedia, sweepUnreferencedMedia } from '#app/media/release-media.server'
import { createLocalUploadsStorage, getStorage } from '#app/media/storage.server'
import { action as saveSettings } from '#app/routes/admin/settings'
import { action as upload } from '#app/routes/admin/upload'
import Atelier, { loader as atelierLoader } from '#app/routes/atelier'
import { uploadsServing } from '#app/runtime.server'
import { adminCookie, loadPage, postAction, renderRoute } from '#tests/support/routes'
import { useTestBucket } from '#tests/support/s3-bucket'
import { testImage } from '#tests/support/test-image'

const COLOUR = { r: 0x22, g: 0x88, b: 0xcc }

/** Uploads a 700 × 400 PNG of {@link COLOUR} through POST /admin/upload as an administrator. */
async function uploadImage(folder: string): Promise<string> {
  const bytes = await testImage(700, 400, COLOUR)
  const file = new File([new Uint8Array(bytes)], 'encre.png', { type: 'image/png' })
  const answer = await postAction(
    upload,
    '/admin/upload',
    { intent: 'upload', folder, file },
    await adminCookie(),
  )
  expect(answer.status).toBe(200)
  return answer.body.url as string
}

/** Fetches `url` like a browser; @returns its status and decoded image (format, width, mean colour). */
async function fetchImage(url: string) {
  const answer = await fetch(url)
  const bytes = Buffer.from(await answer.arrayBuffer())
  const { format, width } = await sharp(bytes).metadata()
  const { channels } = await sharp(bytes).stats()
  return {
    status: answer.status,
    format,
    width,
    colour: channels.slice(0, 3).map((channel) => Math.round(channel.mean)),
  }
}

async function bucketKeys(): Promise<string[]> {
  const keys: string[] = []
  for await (const file of getStorage().list()) keys.push(file.key)
  return keys.sort()
}

describe('images in an S3 bucket (issue #12 §1)', () => {
  const bucket = useTestBucket()

  it('stores an upload and every variant in the bucket, named by S3_PUBLIC_URL, nothing on disk', async () => {
    const url = await uploadImage('categories')

    const { publicUrl } = bucket()
    expect(url).toMatch(new RegExp(`^${publicUrl}/categories/[0-9a-f]{24}-640\\.webp$`))
    const [row] = await getDb().select().from(medias).where(eq(medias.url, url))
    expect(row?.variantes.map((variant) => [variant.format, variant.width])).toEqual([
      ['avif', 320],
      ['webp', 320],
      ['avif', 640],
      ['webp', 640],
      ['jpeg', 1200],
    ])
    const keys = row?.variantes.map((variant) => variant.url.slice(publicUrl.length + 1)).sort()
    expect(await bucketKeys()).toEqual(keys)
    for (const variant of row?.variantes ?? []) {
      expect((await getStorage().stat(getStorage().keyOf(variant.url) ?? ''))?.bytes, variant.url).toBe(
        variant.bytes,
      )
    }
    const local = createLocalUploadsStorage(getEnv())
    expect(await local.stat(keys?.[0] ?? '')).toBeUndefined()
  })

  it('deletes the objects of an image once no row uses it, and keeps them while one does', async () => {
    const url = await uploadImage('categories')
    const [category] = await getDb().insert(categories).values({ nom: 'Encres', image_url: url }).returning()
    expect(await releaseMedia([url])).toBe(0)
    expect(await bucketKeys()).toHaveLength(5) // 4 variants and the link preview

    await getDb()
      .update(categories)
      .set({ image_url: null })
      .where(eq(categories.id, category?.id ?? ''))
    expect(await releaseMedia([url])).toBe(1)

    expect(await bucketKeys()).toEqual([])
    expect((await fetch(url)).status).toBe(404)
  })

  it('sweeps uploads never saved in a row from the bucket once past the grace period', async () => {
    const url = await uploadImage('articles')
    expect(await sweepUnreferencedMedia(60_000)).toBe(0)
    expect(await bucketKeys()).toHaveLength(5) // 4 variants and the link preview

    expect(await sweepUnreferencedMedia(0)).toBe(1)

    expect(await bucketKeys()).toEqual([])
    expect(await getDb().select().from(medias).where(eq(medias.url, url))).toEqual([])
  })

  it('renders pages whose images are read from S3_PUBLIC_URL, where the bucket serves the right image', async () => {
    const url = await uploadImage('atelier')
    await getDb().insert(photosAtelier).values({ nom: 'Table', image_url: url })

    const html = renderRoute(Atelier as never, (await loadPage(atelierLoader, '/atelier')).data, '/atelier')

    const addresses = [...html.matchAll(/(?:src|href|srcSet)="([^"]+)"/g)]
      .flatMap((match) => (match[1] ?? '').split(', ').map((entry) => entry.split(' ')[0] ?? ''))
      .filter((address) => address.includes('/atelier/'))
    expect(addresses.length).toBeGreaterThanOrEqual(5)
    for (const address of addresses)
      expect(address.startsWith(`${bucket().publicUrl}/atelier/`), address).toBe(true)
    const avif320 = addresses.find((address) => address.endsWith('-320.avif')) ?? ''
    const served = await fetchImage(url)
    expect(served).toMatchObject({ status: 200, format: 'webp', width: 640 })
    // Lossy WebP: each channel within a few levels of the uploaded colour.
    const expected = [COLOUR.r, COLOUR.g, COLOUR.b]
    const differences = served.colour.map((level, index) => Math.abs(level - (expected[index] ?? 0)))
    expect(differences).toHaveLength(3)
    expect(Math.max(...differences)).toBeLessThanOrEqual(4)
    expect(await fetchImage(avif320)).toMatchObject({ status: 200, format: 'heif', width: 320 })
  })

  it('takes a file of the bucket as the title image, and refuses any other address', async () => {
    const url = await uploadImage('site')
    const cookie = await adminCookie()
    const save = (value: string) =>
      postAction(saveSettings, '/admin/settings', { intent: 'save', key: 'site_title_image', value }, cookie)

    expect((await save(url)).status).toBe(200)
    const refused = await save('https://ailleurs.example/site/logo-640.webp')

    expect(refused.status).toBe(400)
    expect(refused.body.toast.description).toBe("Adresse d'image invalide.")
    const [stored] = await getDb()
      .select({ value: siteSettings.setting_value })
      .from(siteSettings)
      .where(eq(siteSettings.setting_key, 'site_title_image'))
    expect(stored?.value).toBe(url)
  })

  it('lets the server allow the bucket in img-src, and send /uploads links on to the bucket', () => {
    const serving = uploadsServing(getStorage())
    const { publicUrl } = bucket()

    expect(serving.uploadsDir).toBeUndefined()
    expect(serving.uploadsOrigin).toBe(new URL(publicUrl).origin)
    expect(serving.remoteUploadUrl('/atelier/abc-640.webp')).toBe(`${publicUrl}/atelier/abc-640.webp`)
    for (const path of ['/..%2F..%2Fpackage.json', '/../package.json', '/seul.webp', '/']) {
      expect(serving.remoteUploadUrl(path), path).toBeUndefined()
    }
  })

  it('serves local disk as before when S3_BUCKET is unset', () => {
    const local = uploadsServing(createLocalUploadsStorage(getEnv()))
    expect(local).toMatchObject({ uploadsDir: `${getEnv().DATA_DIR_ABS}/uploads`, uploadsOrigin: undefined })
    expect(local.remoteUploadUrl('/atelier/abc-640.webp')).toBeUndefined()
  })
})
