import fs from 'node:fs'
import path from 'node:path'
import { getDb } from '#app/db/client.server'
import { medias } from '#app/db/schema'
import { getEnv } from '#app/env.server'
import { ingestImage } from '#app/media/ingest-image.server'
import { testImage } from './test-image'

/**
 * Ingests a small generated PNG into `folder` (a different colour gives a different
 * file) and returns its stored URL.
 */
export async function ingestTestImage(folder: string, colour = '#223344'): Promise<string> {
  const bytes = await testImage(400, 300, colour)
  const { url } = await ingestImage({ bytes, folder, originalName: 'test.png', maxBytes: 10 * 1024 * 1024 })
  return url
}

type MediaInsert = typeof medias.$inferInsert

/**
 * Test helper: records an image in `medias` without writing its file — what loaders read of an
 * image (size, variants) and what releasing it deletes. The folder comes from the URL
 * (`/uploads/{dossier}/…`), the MIME type from its extension (.jpg, .png, else WebP), 1000 bytes.
 * Variants are named as ingestion names them (`{url without extension}-{width}.{format}`), their
 * height in the image's proportions, 10 bytes each.
 *
 * @param url - e.g. '/uploads/atelier/table.jpg'.
 * @param image.largeur / image.hauteur - its size in px (default 10 × 10).
 * @param image.variants - the widths of its stored variants by format, in stored order, e.g.
 *   `{ avif: [640, 320] }` (default none).
 */
export async function insertMediaRow(
  url: string,
  {
    largeur = 10,
    hauteur = 10,
    variants = {},
  }: Partial<Pick<MediaInsert, 'largeur' | 'hauteur'>> & {
    variants?: Partial<Record<'avif' | 'webp', number[]>>
  } = {},
): Promise<void> {
  const dossier = url.split('/')[2] ?? ''
  const mime = url.endsWith('.jpg') ? 'image/jpeg' : url.endsWith('.png') ? 'image/png' : 'image/webp'
  const stem = url.replace(/\.[a-z]+$/, '')
  const variantes = (['avif', 'webp'] as const).flatMap((format) =>
    (variants[format] ?? []).map((width) => ({
      format,
      width,
      height: Math.round((width * hauteur) / largeur),
      url: `${stem}-${width}.${format}`,
      bytes: 10,
    })),
  )
  await getDb().insert(medias).values({ url, dossier, mime, largeur, hauteur, octets: 1000, variantes })
}

/**
 * Whether an uploaded image's file is on local disk (`/uploads/{folder}/{file}` is
 * DATA_DIR/uploads/{folder}/{file}): what releasing an image must delete.
 *
 * @param url - an image URL of local storage, e.g. '/uploads/categories/a1b2.webp'.
 */
export function uploadedFileExists(url: string): boolean {
  return fs.existsSync(path.join(getEnv().DATA_DIR_ABS, 'uploads', url.slice('/uploads/'.length)))
}
