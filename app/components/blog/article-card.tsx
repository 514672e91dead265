import { ArrowRight, Clock } from 'lucide-react'
import { Link } from 'react-router'
import { ResponsiveImage } from '#app/components/responsive-image'
import type { ArticleCard as ArticleCardData } from '#app/lib/article-types'
import { formatDate } from '#app/lib/format'
import { useTimeZone } from '#app/lib/use-time-zone'
import { ArticleImagePlaceholder } from './article-image-placeholder'

type Props = {
  article: ArticleCardData
  /**
   * 'blog': first tag, date, title, excerpt and reading time, the title links to the article
   * (public spec §2 /blog). 'home': date, title, excerpt and a 'Lire la suite' link (§2 Home).
   */
  variant: 'blog' | 'home'
  /** The card title's heading level under the section heading. */
  headingLevel?: 'h2' | 'h3'
  /** The `sizes` attribute of the card image (rendered width per viewport). */
  imageSizes: string
}

/**
 * An article card. The whole card is clickable through one stretched link (one tab stop, one
 * accessible name per card); the image is decorative (the title follows it).
 */
export function ArticleCard({ article, variant, headingLevel = 'h3', imageSizes }: Props) {
  const timeZone = useTimeZone()
  const Heading = headingLevel
  const href = `/blog/${article.slug}`
  const firstTag = variant === 'blog' ? article.tags[0] : undefined
  const stretched =
    'after:absolute after:inset-0 after:content-[""] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-4 focus-visible:after:outline-[var(--button-color)] focus-visible:after:rounded-sm'

  return (
    <article className="group relative flex h-full flex-col">
      <div className="aspect-[4/3] overflow-hidden rounded-sm bg-paper">
        <ResponsiveImage
          image={article.image}
          alt=""
          sizes={imageSizes}
          className="h-full w-full object-cover transition-transform duration-700 ease-out group-hover:scale-[1.03]"
          fallback={<ArticleImagePlaceholder title={article.titre} />}
        />
      </div>
      <div className="mt-5 flex min-h-6 flex-wrap items-center gap-x-3 gap-y-1 text-xs tracking-[0.14em] text-gray-500 uppercase">
        {firstTag ? (
          <span className="rounded-full border border-gray-300 px-2.5 py-0.5 tracking-[0.1em] text-gray-700">
            {firstTag}
          </span>
        ) : null}
        {article.date_publication ? (
          <time dateTime={article.date_publication}>{formatDate(article.date_publication, timeZone)}</time>
        ) : null}
      </div>
      <Heading className="mt-3 font-title text-xl leading-snug text-balance text-gray-900 sm:text-[1.375rem]">
        {variant === 'blog' ? (
          <Link to={href} className={`decoration-1 underline-offset-4 group-hover:underline ${stretched}`}>
            {article.titre}
          </Link>
        ) : (
          article.titre
        )}
      </Heading>
      {article.extrait ? (
        <p className="mt-3 line-clamp-3 leading-relaxed text-gray-600">{article.extrait}</p>
      ) : null}
      <div className="mt-auto pt-5 text-sm">
        {variant === 'blog' ? (
          <p className="inline-flex items-center gap-1.5 text-gray-500">
            <Clock aria-hidden className="size-4" />
            {article.readingMinutes} min de lecture
          </p>
        ) : (
          <Link
            to={href}
            className={`inline-flex items-center gap-1.5 font-medium text-gray-900 underline decoration-gray-300 decoration-1 underline-offset-4 transition-colors group-hover:decoration-gray-900 ${stretched}`}
          >
            Lire la suite<span className="sr-only"> : {article.titre}</span>
            <ArrowRight aria-hidden className="size-4 transition-transform group-hover:translate-x-0.5" />
          </Link>
        )}
      </div>
    </article>
  )
}

/**
 * Article cards as a list (`ul`, one `li` per card), in the grid `className` draws: the home's
 * 'À la une' and 'Actualités' sections and /blog (public spec §2).
 *
 * @param articles - the cards, in order.
 * @param className - the list's grid classes.
 * @param card - each card's variant, heading level and image sizes (see {@link ArticleCard}).
 */
export function ArticleCardList({
  articles,
  className,
  ...card
}: Omit<Props, 'article'> & { articles: ReadonlyArray<ArticleCardData>; className: string }) {
  return (
    <ul className={className}>
      {articles.map((article) => (
        <li key={article.id}>
          <ArticleCard article={article} {...card} />
        </li>
      ))}
    </ul>
  )
}
