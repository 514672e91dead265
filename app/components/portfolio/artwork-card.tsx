import { Link } from 'react-router'
import { ResponsiveImage } from '#app/components/responsive-image'
import { splitTags } from '#app/lib/artwork-display'
import type { ArtworkSummary } from '#app/services/catalogue/types'
import { ImagePlaceholder } from './image-placeholder'

/**
 * One artwork of a category's grid (public spec §2 /portfolio/categorie): its first image shown
 * whole on a paper mount, name, technique, dimensions, year, and the first 2 tags then '+N'.
 * The whole card links to /portfolio/oeuvre/{id}.
 *
 * @param priority - the first card of the grid: its image is the page's largest paint, fetched at
 *   once (not lazily) at high priority.
 */
export function ArtworkCard({ artwork, priority = false }: { artwork: ArtworkSummary; priority?: boolean }) {
  const { shown, hiddenCount } = splitTags(artwork.tags)
  const measures = [artwork.dimensions, artwork.annee?.toString()].filter(Boolean).join(' · ')
  return (
    <li className="group relative flex flex-col">
      <div className="aspect-[4/5] overflow-hidden border border-stone-200/80 bg-paper p-6 shadow-[0_1px_2px_rgb(28_25_23/0.04)] transition-shadow duration-300 group-hover:shadow-[0_12px_32px_-12px_rgb(28_25_23/0.25)] sm:p-8">
        <ResponsiveImage
          image={artwork.image}
          alt=""
          sizes="(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 45vw, 100vw"
          priority={priority}
          className="h-full w-full object-contain drop-shadow-[0_2px_6px_rgb(28_25_23/0.12)] transition-transform duration-700 ease-out group-hover:scale-[1.02]"
          fallback={<ImagePlaceholder />}
        />
      </div>
      <div className="pt-4">
        <h2 className="text-lg leading-snug font-normal tracking-tight text-stone-900">
          <Link
            to={`/portfolio/oeuvre/${artwork.id}`}
            prefetch="intent"
            className="after:absolute after:inset-0 focus-visible:outline-none after:focus-visible:outline-2 after:focus-visible:outline-offset-4 after:focus-visible:outline-[var(--button-color,#0ea5e9)]"
          >
            {artwork.nom}
          </Link>
        </h2>
        {artwork.technique ? <p className="mt-1 text-sm text-stone-600">{artwork.technique}</p> : null}
        {measures ? <p className="mt-0.5 text-sm text-stone-500">{measures}</p> : null}
        {shown.length > 0 ? (
          <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Mots-clés">
            {shown.map((tag) => (
              <li
                key={tag}
                className="rounded-full border border-stone-300 px-2.5 py-0.5 text-xs text-stone-600"
              >
                {tag}
              </li>
            ))}
            {hiddenCount > 0 ? (
              <li className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs text-stone-600">
                <span aria-hidden>{`+${hiddenCount}`}</span>
                <span className="sr-only">
                  {`et ${hiddenCount} ${hiddenCount > 1 ? 'autres mots-clés' : 'autre mot-clé'}`}
                </span>
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>
    </li>
  )
}
