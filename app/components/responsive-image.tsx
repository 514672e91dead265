import type { ReactNode } from 'react'
import type { ImageData } from '#app/lib/images'

type Props = {
  /** The image; when there is none, `fallback` is rendered instead. */
  image: ImageData | null | undefined
  /** What stands in for a missing image (a placeholder), nothing by default. */
  fallback?: ReactNode
  alt: string
  /** The `sizes` attribute: rendered width per viewport, e.g. "(min-width: 768px) 50vw, 100vw". */
  sizes: string
  className?: string
  /** The page's largest image above the fold (banner, first gallery image): eager, fetchpriority high. */
  priority?: boolean
  style?: React.CSSProperties
}

/**
 * Renders an ingested image as `<picture>` with AVIF and WebP `srcset`, intrinsic width and height
 * (no layout shift) and lazy loading at low fetch priority unless `priority` (issue #2 §4; issue #8
 * §1: the images below the largest one must not share its bandwidth); without an image, its
 * `fallback` (a placeholder) or nothing.
 */
export function ResponsiveImage({
  image,
  fallback = null,
  alt,
  sizes,
  className,
  priority = false,
  style,
}: Props) {
  if (!image) return fallback
  const img = (
    <img
      src={image.src}
      alt={alt}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : 'low'}
      className={className}
      style={style}
    />
  )
  if (!image.avifSrcSet && !image.webpSrcSet) return img
  return (
    <picture className="contents">
      {image.avifSrcSet ? <source type="image/avif" srcSet={image.avifSrcSet} sizes={sizes} /> : null}
      {image.webpSrcSet ? <source type="image/webp" srcSet={image.webpSrcSet} sizes={sizes} /> : null}
      {img}
    </picture>
  )
}
