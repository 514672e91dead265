import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { medias } from '#app/db/schema'
import { ingestImage, MediaError } from '#app/media/ingest-image.server'
import { getStorage } from '#app/media/storage.server'
import { testImage } from '#tests/support/test-image'

const uploadsDir = () => getStorage().localDir as string

function fileOf(url: string): string {
  return path.join(uploadsDir(), url.replace(/^\/uploads\//, ''))
}

function listFiles(folder: string): string[] {
  const dir = path.join(uploadsDir(), folder)
  return fs.existsSync(dir) ? fs.readdirSync(dir) : []
}

/** A JPEG made by sharp, with camera EXIF including GPS coordinates, stored as orientation 6 (rotate 90°). */
async function jpegWithGps(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'Appareil', Model: 'Test' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '45/1 46/1 12/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '4/1 49/1 37/1',
      },
    })
    .jpeg({ quality: 90 })
    .toBuffer()
}

/** Whether an EXIF block holds a GPS IFD pointer (tag 0x8825, either byte order). */
function hasGpsTag(exif: Buffer): boolean {
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))
}

async function expectRefused(promise: Promise<unknown>, message: string | RegExp) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(MediaError)
  if (typeof message === 'string') expect((error as Error).message).toBe(message)
  else expect((error as Error).message).toMatch(message)
}

describe('ingestImage', () => {
  beforeEach(async () => {
    // tests/setup does not truncate yet (its table filter matches no table): start each test clean here.
    await getDb().execute(sql`truncate medias`)
  })

  it('strips EXIF and GPS, applies the orientation and records the rotated size', async () => {
    const bytes = await jpegWithGps(1200, 800)
    const before = await sharp(bytes).metadata()
    expect(before.exif && hasGpsTag(before.exif)).toBe(true) // the fixture really carries GPS
    expect(before.orientation).toBe(6)

    const result = await ingestImage({ bytes, folder: 'exif', originalName: 'photo.jpg' })

    // Orientation 6: the 1200×800 stored pixels are shown 800×1200.
    expect(result).toMatchObject({ width: 800, height: 1200 })
    const [row] = await getDb().select().from(medias)
    expect(row).toBeDefined()
    for (const variant of row?.variantes ?? []) {
      const meta = await sharp(fs.readFileSync(fileOf(variant.url))).metadata()
      expect(meta.exif, variant.url).toBeUndefined()
      expect(meta.xmp, variant.url).toBeUndefined()
      expect(meta.orientation ?? 1, variant.url).toBe(1)
      // Portrait after rotation (the link preview is 1200×630 whatever the image).
      if (variant.format !== 'jpeg') expect(meta.height, variant.url).toBeGreaterThan(meta.width ?? 0)
    }
  })

  it('writes AVIF and WebP variants at the standard widths, never wider than the original', async () => {
    const bytes = await testImage(1800, 1350, '#f2ead8')

    const result = await ingestImage({ bytes, folder: 'artworks' })

    expect(result.url).toMatch(/^\/uploads\/artworks\/[0-9a-f]{24}-1600\.webp$/)
    expect(result).toMatchObject({ width: 1800, height: 1350 })
    const [row] = await getDb().select().from(medias)
    expect(row).toMatchObject({
      url: result.url,
      dossier: 'artworks',
      mime: 'image/png',
      largeur: 1800,
      hauteur: 1350,
    })
    expect(row?.octets).toBe(bytes.length)
    const variants = row?.variantes ?? []
    expect(variants.map((v) => `${v.format}-${v.width}`).sort()).toEqual(
      [
        'avif-1024',
        'avif-1600',
        'avif-320',
        'avif-640',
        'avif-768',
        'webp-1024',
        'webp-1600',
        'webp-320',
        'webp-640',
        'webp-768',
        'jpeg-1200',
      ].sort(),
    )
    for (const variant of variants.filter((v) => v.format !== 'jpeg')) {
      const file = fs.readFileSync(fileOf(variant.url))
      const meta = await sharp(file).metadata()
      expect(meta.format).toBe(variant.format === 'avif' ? 'heif' : 'webp')
      expect(meta.width).toBe(variant.width)
      expect(meta.height).toBe(variant.height)
      expect(variant.width).toBeLessThanOrEqual(1800)
      expect(variant.height).toBe(Math.round((variant.width * 1350) / 1800))
      expect(file.length).toBe(variant.bytes)
    }
    expect(listFiles('artworks')).toHaveLength(11) // no temporary file left behind
  })

  it('keeps a small image at its own width, without upscaling', async () => {
    const bytes = await testImage(200, 150, '#00000000', 'webp')

    const result = await ingestImage({ bytes, folder: 'site' })

    expect(result.url).toMatch(/-200\.webp$/)
    const [row] = await getDb().select().from(medias)
    expect(row?.variantes.map((v) => `${v.format} ${v.width}x${v.height}`).sort()).toEqual([
      'avif 200x150',
      'jpeg 1200x630',
      'webp 200x150',
    ])
  })

  it('accepts GIF and AVIF uploads', async () => {
    const gif = await testImage(400, 300, '#123456', 'gif')
    const avif = await testImage(500, 500, '#654321', 'avif')

    expect((await ingestImage({ bytes: gif, folder: 'a' })).url).toMatch(/-320\.webp$/)
    expect((await ingestImage({ bytes: avif, folder: 'a' })).url).toMatch(/-320\.webp$/)
    const rows = await getDb().select({ mime: medias.mime }).from(medias)
    expect(rows.map((r) => r.mime).sort()).toEqual(['image/avif', 'image/gif'])
  })

  it('converts 16-bit, CMYK and transparent inputs to 8-bit sRGB variants with the same colours', async () => {
    const red = { r: 200, g: 40, b: 30 }
    const base = () => sharp({ create: { width: 700, height: 500, channels: 3, background: red } })
    const inputs = {
      png16: await base().toColourspace('rgb16').png().toBuffer(),
      cmyk: await base().toColourspace('cmyk').jpeg({ quality: 95 }).toBuffer(),
      alpha: await sharp({
        create: { width: 700, height: 500, channels: 4, background: { ...red, alpha: 0.5 } },
      })
        .png()
        .toBuffer(),
    }
    for (const [name, bytes] of Object.entries(inputs)) {
      const { url } = await ingestImage({ bytes, folder: `couleurs-${name}` })
      const { data, info } = await sharp(fileOf(url)).raw().toBuffer({ resolveWithObject: true })
      expect(info.channels, name).toBe(name === 'alpha' ? 4 : 3)
      expect(Math.abs((data[0] ?? 0) - red.r), name).toBeLessThan(12)
      expect(Math.abs((data[1] ?? 0) - red.g), name).toBeLessThan(20)
      if (name === 'alpha') expect(Math.abs((data[3] ?? 0) - 128), name).toBeLessThan(3)
    }
  })

  it('refuses a text file named .jpg, and stores nothing', async () => {
    await expectRefused(
      ingestImage({
        bytes: Buffer.from('Ceci n’est pas une image.\n'),
        folder: 'texte',
        originalName: 'faux.jpg',
      }),
      'Veuillez sélectionner un fichier image',
    )
    expect(await getDb().select().from(medias)).toHaveLength(0)
    expect(listFiles('texte')).toHaveLength(0)
  })

  it('removes the files it wrote when the row cannot be stored (a NUL in the file name)', async () => {
    const bytes = await testImage(400, 300, '#345')

    const error = await ingestImage({ bytes, folder: 'refus', originalName: 'enc\u0000re.png' }).catch(
      (caught: unknown) => caught,
    )

    expect(error).toBeInstanceOf(Error)
    expect(error).not.toBeInstanceOf(MediaError)
    expect(await getDb().select().from(medias)).toHaveLength(0)
    expect(listFiles('refus')).toEqual([])
  })

  it('refuses SVG, even with an XML prolog', async () => {
    const svg = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>'
    await expectRefused(
      ingestImage({ bytes: Buffer.from(svg), folder: 'artworks' }),
      'Format non pris en charge (JPG, PNG, GIF, WebP)',
    )
    expect(await getDb().select().from(medias)).toHaveLength(0)
  })

  it('refuses other image formats such as TIFF', async () => {
    const tiff = await testImage(20, 20, '#fff', 'tiff')
    await expectRefused(
      ingestImage({ bytes: tiff, folder: 'artworks' }),
      'Format non pris en charge (JPG, PNG, GIF, WebP)',
    )
  })

  it('refuses a file over the size limit', async () => {
    const bytes = await testImage(300, 300, '#abc')
    await expectRefused(
      ingestImage({ bytes, folder: 'artworks', maxBytes: 100 }),
      /^La taille du fichier ne doit pas dépasser/,
    )
    const big = Buffer.concat([bytes, Buffer.alloc(10 * 1024 * 1024)])
    await expectRefused(
      ingestImage({ bytes: big, folder: 'artworks' }),
      'La taille du fichier ne doit pas dépasser 10 MB',
    )
    expect(await getDb().select().from(medias)).toHaveLength(0)
  })

  it('refuses an image over the pixel limit before decoding it', async () => {
    // 8000 × 6000 = 48 megapixels of a single colour: a small PNG, a large decoded image.
    const bytes = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer()
    expect(bytes.length).toBeLessThan(1024 * 1024)
    await expectRefused(ingestImage({ bytes, folder: 'geante' }), /trop grande \(40 mégapixels maximum\)/)
    expect(await getDb().select().from(medias)).toHaveLength(0)
    expect(listFiles('geante')).toHaveLength(0)
  })

  it('refuses a truncated image', async () => {
    const bytes = await testImage(600, 400, '#abc', 'jpeg')
    await expectRefused(
      ingestImage({ bytes: bytes.subarray(0, 200), folder: 'artworks' }),
      /^Impossible de lire cette image/,
    )
  })

  it('stores the same bytes once: same URL, one medias row', async () => {
    const bytes = await jpegWithGps(500, 700) // shown 700 × 500 after rotation

    const first = await ingestImage({ bytes, folder: 'articles' })
    const second = await ingestImage({ bytes, folder: 'articles', originalName: 'autre-nom.jpg' })

    expect(second).toEqual(first)
    expect(await getDb().select().from(medias)).toHaveLength(1)
    expect(listFiles('articles')).toHaveLength(5) // 320 and 640, in AVIF and WebP, and the preview
  })
})
