import { buffer } from 'node:stream/consumers'
import { eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { articles, categories, medias, oeuvres, siteSettings } from '#app/db/schema'
import { getEnv } from '#app/env.server'
import { type CopyProgress, copyStoredFiles, pointImagesAt } from '#app/media/migrate-storage.server'
import { releaseMedia } from '#app/media/release-media.server'
import { resolveImage } from '#app/media/resolve-images.server'
import { createLocalUploadsStorage, getStorage, type Storage } from '#app/media/storage.server'
import { setEnv } from '#tests/support/env'
import { ingestTestImage } from '#tests/support/images'
import { useTestBucket } from '#tests/support/s3-bucket'

async function files(storage: Storage): Promise<string[]> {
  const listed: string[] = []
  for await (const file of storage.list()) listed.push(`${file.key} ${file.bytes}`)
  return listed.sort()
}

/**
 * Empties DATA_DIR/uploads (it lasts the whole file), ingests images with S3_BUCKET unset, i.e.
 * into DATA_DIR/uploads, then points S3_* back at the bucket.
 */
async function ingestLocally(bucketEnv: Record<string, string>, colours: string[]): Promise<string[]> {
  setEnv({ S3_BUCKET: undefined })
  const local = createLocalUploadsStorage(getEnv())
  for await (const file of local.list()) await local.remove(file.key)
  const urls: string[] = []
  for (const colour of colours) urls.push(await ingestTestImage('categories', colour))
  setEnv(bucketEnv)
  return urls
}

describe('npm run storage:migrate, its two steps (issue #12 §1)', () => {
  const bucket = useTestBucket()

  it('copies every local file into the bucket with its type, and a second run copies nothing', async () => {
    await ingestLocally(bucket().env, ['#112233', '#445566'])
    const local = createLocalUploadsStorage(getEnv())
    const progress: CopyProgress[] = []

    const report = await copyStoredFiles(local, getStorage(), (step) => progress.push(step))

    expect(report).toMatchObject({ copied: 6, skipped: 0 }) // per image: AVIF, WebP, preview JPEG
    expect(progress.map((step) => [step.index, step.total, step.copied])).toEqual(
      [1, 2, 3, 4, 5, 6].map((index) => [index, 6, true]),
    )
    expect(await files(getStorage())).toEqual(await files(local))
    const webp = progress.find((step) => step.key.endsWith('.webp'))?.key ?? ''
    const served = await fetch(getStorage().publicUrl(webp))
    expect(served.headers.get('content-type')).toBe('image/webp')
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const localStream = await local.getStream(webp)
    expect(
      Buffer.from(await served.arrayBuffer()).equals(
        localStream ? await buffer(localStream) : Buffer.alloc(0),
      ),
    ).toBe(true)
    expect(await copyStoredFiles(local, getStorage())).toMatchObject({
      copied: 0,
      skipped: 6,
      copiedBytes: 0,
    })
  })

  it('finishes a run stopped half-way: copies what is missing or of another size, skips the rest', async () => {
    await ingestLocally(bucket().env, ['#112233', '#445566'])
    const local = createLocalUploadsStorage(getEnv())
    await copyStoredFiles(local, getStorage())
    const [missing, truncated] = (await files(local)).map((line) => line.split(' ')[0] ?? '')
    await getStorage().remove(missing ?? '')
    await getStorage().put(truncated ?? '', Buffer.from('moitié'), 'image/webp')

    const report = await copyStoredFiles(local, getStorage())

    expect(report).toMatchObject({ copied: 2, skipped: 4 })
    expect(await files(getStorage())).toEqual(await files(local))
  })

  it('points every stored URL at the bucket, variants included, once', async () => {
    const [first = '', second = '', title = ''] = await ingestLocally(bucket().env, [
      '#112233',
      '#445566',
      '#778899',
    ])
    await getDb().insert(categories).values({ nom: 'Encres', image_url: first })
    await getDb().insert(oeuvres).values({ nom: 'Souffle', image3_url: second })
    await getDb().insert(articles).values({
      titre: 'Ailleurs',
      slug: 'ailleurs',
      contenu: '<p>x</p>',
      image_url: 'https://ailleurs.example/a.jpg',
    })
    await getDb()
      .insert(siteSettings)
      .values({ setting_key: 'site_title_image', setting_value: title, setting_type: 'text' })
    await copyStoredFiles(createLocalUploadsStorage(getEnv()), getStorage())
    const { publicUrl } = bucket()
    const moved = (url: string) => url.replace(/^\/uploads\//, `${publicUrl}/`)

    const report = await pointImagesAt(createLocalUploadsStorage(getEnv()), getStorage(), getDb())

    expect(report).toEqual({ images: 3, references: 3 })
    expect((await getDb().select().from(categories))[0]?.image_url).toBe(moved(first))
    expect((await getDb().select().from(oeuvres))[0]?.image3_url).toBe(moved(second))
    expect((await getDb().select().from(articles))[0]?.image_url).toBe('https://ailleurs.example/a.jpg')
    expect((await getDb().select().from(siteSettings))[0]?.setting_value).toBe(moved(title))
    const rows = await getDb().select().from(medias)
    expect(rows.map((row) => row.url).sort()).toEqual([first, second, title].map(moved).sort())
    for (const row of rows) {
      expect(row.variantes).toHaveLength(3)
      for (const variant of row.variantes)
        expect(variant.url.startsWith(`${publicUrl}/categories/`)).toBe(true)
    }
    const image = await resolveImage(moved(first))
    expect(image?.webpSrcSet).toMatch(new RegExp(`^${publicUrl}/categories/[0-9a-f]{24}-320\\.webp 320w$`))
    expect((await fetch(image?.src ?? '')).status).toBe(200)

    expect(await pointImagesAt(createLocalUploadsStorage(getEnv()), getStorage(), getDb())).toEqual({
      images: 0,
      references: 0,
    })
  })

  it('keeps one row for an image uploaded again after the switch, and releases its objects from the bucket', async () => {
    const [old = ''] = await ingestLocally(bucket().env, ['#112233'])
    await getDb().insert(categories).values({ nom: 'Encres', image_url: old })
    await copyStoredFiles(createLocalUploadsStorage(getEnv()), getStorage())
    const again = await ingestTestImage('categories', '#112233')
    expect(again).toBe(`${bucket().publicUrl}${old.slice('/uploads'.length)}`)

    expect(await pointImagesAt(createLocalUploadsStorage(getEnv()), getStorage(), getDb())).toEqual({
      images: 0,
      references: 1,
    })

    expect((await getDb().select().from(medias)).map((row) => row.url)).toEqual([again])
    expect(await getDb().select().from(medias).where(like(medias.url, '/uploads/%'))).toEqual([])
    await getDb().update(categories).set({ image_url: null }).where(eq(categories.nom, 'Encres'))
    expect(await releaseMedia([again])).toBe(1)
    expect(await files(getStorage())).toEqual([])
  })
})
