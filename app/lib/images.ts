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

/** An image known only by URL (no variants, no intrinsic size). */
export function plainImage(src: string): ImageData {
  return { src, width: null, height: null, avifSrcSet: null, webpSrcSet: null }
}
