import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { fileTypeFromBuffer } from 'file-type'
import { type Executor, getDb } from '#app/db/client.server'
import { type MediaVariant, medias } from '#app/db/schema'
import { logger } from '#app/logger.server'
import { loadSharp, type OutputInfo } from '#app/media/sharp.server'
import { socialVariantKey, storeSocialVariant } from '#app/media/social-image.server'
import { getStorage } from '#app/media/storage.server'

/** An upload refused for a reason the person can fix; `message` is French and can be shown as is. */
export class MediaError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'MediaError'
  }
}

/** What an upload answers when its files cannot be written (issue #37 §4): nothing was recorded. */
export const STORAGE_FAILED =
  "Le stockage des images ne répond pas (serveur de fichiers injoignable ou disque plein) : l'image n'a pas été enregistrée. Réessayez dans quelques minutes."

/** Default size limit of an upload, in bytes (back-office spec §9: 10 MB). */
export const DEFAULT_MAX_IMAGE_BYTES = 10 * 1024 * 1024
/** Default decoded-size limit, in pixels (40 megapixels): protects memory from decompression bombs. */
export const DEFAULT_MAX_IMAGE_PIXELS = 40_000_000
/**
 * Widths of the generated variants, in px (issue #2 §4). 768 is what a phone 360–412 px wide
 * at 1.75–2× draws a full-width image with (issue #8 §1: without it such a phone, and
 * Lighthouse's mobile profile, took the 1024 px variant, 40 % more bytes before the LCP).
 */
export const VARIANT_WIDTHS = [320, 640, 768, 1024, 1600, 2400] as const
/** AVIF encoder effort (0–9): low, so seeding and uploads stay fast on small machines. */
const AVIF_EFFORT = 1
const AVIF_QUALITY = 55
/** WebP encoder effort (0–6): 2 is about twice as fast as the default 4 for a few % more bytes. */
const WEBP_EFFORT = 2
const WEBP_QUALITY = 80

const ACCEPTED_MIME = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif'])
const NOT_AN_IMAGE = 'Veuillez sélectionner un fichier image'
const UNSUPPORTED = 'Format non pris en charge (JPG, PNG, GIF, WebP)'

export type IngestImageInput = {
  /** The uploaded file's content. */
  bytes: Buffer
  /** Folder the files go into, e.g. `artworks` (lowercase letters, digits and hyphens). */
  folder: string
  /** The file name as uploaded, kept for the back-office (never used in paths). */
  originalName?: string
  /** Runs the `medias` insert inside the caller's transaction; the process database by default. */
  executor?: Executor
  /** Size limit in bytes (default {@link DEFAULT_MAX_IMAGE_BYTES}). */
  maxBytes?: number
  /** Decoded size limit in pixels (default {@link DEFAULT_MAX_IMAGE_PIXELS}). */
  maxPixels?: number
}

export type IngestedImage = {
  /**
   * URL to store in content rows: the largest WebP variant's public URL in the configured storage,
   * e.g. `/uploads/artworks/<hash>-1600.webp`, or `{S3_PUBLIC_URL}/artworks/<hash>-1600.webp`.
   */
  url: string
  /** Intrinsic width of the original after EXIF rotation, in px. */
  width: number
  /** Intrinsic height of the original after EXIF rotation, in px. */
  height: number
}

function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 2048).toString('utf8').toLowerCase()
  return head.includes('<svg')
}

/** Widths to generate for an image `width` px wide: the standard widths that do not upscale it. */
export function variantWidths(width: number): number[] {
  const widths = VARIANT_WIDTHS.filter((candidate) => candidate <= width)
  return widths.length > 0 ? widths : [width]
}

function formatLimit(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`
}

/**
 * Checks, re-encodes and stores an uploaded image (issue #2 §4, DESIGN.md §5 "Uploads"):
 * type by magic bytes (JPEG, PNG, GIF, WebP, AVIF; SVG and everything else refused), size and
 * pixel limits, EXIF orientation applied, all metadata (EXIF, GPS, XMP) dropped, AVIF and WebP
 * variants at {@link VARIANT_WIDTHS} never upscaled, and a 1200×630 JPEG for link previews
 * (issue #11 §2, `{folder}/{hash}-1200x630.jpg`, app/media/social-image.server.ts). Files are content-addressed
 * (`{folder}/{sha256 of the bytes}-{width}.{ext}`) in the configured storage (local disk or the
 * S3 bucket, decision 019): the files are written first, then one
 * `medias` row is inserted (`on conflict (url) do nothing`), so the same bytes twice give one row.
 * When a variant cannot be written or the row cannot be stored, the files written are removed
 * before the error propagates.
 *
 * @returns the URL to store, and the intrinsic size in px of the rotated original.
 * @throws MediaError with a French message when the file is empty, too large, not an image,
 *   of an unsupported format, over the pixel limit, or cannot be decoded, or when the storage
 *   cannot write its files ({@link STORAGE_FAILED}: a bucket unreachable, a disk full).
 */
export async function ingestImage(input: IngestImageInput): Promise<IngestedImage> {
  const { bytes, folder } = input
  const maxBytes = input.maxBytes ?? DEFAULT_MAX_IMAGE_BYTES
  const maxPixels = input.maxPixels ?? DEFAULT_MAX_IMAGE_PIXELS
  if (!/^[a-z0-9][a-z0-9-]*$/.test(folder)) throw new Error(`Dossier d’images invalide : ${folder}`)
  if (bytes.length === 0) throw new MediaError(NOT_AN_IMAGE)
  if (bytes.length > maxBytes) {
    throw new MediaError(`La taille du fichier ne doit pas dépasser ${formatLimit(maxBytes)}`)
  }

  const type = await fileTypeFromBuffer(bytes)
  if (!type || !ACCEPTED_MIME.has(type.mime)) {
    // SVG is text (file-type sees XML or nothing): an image, but refused (it can carry scripts).
    const isImage = type?.mime.startsWith('image/') || looksLikeSvg(bytes)
    throw new MediaError(isImage ? UNSUPPORTED : NOT_AN_IMAGE)
  }

  const sharp = await loadSharp()
  let width: number
  let height: number
  try {
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata()
    width = metadata.autoOrient.width
    height = metadata.autoOrient.height
  } catch {
    throw new MediaError('Impossible de lire cette image : le fichier est peut-être endommagé')
  }
  if (width * height > maxPixels) {
    throw new MediaError(
      `L’image est trop grande (${Math.round(maxPixels / 1_000_000)} mégapixels maximum) : réduisez ses dimensions`,
    )
  }

  const storage = getStorage()
  const hash = crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 24)
  const widths = variantWidths(width)
  const largest = widths[widths.length - 1] as number
  const keyFor = (w: number, format: 'avif' | 'webp') => `${folder}/${hash}-${w}.${format}`
  const url = storage.publicUrl(keyFor(largest, 'webp'))
  const executor = input.executor ?? getDb()

  const existing = await executor
    .select({ largeur: medias.largeur, hauteur: medias.hauteur })
    .from(medias)
    .where(eq(medias.url, url))
  if (existing[0]) return { url, width: existing[0].largeur, height: existing[0].hauteur }

  // Decode once (rotated, at most the largest variant's width), then derive every variant from it.
  let base: { data: Buffer; info: OutputInfo }
  try {
    base = await sharp(bytes, { limitInputPixels: maxPixels })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true })
  } catch {
    throw new MediaError('Impossible de lire cette image : le fichier est peut-être endommagé')
  }
  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels }
  /** Keys written by this call: removed again when its row cannot be stored. */
  const written: string[] = []

  const encode = async (w: number, format: 'avif' | 'webp'): Promise<MediaVariant> => {
    const pipeline = sharp(base.data, { raw }).resize({ width: w, withoutEnlargement: true })
    const out =
      format === 'avif'
        ? await pipeline
            .avif({ quality: AVIF_QUALITY, effort: AVIF_EFFORT })
            .toBuffer({ resolveWithObject: true })
        : await pipeline
            .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
            .toBuffer({ resolveWithObject: true })
    const key = keyFor(w, format)
    written.push(key)
    await storage.put(key, out.data, `image/${format}`)
    return {
      format,
      width: out.info.width,
      height: out.info.height,
      url: storage.publicUrl(key),
      bytes: out.data.length,
    }
  }

  try {
    const variants: MediaVariant[] = []
    try {
      for (const w of widths) {
        // Two encodes at a time: one per core on the reference machine.
        variants.push(...(await Promise.all([encode(w, 'avif'), encode(w, 'webp')])))
      }
      const socialKey = socialVariantKey(folder, hash)
      written.push(socialKey)
      variants.push(await storeSocialVariant({ data: base.data, raw }, socialKey, storage))
    } catch (error) {
      // The bucket cannot be reached, or the uploads folder's disk is full (issue #37 §4): said
      // in French; no row was written.
      logger.warn({ err: error, folder }, "Image non enregistrée : le stockage des images n'a pas répondu")
      throw new MediaError(STORAGE_FAILED)
    }
    await executor
      .insert(medias)
      .values({
        url,
        dossier: folder,
        nom_original: input.originalName ?? null,
        mime: type.mime,
        largeur: width,
        hauteur: height,
        octets: bytes.length,
        variantes: variants,
      })
      .onConflictDoNothing({ target: medias.url })
  } catch (error) {
    await removeUnstoredFiles(executor, url, written)
    throw error
  }
  return { url, width, height }
}

/**
 * After a failed ingest (a variant not written, the row refused): removes the files it wrote, unless
 * a `medias` row for the same URL exists (the same bytes stored meanwhile by another upload, whose
 * files these are too). Best effort: a removal that fails is ignored, the ingest's own error matters.
 */
async function removeUnstoredFiles(executor: Executor, url: string, keys: string[]): Promise<void> {
  try {
    const stored = await executor.select({ id: medias.id }).from(medias).where(eq(medias.url, url))
    if (stored.length > 0) return
    const storage = getStorage()
    await Promise.allSettled(keys.map((key) => storage.remove(key)))
  } catch {
    // The ingest's own error is the one to report.
  }
}
