import { ChevronLeft, ChevronRight, X } from 'lucide-react'
import { ResponsiveImage } from '#app/components/responsive-image'
import type { ImageData } from '#app/lib/images'

/** The alternative text of image `index` (0-based) of an artwork named `title` with `total` images. */
export function artworkImageAlt(title: string, index: number, total: number): string {
  return total > 1 ? `${title} — image ${index + 1} sur ${total}` : title
}

/**
 * Every image of an artwork, the first shown and the others `hidden` (their files load when
 * shown): app/components/enhance/gallery.ts shows one at a time by the `slide` attribute.
 *
 * @param slide - the marker gallery.ts looks for: the gallery's main image or the viewer's.
 * @param sizes - the images' `sizes` (px, vw).
 */
export function ArtworkSlides({
  images,
  title,
  slide,
  sizes,
  imageClassName,
  priorityFirst = false,
}: {
  images: ImageData[]
  title: string
  slide: 'data-gallery-slide' | 'data-viewer-slide'
  sizes: string
  imageClassName: string
  priorityFirst?: boolean
}) {
  return images.map((image, index) => (
    <span
      key={image.src}
      {...{ [slide]: '' }}
      hidden={index !== 0}
      className="flex h-full w-full items-center justify-center"
    >
      <ResponsiveImage
        image={image}
        alt={artworkImageAlt(title, index, images.length)}
        sizes={sizes}
        priority={priorityFirst && index === 0}
        className={imageClassName}
        style={{ height: 'auto', width: 'auto' }}
      />
    </span>
  ))
}

const STEP_BUTTON =
  'absolute top-1/2 inline-flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-black/40 text-stone-100 transition-colors hover:bg-white/15'

/** The viewer's button to the previous (-1) or next (1) image; gallery.ts reads `data-viewer-step`. */
function StepButton({ step }: { step: -1 | 1 }) {
  const previous = step < 0
  const Icon = previous ? ChevronLeft : ChevronRight
  return (
    <button
      type="button"
      data-viewer-step={step}
      aria-label={previous ? 'Image précédente' : 'Image suivante'}
      className={`${STEP_BUTTON} ${previous ? 'left-2 sm:left-5' : 'right-2 sm:right-5'}`}
    >
      <Icon aria-hidden className="size-7" />
    </button>
  )
}

/**
 * The full-screen viewer of an artwork's gallery (public spec §2 /portfolio/oeuvre, §4 "viewers:
 * closed or open"): a `<dialog>` titled with the artwork's name holding every image (the first
 * shown), an 'n / total' counter, previous/next buttons and a close button. On the static artwork
 * page app/components/enhance (dialog.ts, gallery.ts) opens it, moves it (buttons, ←/→, swipes,
 * wrapping around), traps focus inside and gives it back to the opener on Escape or close.
 *
 * @param id - the dialog's id, which the gallery's opener names.
 */
export function ArtworkViewer({ id, images, title }: { id: string; images: ImageData[]; title: string }) {
  const total = images.length
  return (
    <dialog
      id={id}
      aria-labelledby={`${id}-titre`}
      className="m-0 h-full max-h-none w-full max-w-none bg-stone-950/95 p-0 text-stone-100 backdrop:backdrop-blur-sm"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-4 px-4 py-3 sm:px-6 sm:py-4">
          <p
            data-viewer-counter=""
            className="text-sm tabular-nums tracking-[0.2em] text-stone-300"
            aria-live="polite"
          >
            {`1 / ${total}`}
          </p>
          <h2
            id={`${id}-titre`}
            className="min-w-0 flex-1 truncate text-center text-sm font-normal tracking-wide text-stone-200"
          >
            {title}
          </h2>
          <button
            type="button"
            data-dialog-close=""
            className="inline-flex size-11 items-center justify-center rounded-full text-stone-200 transition-colors hover:bg-white/10 hover:text-white"
            aria-label="Fermer"
          >
            <X aria-hidden className="size-6" />
          </button>
        </div>
        <div className="relative flex min-h-0 flex-1 items-center justify-center px-4 pb-6 sm:px-20 sm:pb-10">
          <ArtworkSlides
            images={images}
            title={title}
            slide="data-viewer-slide"
            sizes="100vw"
            imageClassName="max-h-full max-w-full object-contain shadow-2xl"
          />
          {total > 1 ? (
            <>
              <StepButton step={-1} />
              <StepButton step={1} />
            </>
          ) : null}
        </div>
      </div>
    </dialog>
  )
}
