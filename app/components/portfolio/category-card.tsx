import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { ResponsiveImage } from '#app/components/responsive-image'
import { RichText } from '#app/components/rich-text'
import type { PublicCategory } from '#app/services/catalogue/types'
import { ImagePlaceholder } from './image-placeholder'

/**
 * One category of the /portfolio grid (public spec §2): its image framed on paper (or
 * 'Aucune image'), name and rich description; the whole card links to /portfolio/categorie/{id}.
 */
export function CategoryCard({ category }: { category: PublicCategory }) {
  return (
    <li className="group relative flex flex-col">
      <div className="aspect-[4/3] overflow-hidden border border-stone-200/80 bg-paper p-3 shadow-[0_1px_2px_rgb(28_25_23/0.04)] transition-shadow duration-300 group-hover:shadow-[0_12px_32px_-12px_rgb(28_25_23/0.25)] sm:p-4">
        <ResponsiveImage
          image={category.image}
          alt=""
          sizes="(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw"
          className="h-full w-full object-cover transition-transform duration-700 ease-out group-hover:scale-[1.02]"
          fallback={<ImagePlaceholder />}
        />
      </div>
      <div className="flex flex-1 flex-col pt-5">
        <h2 className="text-xl leading-snug font-normal tracking-tight text-stone-900 sm:text-2xl">
          <Link
            to={`/portfolio/categorie/${category.id}`}
            prefetch="intent"
            className="after:absolute after:inset-0 focus-visible:outline-none after:focus-visible:outline-2 after:focus-visible:outline-offset-4 after:focus-visible:outline-[var(--button-color,#0ea5e9)]"
          >
            {category.nom}
          </Link>
        </h2>
        <RichText
          html={category.description}
          className="prose prose-stone prose-sm mt-2 line-clamp-3 max-w-none text-stone-600"
        />
        <span
          aria-hidden
          className="mt-4 inline-flex items-center gap-2 text-xs uppercase tracking-[0.2em] text-stone-500 transition-colors group-hover:text-stone-900"
        >
          Découvrir
          <ArrowRight className="size-3.5 transition-transform duration-300 group-hover:translate-x-1" />
        </span>
      </div>
    </li>
  )
}
