import { data } from 'react-router'
import { ArticleNotFound } from '#app/components/blog/article-not-found'
import { ArticleView } from '#app/components/blog/article-view'
import { PreviewBanner } from '#app/components/blog/preview-banner'
import { formatDateTime } from '#app/lib/format'
import { privatePageMeta } from '#app/lib/meta'
import { loadStaticDocument, STATIC_PAGE } from '#app/lib/static-page'
import { useTimeZone } from '#app/lib/use-time-zone'
import { getSharedArticle } from '#app/services/articles/article-share-link.server'
import type { Route } from './+types/blog-article-shared'

/** Never indexed, like the preview it mirrors (issue #36 §2). */
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  privatePageMeta(matches, loaderData?.article?.titre ?? 'Article non trouvé')

/** Sent as HTML and CSS without React, like the article page (decision 010). */
export const handle = STATIC_PAGE
export const clientLoader = loadStaticDocument

/** A shared draft is for whoever holds the link: never kept by a cache, never indexed. */
const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' }

export function headers() {
  return PRIVATE_HEADERS
}

/**
 * /blog/partage/{token} (issue #36 §2): an article — a draft most often — for whoever holds the
 * private link the artist made in the editor, without an account, until the link expires (7 days).
 * A malformed, forged or expired link, or one whose article was deleted, answers 404 with the
 * article page's fallback; a load failure 503. No view is counted.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const result = await getSharedArticle(params.token)
  if (result.status !== 'found') {
    return data(
      { article: null, expiresAt: null, isPublic: false },
      { status: result.status === 'error' ? 503 : 404, headers: PRIVATE_HEADERS },
    )
  }
  return data(
    { article: result.article, expiresAt: result.expiresAt, isPublic: result.state === 'publie' },
    { headers: PRIVATE_HEADERS },
  )
}

export default function BlogArticleShared({ loaderData }: Route.ComponentProps) {
  const { article, expiresAt, isPublic } = loaderData
  const timeZone = useTimeZone()
  if (!article || !expiresAt) return <ArticleNotFound />
  return (
    <>
      <PreviewBanner title="Lien privé">
        <span>
          {isPublic
            ? 'Cet article est publié.'
            : 'Cet article n’est pas encore publié : merci de ne pas diffuser ce lien.'}
        </span>
        <span>Lien valable jusqu’au {formatDateTime(expiresAt, timeZone)}.</span>
      </PreviewBanner>
      <ArticleView article={article} timeZone={timeZone} />
    </>
  )
}
