/**
 * What a page needs to render an image without layout shift (issue #2 §4): the original URL,
 * its intrinsic size in px, and `srcset` strings per format ("url 320w, url 640w").
 * width/height/srcsets are null for an image the pipeline did not ingest (an external URL).
 */
export type ImageData = {
  src: string
  width: number | null
  height: number | null
  avifSrcSet: string | null
  webpSrcSet: string | null
}

/**
 * The image a link previewer shows for a page (issue #11 §2): a 1200×630 JPEG (the preview
 * variant of the page's main image, or a card with its title), its size in px and its alt text.
 * `url` is relative to the site for local storage (`/uploads/…`), absolute in a bucket.
 */
export type SocialImage = { url: string; width: number; height: number; alt: string }

/** An image known only by URL (no variants, no intrinsic size). */
export function plainImage(src: string): ImageData {
  return { src, width: null, height: null, avifSrcSet: null, webpSrcSet: null }
}
