import { MAX_ARTWORK_IMAGES } from '#app/lib/admin/catalogue-schema'
import { type ArtworkImageColumns, artworkImageUrls } from '#app/lib/artwork-display'

/**
 * The ten image columns for an ordered list of image URLs, compacted: the first URL goes to
 * image1_url (the main image, back-office spec §3), the next to image2_url, and so on; the
 * remaining columns are null.
 *
 * @param urls - 0 to 10 image URLs in display order.
 * @throws Error when there are more than 10 URLs (the form schema refuses them first).
 */
export function toImageColumns(urls: ReadonlyArray<string>): ArtworkImageColumns {
  if (urls.length > MAX_ARTWORK_IMAGES) throw new Error('Trop d’images pour une œuvre')
  const columns = {} as Record<keyof ArtworkImageColumns, string | null>
  for (let index = 1; index <= MAX_ARTWORK_IMAGES; index++) {
    columns[`image${index}_url` as keyof ArtworkImageColumns] = urls[index - 1] ?? null
  }
  return columns
}

/** The image URLs of a stored row that are no longer in `kept` (to release after an update). */
export function droppedImageUrls(row: ArtworkImageColumns, kept: ReadonlyArray<string>): string[] {
  return artworkImageUrls(row).filter((url) => !kept.includes(url))
}
