import { ArrowLeft, Clock, Eye } from 'lucide-react'
import { Link } from 'react-router'
import { ShareButton } from '#app/components/blog/share-button'
import { ResponsiveImage } from '#app/components/responsive-image'
import { RichText } from '#app/components/rich-text'
import type { ArticleDetail } from '#app/lib/article-types'
import { formatDate } from '#app/lib/format'

/**
 * An article as its page shows it (public spec §2 /blog/{slug}): tags, title, subtitle, date,
 * views, reading time, share button, image, content and the link back to the blog. Markup only
 * (a static page, decision 010); used by the article page and its preview (issue #11 §3).
 *
 * @param article - the article read by the page's loader.
 * @param timeZone - the site's time zone, for the date.
 */
export function ArticleView({ article, timeZone }: { article: ArticleDetail; timeZone: string }) {
  return (
    <article className="mx-auto max-w-3xl px-4 pt-12 pb-20 sm:px-6 sm:pt-16">
      <header>
        {article.tags.length > 0 ? (
          <ul aria-label="Étiquettes" className="flex flex-wrap gap-2">
            {article.tags.map((tag) => (
              <li
                key={tag}
                className="rounded-full border border-gray-300 px-3 py-0.5 text-xs tracking-[0.12em] text-gray-700 uppercase"
              >
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        <h1 className="mt-6 font-title text-4xl leading-tight text-balance text-gray-900 sm:text-5xl">
          {article.titre}
        </h1>
        {article.sous_titre ? (
          <p className="mt-4 font-title text-xl leading-relaxed text-pretty text-gray-600 italic sm:text-2xl">
            {article.sous_titre}
          </p>
        ) : null}
        <div className="mt-8 flex flex-col gap-5 border-y border-gray-200 py-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-500">
            {article.date_publication ? (
              <time dateTime={article.date_publication}>
                {formatDate(article.date_publication, timeZone, 'long')}
              </time>
            ) : null}
            <span className="inline-flex items-center gap-1.5">
              <Eye aria-hidden className="size-4" />
              {article.nombre_vues} vues
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Clock aria-hidden className="size-4" />
              {article.readingMinutes} min de lecture
            </span>
          </p>
          <ShareButton
            title={article.titre}
            text={article.extrait ?? article.sous_titre}
            path={`/blog/${article.slug}`}
          />
        </div>
      </header>
      {article.image ? (
        <figure className="mt-10 -mx-4 overflow-hidden sm:mx-0 sm:rounded-sm">
          <ResponsiveImage
            image={article.image}
            alt=""
            sizes="(min-width: 768px) 720px, 100vw"
            priority
            className="h-auto w-full object-cover"
          />
        </figure>
      ) : null}
      <RichText
        html={article.contenu}
        className="prose prose-gray mt-10 sm:prose-lg max-w-none prose-headings:font-display prose-headings:font-normal prose-blockquote:border-l-[var(--button-color)] prose-blockquote:font-display prose-blockquote:text-2xl prose-blockquote:leading-snug prose-blockquote:font-normal prose-blockquote:text-gray-800 prose-img:rounded-sm"
      />
      <footer className="mt-16 border-t border-gray-200 pt-8">
        <Link
          to="/blog"
          className="inline-flex items-center gap-2 font-medium text-gray-900 underline decoration-gray-300 underline-offset-4 hover:decoration-gray-900"
        >
          <ArrowLeft aria-hidden className="size-4" />
          Voir tous les articles
        </Link>
      </footer>
    </article>
  )
}
