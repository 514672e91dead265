import sharp from 'sharp'

/** The formats a test picture can be encoded in (sharp's encoders). */
export type TestImageFormat = 'png' | 'jpeg' | 'webp' | 'gif' | 'avif' | 'tiff'

/**
 * A generated test picture of one colour — the one way tests make image bytes (uploads, ingest,
 * browser file inputs). A different colour gives a different file.
 *
 * @param width / height - its size in px.
 * @param colour - CSS hex colour or `{ r, g, b }` (0–255); with an alpha part (`#rrggbbaa`,
 *   `alpha`) the picture has 4 channels.
 * @param format - how it is encoded (default PNG).
 * @returns the encoded bytes.
 */
export function testImage(
  width: number,
  height: number,
  colour: string | { r: number; g: number; b: number; alpha?: number } = '#223344',
  format: TestImageFormat = 'png',
) {
  const hasAlpha = typeof colour === 'string' ? colour.length === 9 : colour.alpha !== undefined
  const channels = hasAlpha ? 4 : 3
  return sharp({ create: { width, height, channels, background: colour } })
    .toFormat(format)
    .toBuffer()
}
