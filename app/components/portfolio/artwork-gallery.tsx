import { Maximize2 } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { useState } from 'react'
import { ResponsiveImage } from '#app/components/responsive-image'
import type { ImageData } from '#app/lib/images'
import { ArtworkViewer } from './artwork-viewer'
import { ImagePlaceholder } from './image-placeholder'

/**
 * An artwork's gallery (public spec §2 /portfolio/oeuvre): the main image framed on paper (the
 * page's LCP image) and up to 10 thumbnails 'Voir l'image n sur total'. Clicking the main image
 * opens the full-screen viewer on the image shown; moving in the viewer moves the gallery too.
 */
export function ArtworkGallery({ images, title }: { images: ImageData[]; title: string }) {
  const [index, setIndex] = useState(0)
  const [isOpen, setIsOpen] = useState(false)
  const total = images.length
  const current = images[index]

  if (!current) {
    return (
      <div className="aspect-square border border-stone-200/80 bg-paper">
        <ImagePlaceholder />
      </div>
    )
  }

  return (
    <Dialog.Root open={isOpen} onOpenChange={setIsOpen}>
      <div>
        <Dialog.Trigger asChild>
          <button
            type="button"
            aria-label={
              total > 1
                ? `Agrandir l'image ${index + 1} sur ${total} en plein écran`
                : "Agrandir l'image en plein écran"
            }
            className="group relative flex aspect-square w-full cursor-zoom-in items-center justify-center overflow-hidden border border-stone-200/80 bg-paper p-6 shadow-[0_1px_2px_rgb(28_25_23/0.04)] sm:p-10 lg:p-12"
          >
            <ResponsiveImage
              key={current.src}
              image={current}
              alt={total > 1 ? `${title} — image ${index + 1} sur ${total}` : title}
              sizes="(min-width: 1280px) 720px, (min-width: 1024px) 58vw, 100vw"
              priority={index === 0}
              className="max-h-full max-w-full object-contain drop-shadow-[0_4px_12px_rgb(28_25_23/0.15)]"
              style={{ height: 'auto', width: 'auto' }}
            />
            <span
              aria-hidden
              className="absolute right-3 bottom-3 inline-flex size-9 items-center justify-center rounded-full bg-white/80 text-stone-700 opacity-70 shadow-sm transition-opacity group-hover:opacity-100"
            >
              <Maximize2 className="size-4" />
            </span>
          </button>
        </Dialog.Trigger>
        {total > 1 ? (
          <ul className="mt-3 grid grid-cols-5 gap-2 sm:mt-4 sm:grid-cols-10" aria-label="Images de l'œuvre">
            {images.map((image, thumbIndex) => {
              const isCurrent = thumbIndex === index
              return (
                <li key={image.src}>
                  <button
                    type="button"
                    onClick={() => setIndex(thumbIndex)}
                    aria-label={`Voir l'image ${thumbIndex + 1} sur ${total}`}
                    aria-current={isCurrent ? 'true' : undefined}
                    className={`flex aspect-square w-full items-center justify-center border bg-paper p-1.5 transition ${
                      isCurrent
                        ? 'border-stone-800 ring-1 ring-stone-800'
                        : 'border-stone-200 opacity-70 hover:border-stone-400 hover:opacity-100'
                    }`}
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
              )
            })}
          </ul>
        ) : null}
      </div>
      {isOpen ? <ArtworkViewer images={images} index={index} onIndexChange={setIndex} title={title} /> : null}
    </Dialog.Root>
  )
}
