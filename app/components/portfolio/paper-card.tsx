import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ResponsiveImage } from '#app/components/responsive-image'
import type { ImageData } from '#app/lib/images'
import { ImagePlaceholder } from './image-placeholder'

/**
 * A card of the portfolio grids (public spec §2 /portfolio and /portfolio/categorie): its image
 * mounted on paper (or 'Aucune image'), then its name as a link stretched over the whole card, then
 * `children`. Markup only (the portfolio pages are static).
 *
 * @param frame - the mount's aspect ratio and padding, e.g. `{ aspect: 'aspect-[4/5]', padding: 'p-6', smPadding: 'sm:p-8' }`.
 * @param image - the picture, or null for the placeholder.
 * @param sizes - the image's `sizes` attribute (rendered width per viewport).
 * @param fit - how the image fills the mount, e.g. 'object-cover'.
 * @param priority - the grid's first image: fetched at once, at high priority.
 * @param href - the page the card opens.
 * @param name - the card's title.
 * @param bodyClassName - classes of the block under the mount.
 * @param headingClassName - classes of the title.
 */
export function PaperCard({
  frame,
  image,
  sizes,
  fit,
  priority,
  href,
  name,
  bodyClassName,
  headingClassName,
  children,
}: {
  frame: { aspect: string; padding: string; smPadding: string }
  image: ImageData | null
  sizes: string
  fit: string
  priority?: boolean
  href: string
  name: string
  bodyClassName: string
  headingClassName: string
  children: ReactNode
}) {
  return (
    <li className="group relative flex flex-col">
      <div
        className={`${frame.aspect} overflow-hidden border border-stone-200/80 bg-paper ${frame.padding} shadow-[0_1px_2px_rgb(28_25_23/0.04)] transition-shadow duration-300 group-hover:shadow-[0_12px_32px_-12px_rgb(28_25_23/0.25)] ${frame.smPadding}`}
      >
        <ResponsiveImage
          image={image}
          alt=""
          sizes={sizes}
          priority={priority}
          className={`h-full w-full ${fit} transition-transform duration-700 ease-out group-hover:scale-[1.02]`}
          fallback={<ImagePlaceholder />}
        />
      </div>
      <div className={bodyClassName}>
        <h2 className={headingClassName}>
          <Link
            to={href}
            prefetch="intent"
            className="after:absolute after:inset-0 focus-visible:outline-none after:focus-visible:outline-2 after:focus-visible:outline-offset-4 after:focus-visible:outline-[var(--button-color,#0ea5e9)]"
          >
            {name}
          </Link>
        </h2>
        {children}
      </div>
    </li>
  )
}
