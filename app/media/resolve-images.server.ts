import { inArray } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { medias } from '#app/db/schema'
import { type ImageData, plainImage } from '#app/lib/images'

/**
 * Looks up the ingested images behind a list of stored URLs, in one query.
 *
 * @param urls - image URLs as stored in content rows; null/empty entries are ignored.
 * @returns a map URL → ImageData (srcsets of the AVIF and WebP variants, intrinsic size in px);
 *   URLs unknown to the pipeline map to a plain image.
 */
export async function resolveImages(
  urls: ReadonlyArray<string | null | undefined>,
): Promise<Map<string, ImageData>> {
  const wanted = [...new Set(urls.filter((url): url is string => Boolean(url)))]
  const result = new Map<string, ImageData>()
  if (wanted.length === 0) return result
  const rows = await getDb().select().from(medias).where(inArray(medias.url, wanted))
  for (const row of rows) {
    const srcset = (format: 'avif' | 'webp') => {
      const variants = row.variantes
        .filter((variant) => variant.format === format)
        .sort((a, b) => a.width - b.width)
      return variants.length ? variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ') : null
    }
    result.set(row.url, {
      src: row.url,
      width: row.largeur,
      height: row.hauteur,
      avifSrcSet: srcset('avif'),
      webpSrcSet: srcset('webp'),
    })
  }
  for (const url of wanted) if (!result.has(url)) result.set(url, plainImage(url))
  return result
}

/** Resolves a single URL; null when the URL is empty. See {@link resolveImages}. */
export async function resolveImage(url: string | null | undefined): Promise<ImageData | null> {
  if (!url) return null
  return (await resolveImages([url])).get(url) ?? null
}
