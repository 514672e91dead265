import crypto from 'node:crypto'
import { buffer } from 'node:stream/consumers'
import { eq, sql } from 'drizzle-orm'
import { encodeXML } from 'entities'
import { type Executor, getDb } from '#app/db/client.server'
import { type MediaVariant, medias } from '#app/db/schema'
import { readableTextOn } from '#app/lib/colour-contrast'
import { loadSharp } from '#app/media/sharp.server'
import { getStorage, type Storage } from '#app/media/storage.server'

/** Size of every social preview, in px (issue #11 §2: what Facebook, LinkedIn and X show large). */
export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const
const JPEG_QUALITY = 82
/** Images this close to 1200×630 (width / height) are cropped to fill it; others are shown whole. */
const COVER_RATIOS = { min: 1.5, max: 2.3 } as const

/** What sharp reads: an encoded image, or decoded pixels with their layout. */
export type SocialSource =
  | Buffer
  | { data: Buffer; raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 } }

/**
 * A 1200×630 JPEG of an image for link previews (issue #11 §2). An image of about that shape
 * (width/height 1.5–2.3) is cropped to fill the frame around its most salient part; any other
 * (a portrait artwork, a square photo) is shown whole, centred on a blurred and darkened copy of
 * itself, so a previewer's crop never cuts a work in half. Transparency is flattened on white.
 *
 * @param source - an encoded image or raw sRGB pixels (8 bits per channel).
 * @returns the JPEG's bytes (baseline, quality 82, no metadata).
 * @throws what sharp throws for an unreadable image.
 */
export async function renderSocialImage(source: SocialSource): Promise<Buffer> {
  const sharp = await loadSharp()
  const open = () =>
    Buffer.isBuffer(source) ? sharp(source).rotate() : sharp(source.data, { raw: source.raw })
  const { width = 1, height = 1 } = Buffer.isBuffer(source)
    ? (await open().metadata()).autoOrient
    : source.raw
  const { width: W, height: H } = SOCIAL_IMAGE_SIZE
  const ratio = width / height
  if (ratio >= COVER_RATIOS.min && ratio <= COVER_RATIOS.max) {
    return open()
      .resize(W, H, { fit: 'cover', position: sharp.strategy.attention })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer()
  }
  const [backdrop, work] = await Promise.all([
    open()
      .flatten({ background: '#ffffff' })
      .resize(W, H, { fit: 'cover' })
      .blur(30)
      .modulate({ brightness: 0.6 })
      .png()
      .toBuffer(),
    open().flatten({ background: '#ffffff' }).resize(W, H, { fit: 'inside' }).png().toBuffer(),
  ])
  return sharp(backdrop)
    .composite([{ input: work, gravity: 'centre' }])
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer()
}

/** The key of an ingested image's preview beside its other variants: `{folder}/{hash}-1200x630.jpg`. */
export function socialVariantKey(folder: string, hash: string): string {
  return `${folder}/${hash}-${SOCIAL_IMAGE_SIZE.width}x${SOCIAL_IMAGE_SIZE.height}.jpg`
}

/**
 * Encodes and stores the preview variant of an image being ingested (app/media/ingest-image.server.ts).
 *
 * @returns the `medias.variantes` entry: format `jpeg`, 1200×630, public URL, size in bytes.
 */
export async function storeSocialVariant(
  source: SocialSource,
  key: string,
  storage: Storage = getStorage(),
): Promise<MediaVariant> {
  const bytes = await renderSocialImage(source)
  await storage.put(key, bytes, 'image/jpeg')
  return { format: 'jpeg', ...SOCIAL_IMAGE_SIZE, url: storage.publicUrl(key), bytes: bytes.length }
}

/** Work already done or under way in this process, per storage: key → its public URL. */
const ensured = new WeakMap<Storage, Map<string, Promise<string>>>()
/**
 * Most keys remembered per storage (issue #35 §4: bounded by entries, not by the number of
 * images); a key forgotten is only checked again (the same bytes give the same key).
 */
const MAX_ENSURED = 1_000

/**
 * Runs `make` once per storage and key in this process (concurrent callers share it; a failure
 * is forgotten so the next call tries again).
 */
function once(storage: Storage, key: string, make: () => Promise<string>): Promise<string> {
  const done = ensured.get(storage) ?? new Map<string, Promise<string>>()
  ensured.set(storage, done)
  const known = done.get(key)
  if (known) return known
  const work = make().catch((error: unknown) => {
    done.delete(key)
    throw error
  })
  done.set(key, work)
  for (const oldest of done.keys()) {
    if (done.size <= MAX_ENSURED) break
    done.delete(oldest)
  }
  return work
}

/**
 * The preview variant of an ingested image (a `medias` row): the one made at ingest, or — for an
 * image ingested before previews existed — made now from its largest WebP variant, stored beside
 * it and added to the row (once per process; the same bytes give the same key on every instance).
 *
 * @param url - the image's URL as content rows store it.
 * @returns the variant, or null when the URL is not an ingested image of the configured storage.
 * @throws what the storage, sharp or the database throw.
 */
export async function socialVariantOf(
  url: string,
  executor: Executor = getDb(),
): Promise<MediaVariant | null> {
  const [row] = await executor
    .select({ variantes: medias.variantes })
    .from(medias)
    .where(eq(medias.url, url))
    .limit(1)
  if (!row) return null
  const made = row.variantes.find((variant) => variant.format === 'jpeg')
  if (made) return made
  const storage = getStorage()
  const largest = row.variantes
    .filter((variant) => variant.format === 'webp')
    .sort((a, b) => b.width - a.width)[0]
  const sourceKey = largest && storage.keyOf(largest.url)
  if (!sourceKey) return null
  const key = sourceKey.replace(/-\d+\.webp$/, `-${SOCIAL_IMAGE_SIZE.width}x${SOCIAL_IMAGE_SIZE.height}.jpg`)
  let variant: MediaVariant | undefined
  await once(storage, key, async () => {
    const stream = await storage.getStream(sourceKey)
    if (!stream) throw new Error(`Image introuvable dans le stockage : ${sourceKey}`)
    variant = await storeSocialVariant(await buffer(stream), key, storage)
    await executor
      .update(medias)
      .set({ variantes: sql`${medias.variantes} || ${JSON.stringify([variant])}::jsonb` })
      .where(sql`${medias.url} = ${url} and not ${medias.variantes} @> '[{"format":"jpeg"}]'::jsonb`)
    return variant.url
  })
  return variant ?? { format: 'jpeg', ...SOCIAL_IMAGE_SIZE, url: storage.publicUrl(key), bytes: 0 }
}

/** What a generated preview card shows (issue #11 §2: the title on the site's colours). */
export type SocialCard = {
  /** The page's title, large (wrapped on up to 4 lines, cut with an ellipsis). */
  title: string
  /** The site's title, small, at the bottom. */
  siteTitle: string
  /** Background colour: a CSS colour already checked by app/lib/appearance.ts. */
  background: string
  /** Accent colour (the rule above the title and the site's title). */
  accent: string
  /** Font family of the title, e.g. 'Playfair Display' (the system's serif or sans-serif when absent). */
  font: string
  isSerif: boolean
}

/** Splits `text` into at most `lines` lines of about `width` characters, the last cut with '…'. */
export function wrapTitle(text: string, width: number, lines: number): string[] {
  const result: string[] = []
  let current = ''
  for (const word of text.trim().split(/\s+/)) {
    const candidate = current ? `${current} ${word}` : word
    if (candidate.length <= width || !current) current = candidate
    else {
      result.push(current)
      current = word
    }
  }
  if (current) result.push(current)
  if (result.length <= lines)
    return result.map((line) => (line.length > width ? `${line.slice(0, width - 1)}…` : line))
  const kept = result.slice(0, lines)
  const last = kept[lines - 1] as string
  kept[lines - 1] = `${last.slice(0, width - 1).trimEnd()}…`
  return kept
}

/** The card as SVG, 1200×630. */
function cardSvg(card: SocialCard): string {
  const { width: W, height: H } = SOCIAL_IMAGE_SIZE
  const length = card.title.length
  // About 0.6 em a character (bold serif): a line stays within the 1040 px between the margins.
  const [size, perLine] = length <= 40 ? [80, 20] : length <= 80 ? [64, 25] : [52, 31]
  const lines = wrapTitle(card.title, perLine, 4)
  const colour = readableTextOn(card.background)
  const family = `'${card.font.replace(/'/g, '')}', ${card.isSerif ? 'serif' : 'sans-serif'}`
  const top = 200
  const tspans = lines
    .map((line, index) => `<tspan x="80" y="${top + index * size * 1.2}">${encodeXML(line)}</tspan>`)
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<rect width="${W}" height="${H}" fill="${encodeXML(card.background)}"/>
<rect x="80" y="96" width="120" height="8" fill="${encodeXML(card.accent)}"/>
<text font-family="${encodeXML(family)}" font-size="${size}" font-weight="600" fill="${colour}">${tspans}</text>
<text x="80" y="550" font-family="${encodeXML(family)}" font-size="34" fill="${colour}" fill-opacity="0.8">${encodeXML(card.siteTitle)}</text>
</svg>`
}

/**
 * The generated preview of a page with no image of its own (issue #11 §2): its title on the
 * site's colours, as a 1200×630 JPEG in the configured storage. Made when first asked for (a
 * page's render; the page cache keeps the page afterwards) and kept: the key is a hash of
 * everything drawn (`partage/{hash}.jpg`), so a new title or new colours give a new file and the
 * next render points to it, while the same card is never made twice (once per process; another
 * instance finds the stored file).
 *
 * @returns the card's public URL in the configured storage (`/uploads/partage/….jpg` or the bucket's).
 * @throws what sharp or the storage throw.
 */
export function ensureSocialCard(card: SocialCard): Promise<string> {
  const storage = getStorage()
  const hash = crypto
    .createHash('sha256')
    .update(JSON.stringify({ v: 1, ...card }))
    .digest('hex')
    .slice(0, 24)
  const key = `partage/${hash}.jpg`
  return once(storage, key, async () => {
    if (!(await storage.stat(key))) {
      const sharp = await loadSharp()
      const bytes = await sharp(Buffer.from(cardSvg(card)))
        .jpeg({ quality: JPEG_QUALITY })
        .toBuffer()
      await storage.put(key, bytes, 'image/jpeg')
    }
    return storage.publicUrl(key)
  })
}
