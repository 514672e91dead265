import { X } from 'lucide-react'
import { ResponsiveImage } from '#app/components/responsive-image'
import { plainText } from '#app/lib/meta'
import type { AtelierPhoto } from '#app/services/atelier/list-atelier-photos.server'

/** Rendered width of a one-column tile: 4 columns from 1280 px, 3 from 1024, 2 from 640, else 1. */
const COLUMN_SIZES = '(min-width: 1280px) 19rem, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw'

/**
 * How taille shapes a tile (back-office spec §9: Petite, Moyenne, Grande, Très grande). In a masonry
 * of equal-width columns presence is height: the bigger the taille, the taller the tile (4:3, 1:1,
 * 4:5, 2:3), the photo cropped to fill it; the lightbox shows it whole.
 */
const TILE_ASPECT: Record<AtelierPhoto['taille'], string> = {
  small: 'aspect-[4/3]',
  medium: 'aspect-square',
  large: 'aspect-[4/5]',
  xlarge: 'aspect-[2/3]',
}

function photoName(photo: AtelierPhoto): string {
  return photo.nom?.trim() || "Photo de l'atelier"
}

/** The lightbox `<dialog>` of the photo at `index`. */
const lightboxId = (index: number) => `photo-atelier-${index + 1}`

/**
 * The /atelier masonry gallery (public spec §2): CSS columns, 1 to 4 by width; hovering or focusing
 * a photo shows its name and description; clicking opens a large lightbox (a `<dialog>`, driven
 * by app/components/enhance/dialog.ts on the static page) with the image, name, description and
 * a close button; Escape or a click beside the photo closes it and focus returns to the photo.
 * Each tile is a link to the image file, so it still opens without JavaScript.
 */
export function AtelierGallery({ photos }: { photos: AtelierPhoto[] }) {
  return (
    <>
      <ul className="columns-1 gap-4 sm:columns-2 lg:columns-3 xl:columns-4" data-testid="atelier-gallery">
        {photos.map((item, index) => {
          const excerpt = plainText(item.description, 160)
          return (
            <li key={item.id} className="mb-4 break-inside-avoid">
              <a
                href={item.image.src}
                data-dialog-open={lightboxId(index)}
                aria-haspopup="dialog"
                className="group relative block overflow-hidden rounded-lg bg-stone-100"
              >
                <div className={TILE_ASPECT[item.taille]}>
                  <ResponsiveImage
                    image={item.image}
                    alt={photoName(item)}
                    sizes={COLUMN_SIZES}
                    className="h-full w-full object-cover transition-transform duration-700 ease-out group-hover:scale-[1.03] group-focus-visible:scale-[1.03]"
                  />
                </div>
                <div
                  aria-hidden
                  data-testid="atelier-caption"
                  className="absolute inset-0 flex flex-col justify-end bg-gradient-to-t from-black/75 via-black/20 to-transparent p-4 text-white opacity-0 transition-opacity duration-300 group-hover:opacity-100 group-focus-visible:opacity-100"
                >
                  {item.nom ? (
                    <p className="font-title text-lg leading-snug font-semibold">{item.nom}</p>
                  ) : null}
                  {excerpt ? (
                    <p className="mt-1 line-clamp-4 text-sm leading-relaxed text-white/85">{excerpt}</p>
                  ) : null}
                </div>
              </a>
            </li>
          )
        })}
      </ul>

      {photos.map((photo, index) => {
        const id = lightboxId(index)
        return (
          <dialog
            key={photo.id}
            id={id}
            aria-labelledby={`${id}-titre`}
            aria-describedby={photo.description ? `${id}-description` : undefined}
            className="m-0 h-full max-h-none w-full max-w-none overflow-y-auto bg-stone-950/95 p-0 backdrop:bg-transparent"
          >
            <div
              data-dialog-backdrop=""
              className="flex min-h-full flex-col items-center justify-center gap-4 p-4 sm:p-8"
            >
              <button
                type="button"
                data-dialog-close=""
                className="absolute top-3 right-3 inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-2 text-sm text-white transition-colors hover:bg-white/20 sm:top-5 sm:right-5"
              >
                <X aria-hidden className="size-4" />
                Fermer
              </button>
              <figure className="flex w-full max-w-6xl flex-col items-center">
                <ResponsiveImage
                  image={photo.image}
                  alt={photoName(photo)}
                  sizes="(min-width: 1152px) 72rem, 100vw"
                  className="max-h-[72vh] w-auto max-w-full rounded object-contain"
                />
                <figcaption className="mt-5 w-full max-w-2xl text-center text-white">
                  <h2 id={`${id}-titre`} className="font-title text-xl font-semibold">
                    {photoName(photo)}
                  </h2>
                  {photo.description ? (
                    <div
                      id={`${id}-description`}
                      className="rich-text prose prose-invert prose-sm mx-auto mt-2 text-white/80"
                      // biome-ignore lint/security/noDangerouslySetInnerHtml: stored HTML is sanitized on write (DESIGN.md §5)
                      dangerouslySetInnerHTML={{ __html: photo.description }}
                    />
                  ) : null}
                </figcaption>
              </figure>
            </div>
          </dialog>
        )
      })}
    </>
  )
}
