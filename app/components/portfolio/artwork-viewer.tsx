import { ChevronLeft, ChevronRight, X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { useRef } from 'react'
import { ResponsiveImage } from '#app/components/responsive-image'
import type { ImageData } from '#app/lib/images'

/** Smallest horizontal swipe, in px, that changes image on a touch screen. */
const SWIPE_THRESHOLD_PX = 50

/** The image index after moving `step` (±1) from `index` among `total` images, wrapping around. */
export function wrapIndex(index: number, step: number, total: number): number {
  if (total <= 0) return 0
  return (((index + step) % total) + total) % total
}

type Props = {
  images: ImageData[]
  /** Index of the image shown, 0-based. */
  index: number
  onIndexChange: (index: number) => void
  /** The artwork's name: the dialog's title and the images' alternative text. */
  title: string
}

/**
 * The full-screen viewer of an artwork's gallery (public spec §2 /portfolio/oeuvre, §4 "viewers:
 * closed or open"): previous/next wrapping around, an 'n / total' counter, ←/→ keys and swipes,
 * Escape and a close button. Rendered inside the gallery's `Dialog.Root`: Radix traps focus inside
 * and gives it back to the opener on close.
 */
export function ArtworkViewer({ images, index, onIndexChange, title }: Props) {
  const touchStartX = useRef<number | null>(null)
  const total = images.length
  const image = images[index]
  const hasSeveral = total > 1
  const go = (step: number) => onIndexChange(wrapIndex(index, step, total))

  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950/95 backdrop-blur-sm" />
      <Dialog.Content
        aria-describedby={undefined}
        aria-modal="true"
        className="fixed inset-0 z-50 flex flex-col text-stone-100 outline-none"
        onKeyDown={(event) => {
          if (!hasSeveral) return
          if (event.key === 'ArrowRight') {
            event.preventDefault()
            go(1)
          } else if (event.key === 'ArrowLeft') {
            event.preventDefault()
            go(-1)
          }
        }}
        onTouchStart={(event) => {
          touchStartX.current = event.touches[0]?.clientX ?? null
        }}
        onTouchEnd={(event) => {
          const start = touchStartX.current
          const end = event.changedTouches[0]?.clientX
          touchStartX.current = null
          if (!hasSeveral || start === null || end === undefined) return
          if (Math.abs(end - start) >= SWIPE_THRESHOLD_PX) go(end < start ? 1 : -1)
        }}
      >
        <div className="flex items-center justify-between gap-4 px-4 py-3 sm:px-6 sm:py-4">
          <p className="text-sm tabular-nums tracking-[0.2em] text-stone-300" aria-live="polite">
            {index + 1} / {total}
          </p>
          <Dialog.Title className="min-w-0 flex-1 truncate text-center text-sm font-normal tracking-wide text-stone-200">
            {title}
          </Dialog.Title>
          <Dialog.Close
            className="inline-flex size-11 items-center justify-center rounded-full text-stone-200 transition-colors hover:bg-white/10 hover:text-white"
            aria-label="Fermer"
          >
            <X aria-hidden className="size-6" />
          </Dialog.Close>
        </div>
        <div className="relative flex min-h-0 flex-1 items-center justify-center px-4 pb-6 sm:px-20 sm:pb-10">
          {image ? (
            <ResponsiveImage
              key={image.src}
              image={image}
              alt={hasSeveral ? `${title} — image ${index + 1} sur ${total}` : title}
              sizes="100vw"
              className="max-h-full max-w-full object-contain shadow-2xl"
              style={{ height: 'auto', width: 'auto' }}
            />
          ) : null}
          {hasSeveral ? (
            <>
              <button
                type="button"
                onClick={() => go(-1)}
                aria-label="Image précédente"
                className="absolute top-1/2 left-2 inline-flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-black/40 text-stone-100 transition-colors hover:bg-white/15 sm:left-5"
              >
                <ChevronLeft aria-hidden className="size-7" />
              </button>
              <button
                type="button"
                onClick={() => go(1)}
                aria-label="Image suivante"
                className="absolute top-1/2 right-2 inline-flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-black/40 text-stone-100 transition-colors hover:bg-white/15 sm:right-5"
              >
                <ChevronRight aria-hidden className="size-7" />
              </button>
            </>
          ) : null}
        </div>
      </Dialog.Content>
    </Dialog.Portal>
  )
}
