import { data } from 'react-router'
import { ArticleNotFound } from '#app/components/blog/article-not-found'
import { ArticleView } from '#app/components/blog/article-view'
import { viewCountForRender } from '#app/http/page-cache.server'
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
  return <ArticleView article={article} timeZone={timeZone} />
}
