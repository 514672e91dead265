import { Headphones } from 'lucide-react'
import { ResponsiveImage } from '#app/components/responsive-image'
import type { ImageData } from '#app/lib/images'

/**
 * A season's or episode's square cover: its image cropped to a square, or a quiet paper-coloured
 * placeholder with a headphones mark when there is none.
 *
 * @param sizes - the `sizes` attribute for the image's rendered width.
 */
export function PodcastCover({
  image,
  alt,
  sizes,
  className = '',
  priority = false,
}: {
  image: ImageData | null
  alt: string
  sizes: string
  className?: string
  priority?: boolean
}) {
  return (
    <div className={`relative aspect-square overflow-hidden bg-stone-100 ${className}`}>
      <ResponsiveImage
        image={image}
        alt={alt}
        sizes={sizes}
        priority={priority}
        className="absolute inset-0 h-full w-full object-cover"
        fallback={
          <div className="absolute inset-0 flex items-center justify-center bg-gradient-to-br from-stone-100 to-stone-200">
            <Headphones aria-hidden className="size-1/4 text-stone-400" strokeWidth={1.25} />
          </div>
        }
      />
    </div>
  )
}
