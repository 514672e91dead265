import { buffer } from 'node:stream/consumers'
import { eq } from 'drizzle-orm'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { medias, siteSettings } from '#app/db/schema'
import { ingestImage } from '#app/media/ingest-image.server'
import { getStorage } from '#app/media/storage.server'
import { getSocialImage } from '#app/services/social/get-social-image.server'
import { testImage } from '#tests/support/test-image'
import { wrapTitle } from './social-image.server'

/** The bytes of a stored file, read back through the configured storage as a previewer would get them. */
async function readStored(url: string): Promise<Buffer> {
  const storage = getStorage()
  const key = storage.keyOf(url)
  if (!key) throw new Error(`pas une adresse du stockage : ${url}`)
  const stream = await storage.getStream(key)
  if (!stream) throw new Error(`fichier absent : ${key}`)
  return buffer(stream)
}

/** Asserts that `bytes` are a real 1200×630 baseline JPEG (magic bytes and decoded size). */
async function expectPreviewJpeg(bytes: Buffer): Promise<void> {
  expect((await fileTypeFromBuffer(bytes))?.mime).toBe('image/jpeg')
  const meta = await sharp(bytes).metadata()
  expect([meta.format, meta.width, meta.height, meta.isProgressive]).toEqual(['jpeg', 1200, 630, false])
}

/** Mean of each channel over a region of an image, in 0–255. */
async function regionMeans(
  bytes: Buffer,
  region: { left: number; top: number; width: number; height: number },
): Promise<number[]> {
  const part = await sharp(bytes).extract(region).toBuffer()
  return (await sharp(part).stats()).channels.map((channel) => channel.mean)
}

describe('preview variant made at ingest', () => {
  it('stores a 1200×630 JPEG beside the AVIF and WebP variants of a portrait image', async () => {
    const { url } = await ingestImage({ bytes: await testImage(900, 1200, '#aa3322'), folder: 'artworks' })

    const [row] = await getDb().select().from(medias).where(eq(medias.url, url))
    const previews = row?.variantes.filter((variant) => variant.format === 'jpeg') ?? []
    expect(previews).toHaveLength(1)
    expect(previews[0]).toMatchObject({
      width: 1200,
      height: 630,
      url: url.replace(/-\d+\.webp$/, '-1200x630.jpg'),
    })
    const bytes = await readStored(previews[0]?.url ?? '')
    await expectPreviewJpeg(bytes)
    expect(previews[0]?.bytes).toBe(bytes.length)
    // Shown whole on its blurred copy: the middle is the image's red, the sides darker.
    const [red, green] = await regionMeans(bytes, { left: 590, top: 305, width: 20, height: 20 })
    expect(Math.abs((red ?? 0) - 0xaa)).toBeLessThan(6)
    expect(Math.abs((green ?? 0) - 0x33)).toBeLessThan(6)
    const [edge] = await regionMeans(bytes, { left: 0, top: 305, width: 20, height: 20 })
    expect(edge).toBeLessThan(0xaa - 30)

    expect(await getSocialImage({ imageUrl: url, title: 'Ensō', alt: 'Ensō, encre sur papier' })).toEqual({
      url: previews[0]?.url,
      width: 1200,
      height: 630,
      alt: 'Ensō, encre sur papier',
    })
  })
})

describe('getSocialImage', () => {
  it('makes the preview of an image ingested before previews existed, once, and records it', async () => {
    const { url } = await ingestImage({ bytes: await testImage(1600, 900, '#225588'), folder: 'articles' })
    const [row] = await getDb().select().from(medias).where(eq(medias.url, url))
    const older = row?.variantes.filter((variant) => variant.format !== 'jpeg') ?? []
    await getDb().update(medias).set({ variantes: older }).where(eq(medias.url, url))
    const key = getStorage().keyOf(url.replace(/-\d+\.webp$/, '-1200x630.jpg')) ?? ''
    await getStorage().remove(key)

    const image = await getSocialImage({ imageUrl: url, title: 'Article' })

    expect(image?.url).toBe(url.replace(/-\d+\.webp$/, '-1200x630.jpg'))
    await expectPreviewJpeg(await readStored(image?.url ?? ''))
    const [after] = await getDb().select().from(medias).where(eq(medias.url, url))
    expect(after?.variantes.filter((variant) => variant.format === 'jpeg')).toHaveLength(1)
  })

  it('draws a card with the title on the site colours when the page has no image of its own, new when they change', async () => {
    const first = await getSocialImage({ imageUrl: null, title: 'Mentions légales' })
    const again = await getSocialImage({
      imageUrl: 'https://ailleurs.example/image.png',
      title: 'Mentions légales',
    })

    expect(first).toMatchObject({ width: 1200, height: 630, alt: 'Mentions légales' })
    expect(first?.url).toMatch(/^\/uploads\/partage\/[0-9a-f]{24}\.jpg$/)
    expect(again?.url).toBe(first?.url)
    const bytes = await readStored(first?.url ?? '')
    await expectPreviewJpeg(bytes)
    // The default footer colour #1f2937 fills the corner.
    const corner = await regionMeans(bytes, { left: 0, top: 0, width: 10, height: 10 })
    const expected = [0x1f, 0x29, 0x37]
    corner.forEach((mean, index) => {
      expect(Math.abs(mean - (expected[index] ?? 0))).toBeLessThan(4)
    })
    // The title is drawn in white on the dark background.
    expect(
      Math.max(...(await regionMeans(bytes, { left: 80, top: 130, width: 600, height: 80 }))),
    ).toBeGreaterThan(60)

    await getDb().insert(siteSettings).values({ setting_key: 'footer_bg_color', setting_value: '#f5f0e6' })
    const recoloured = await getSocialImage({ imageUrl: null, title: 'Mentions légales' })
    const retitled = await getSocialImage({ imageUrl: null, title: 'Mentions' })

    expect(new Set([first?.url, recoloured?.url, retitled?.url]).size).toBe(3)
    const [light] = await regionMeans(await readStored(recoloured?.url ?? ''), {
      left: 0,
      top: 0,
      width: 10,
      height: 10,
    })
    expect(Math.abs((light ?? 0) - 0xf5)).toBeLessThan(4)
  })
})

describe('wrapTitle', () => {
  it('wraps on words and cuts the last line with an ellipsis', () => {
    expect(wrapTitle('Le souffle avant le trait', 12, 3)).toEqual(['Le souffle', 'avant le', 'trait'])
    expect(wrapTitle('un deux trois quatre cinq six', 8, 2)).toEqual(['un deux', 'trois…'])
  })
})
