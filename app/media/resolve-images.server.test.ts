import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { ingestImage } from '#app/media/ingest-image.server'
import { resolveImage, resolveImages } from '#app/media/resolve-images.server'
import { testImage } from '#tests/support/test-image'

describe('resolveImages', () => {
  beforeEach(async () => {
    // tests/setup does not truncate yet (its table filter matches no table): start each test clean here.
    await getDb().execute(sql`truncate medias`)
  })

  it('gives the intrinsic size and AVIF/WebP srcsets, narrowest first, of an ingested image', async () => {
    const bytes = await testImage(1100, 800, '#ddd', 'jpeg')
    const { url } = await ingestImage({ bytes, folder: 'resolve' })
    const base = url.replace(/-1024\.webp$/, '')

    const images = await resolveImages([url, null, '', 'https://exemple.fr/externe.jpg', url])

    expect(images.get(url)).toEqual({
      src: url,
      width: 1100,
      height: 800,
      avifSrcSet: `${base}-320.avif 320w, ${base}-640.avif 640w, ${base}-768.avif 768w, ${base}-1024.avif 1024w`,
      webpSrcSet: `${base}-320.webp 320w, ${base}-640.webp 640w, ${base}-768.webp 768w, ${base}-1024.webp 1024w`,
    })
    expect(images.get('https://exemple.fr/externe.jpg')).toEqual({
      src: 'https://exemple.fr/externe.jpg',
      width: null,
      height: null,
      avifSrcSet: null,
      webpSrcSet: null,
    })
    expect(images.size).toBe(2)
    expect(await resolveImage(null)).toBeNull()
    expect((await resolveImage(url))?.width).toBe(1100)
  })
})
