import { X } from 'lucide-react'
import { ResponsiveImage } from '#app/components/responsive-image'
import { RichText } from '#app/components/rich-text'
import { plainText } from '#app/lib/meta'
import type { AtelierPhoto } from '#app/services/atelier/list-atelier-photos.server'

/**
 * How taille places a tile (public spec §2, back-office spec §9: Petite (1x1), Moyenne (2x1),
 * Grande (2x2), Très grande (3x2) — columns × rows of the gallery's grid). The grid has 1 column
 * under 640 px, 2 from 640, 3 from 1024 and 4 from 1280; a span never exceeds the columns there
 * are, and the grid fills the holes the larger tiles leave (dense flow). The photo is cropped to
 * fill its tile; the lightbox shows it whole.
 */
const TILE_SPAN: Record<AtelierPhoto['taille'], string> = {
  small: '',
  medium: 'sm:col-span-2',
  large: 'row-span-2 sm:col-span-2',
  xlarge: 'row-span-2 sm:col-span-2 lg:col-span-3',
}

/** Rendered width of a tile of each taille, for the browser's choice of image file (`sizes`). */
const TILE_SIZES: Record<AtelierPhoto['taille'], string> = {
  small: '(min-width: 1280px) 19rem, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
  medium: '(min-width: 1280px) 38rem, (min-width: 1024px) 66vw, 100vw',
  large: '(min-width: 1280px) 38rem, (min-width: 1024px) 66vw, 100vw',
  xlarge: '(min-width: 1280px) 57rem, 100vw',
}

function photoName(photo: AtelierPhoto): string {
  return photo.nom?.trim() || "Photo de l'atelier"
}

/** The lightbox `<dialog>` of the photo at `index`. */
const lightboxId = (index: number) => `photo-atelier-${index + 1}`

/**
 * The /atelier masonry gallery (public spec §2): a grid of 1 to 4 columns by width whose tiles span
 * columns and rows by their taille ({@link TILE_SPAN}); hovering or focusing
 * a photo shows its name and description; clicking opens a large lightbox (a `<dialog>`, driven
 * by app/components/enhance/dialog.ts on the static page) with the image, name, description and
 * a close button; Escape or a click beside the photo closes it and focus returns to the photo.
 * Each tile is a link to the image file, so it still opens without JavaScript.
 */
export function AtelierGallery({ photos }: { photos: AtelierPhoto[] }) {
  return (
    <>
      <ul
        className="grid grid-flow-row-dense auto-rows-[15rem] grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
        data-testid="atelier-gallery"
      >
        {photos.map((item, index) => {
          const excerpt = plainText(item.description, 160)
          return (
            <li key={item.id} className={TILE_SPAN[item.taille]} data-taille={item.taille}>
              <a
                href={item.image.src}
                data-dialog-open={lightboxId(index)}
                aria-haspopup="dialog"
                className="group relative block h-full overflow-hidden rounded-lg bg-stone-100"
              >
                <ResponsiveImage
                  image={item.image}
                  alt={photoName(item)}
                  sizes={TILE_SIZES[item.taille]}
                  className="h-full w-full object-cover transition-transform duration-700 ease-out group-hover:scale-[1.03] group-focus-visible:scale-[1.03]"
                />
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
                  <RichText
                    id={`${id}-description`}
                    html={photo.description}
                    className="prose prose-invert prose-sm mx-auto mt-2 text-white/80"
                  />
                </figcaption>
              </figure>
            </div>
          </dialog>
        )
      })}
    </>
  )
}
