import { Maximize2 } from 'lucide-react'
import { ResponsiveImage } from '#app/components/responsive-image'
import type { ImageData } from '#app/lib/images'
import { ArtworkSlides, ArtworkViewer } from './artwork-viewer'
import { ImagePlaceholder } from './image-placeholder'

const VIEWER_ID = 'visionneuse'

/**
 * An artwork's gallery (public spec §2 /portfolio/oeuvre): the main image framed on paper (the
 * page's LCP image) and up to 10 thumbnails 'Voir l'image n sur total'. Clicking the main image
 * opens the full-screen viewer on the image shown; moving in the viewer moves the gallery too.
 * Markup for app/components/enhance/gallery.ts (the static artwork page): every image is in the
 * page, the ones not shown `hidden` (their files load when shown).
 */
export function ArtworkGallery({ images, title }: { images: ImageData[]; title: string }) {
  const total = images.length
  if (total === 0) {
    return (
      <div className="aspect-square border border-stone-200/80 bg-paper">
        <ImagePlaceholder />
      </div>
    )
  }

  return (
    <div data-gallery={VIEWER_ID}>
      <button
        type="button"
        data-dialog-open={VIEWER_ID}
        aria-haspopup="dialog"
        aria-label={
          total > 1 ? `Agrandir l'image 1 sur ${total} en plein écran` : "Agrandir l'image en plein écran"
        }
        className="group relative flex aspect-square w-full cursor-zoom-in items-center justify-center overflow-hidden border border-stone-200/80 bg-paper p-6 shadow-[0_1px_2px_rgb(28_25_23/0.04)] sm:p-10 lg:p-12"
      >
        <ArtworkSlides
          images={images}
          title={title}
          slide="data-gallery-slide"
          sizes="(min-width: 1280px) 720px, (min-width: 1024px) 58vw, 100vw"
          imageClassName="max-h-full max-w-full object-contain drop-shadow-[0_4px_12px_rgb(28_25_23/0.15)]"
          priorityFirst
        />
        <span
          aria-hidden
          className="absolute right-3 bottom-3 inline-flex size-9 items-center justify-center rounded-full bg-white/80 text-stone-700 opacity-70 shadow-sm transition-opacity group-hover:opacity-100"
        >
          <Maximize2 className="size-4" />
        </span>
      </button>
      {total > 1 ? (
        <ul className="mt-3 grid grid-cols-5 gap-2 sm:mt-4 sm:grid-cols-10" aria-label="Images de l'œuvre">
          {images.map((image, index) => (
            <li key={image.src}>
              <button
                type="button"
                data-gallery-thumb=""
                aria-label={`Voir l'image ${index + 1} sur ${total}`}
                aria-current={index === 0 ? 'true' : undefined}
                className="flex aspect-square w-full items-center justify-center border border-stone-200 bg-paper p-1.5 opacity-70 transition hover:border-stone-400 hover:opacity-100 aria-[current=true]:border-stone-800 aria-[current=true]:opacity-100 aria-[current=true]:ring-1 aria-[current=true]:ring-stone-800"
              >
                <ResponsiveImage
                  image={image}
                  alt=""
                  sizes="120px"
                  className="max-h-full max-w-full object-contain"
                  style={{ height: 'auto', width: 'auto' }}
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <ArtworkViewer id={VIEWER_ID} images={images} title={title} />
    </div>
  )
}
