import { splitTags } from '#app/lib/artwork-display'
import type { ArtworkSummary } from '#app/services/catalogue/types'
import { PaperCard } from './paper-card'

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
    <PaperCard
      frame={{ aspect: 'aspect-[4/5]', padding: 'p-6', smPadding: 'sm:p-8' }}
      image={artwork.image}
      sizes="(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 45vw, 100vw"
      fit="object-contain drop-shadow-[0_2px_6px_rgb(28_25_23/0.12)]"
      priority={priority}
      href={`/portfolio/oeuvre/${artwork.id}`}
      name={artwork.nom}
      bodyClassName="pt-4"
      headingClassName="text-lg leading-snug font-normal tracking-tight text-stone-900"
    >
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
    </PaperCard>
  )
}
