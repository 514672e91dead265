import sharp from 'sharp'
import { ingestImage } from '#app/media/ingest-image.server'

/**
 * Ingests a small generated PNG into `folder` (a different colour gives a different
 * file) and returns its stored URL.
 */
export async function ingestTestImage(folder: string, colour = '#223344'): Promise<string> {
  const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
    .png()
    .toBuffer()
  const { url } = await ingestImage({ bytes, folder, originalName: 'test.png', maxBytes: 10 * 1024 * 1024 })
  return url
}
