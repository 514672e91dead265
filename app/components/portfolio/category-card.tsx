import { ArrowRight } from 'lucide-react'
import { RichText } from '#app/components/rich-text'
import type { PublicCategory } from '#app/services/catalogue/types'
import { PaperCard } from './paper-card'

/**
 * One category of the /portfolio grid (public spec §2): its image framed on paper (or
 * 'Aucune image'), name and rich description; the whole card links to /portfolio/categorie/{id}.
 */
export function CategoryCard({ category }: { category: PublicCategory }) {
  return (
    <PaperCard
      frame={{ aspect: 'aspect-[4/3]', padding: 'p-3', smPadding: 'sm:p-4' }}
      image={category.image}
      sizes="(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw"
      fit="object-cover"
      href={`/portfolio/categorie/${category.id}`}
      name={category.nom}
      bodyClassName="flex flex-1 flex-col pt-5"
      headingClassName="text-xl leading-snug font-normal tracking-tight text-stone-900 sm:text-2xl"
    >
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
    </PaperCard>
  )
}
