import { ArrowLeft, Clock, Eye } from 'lucide-react'
import { data, Link } from 'react-router'
import { ArticleNotFound } from '#app/components/blog/article-not-found'
import { ShareButton } from '#app/components/blog/share-button'
import { ResponsiveImage } from '#app/components/responsive-image'
import { RichText } from '#app/components/rich-text'
import { viewCountForRender } from '#app/http/page-cache.server'
import { formatDate } from '#app/lib/format'
import { pageMeta, rootMetaData } from '#app/lib/meta'
import { loadStaticDocument, STATIC_PAGE } from '#app/lib/static-page'
import { blogPostingNode, breadcrumbNode } from '#app/lib/structured-data'
import { useTimeZone } from '#app/lib/use-time-zone'
import { getPublishedArticle } from '#app/services/articles/get-published-article.server'
import { incrementArticleViews, isCountableView } from '#app/services/articles/increment-article-views.server'
import { getSocialImage } from '#app/services/social/get-social-image.server'
import type { Route } from './+types/blog-article'

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const article = loaderData?.article
  if (!article) {
    return pageMeta(
      matches,
      'Article non trouvé',
      "L'article que vous recherchez n'existe pas ou n'est plus disponible.",
    )
  }
  const root = rootMetaData(matches)
  const description = article.extrait ?? article.sous_titre ?? article.contenu
  const path = `/blog/${article.slug}`
  return pageMeta(matches, article.titre, description, {
    type: 'article',
    path,
    image: loaderData.social,
    jsonLd: [
      blogPostingNode(root, { ...article, description }, loaderData.social?.url),
      breadcrumbNode(root, [
        { name: 'Actualités', path: '/blog' },
        { name: article.titre, path },
      ]),
    ],
  })
}

/**
 * /blog/{slug} (public spec §2): a public article, its view count incremented once per
 * successful load on the server (not for HEAD, crawlers or prefetches; §4, §7). A missing, hidden,
 * draft or malformed slug answers 404 with the page's fallback; a load failure answers 503 with the
 * same fallback (§8 "Article").
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const result = await getPublishedArticle(params.slug)
  if (result.status !== 'found') {
    return data({ article: null, social: null }, { status: result.status === 'error' ? 503 : 404 })
  }
  const { article } = result
  if (isCountableView(request)) {
    const views = await incrementArticleViews(article.id)
    if (views !== null) article.nombre_vues = views
  }
  // A render kept by the page cache carries a placeholder each replay fills with its own count.
  article.nombre_vues = viewCountForRender(context.pageCapture, article.id, article.nombre_vues)
  return { article, social: await getSocialImage({ imageUrl: article.image?.src, title: article.titre }) }
}

/** Content and a share button: sent without React (app/lib/static-page.ts). */
export const handle = STATIC_PAGE
export const clientLoader = loadStaticDocument

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData
  const timeZone = useTimeZone()
  if (!article) return <ArticleNotFound />

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
          <ShareButton title={article.titre} text={article.extrait ?? article.sous_titre} />
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
