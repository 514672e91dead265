import { Eye } from 'lucide-react'
import { data } from 'react-router'
import { ArticleNotFound } from '#app/components/blog/article-not-found'
import { ArticleView } from '#app/components/blog/article-view'
import type { ArticlePreviewState } from '#app/lib/article-types'
import { formatDateTime } from '#app/lib/format'
import { privatePageMeta } from '#app/lib/meta'
import { loadStaticDocument, STATIC_PAGE } from '#app/lib/static-page'
import { useTimeZone } from '#app/lib/use-time-zone'
import { getArticlePreview } from '#app/services/articles/get-published-article.server'
import { requireAdmin } from '#app/services/auth/require-user.server'
import type { Route } from './+types/blog-article-preview'

/** Titled as a preview, never indexed (issue #11 §3). */
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  privatePageMeta(matches, `Aperçu : ${loaderData?.article?.titre ?? 'article non trouvé'}`)

/** Sent as HTML and CSS without React, like the article page it mirrors (decision 010). */
export const handle = STATIC_PAGE
export const clientLoader = loadStaticDocument

/** A draft is nobody's business but the artist's: never kept by any cache, never indexed. */
const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' }

export function headers() {
  return PRIVATE_HEADERS
}

/**
 * /blog/apercu/{articleId} (issue #11 §3): any article — draft, archived, hidden, scheduled or
 * public — as a visitor will see it, for administrators only (visitors are sent to /auth,
 * signed-in non-admins to /, by the same guard as /admin). No view is counted. An unknown or
 * malformed id answers 404 with the article page's fallback; a load failure 503.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const result = await getArticlePreview(params.articleId)
  if (result.status !== 'found') {
    return data(
      { article: null, state: null },
      { status: result.status === 'error' ? 503 : 404, headers: PRIVATE_HEADERS },
    )
  }
  return data({ article: result.article, state: result.state }, { headers: PRIVATE_HEADERS })
}

/** What the preview's banner says of where the article stands. */
function stateText(state: ArticlePreviewState, datePublication: string | null, timeZone: string): string {
  switch (state) {
    case 'brouillon':
      return 'Brouillon : cet article n’est pas visible sur le site.'
    case 'archive':
      return 'Archivé : cet article n’est pas visible sur le site.'
    case 'masque':
      return 'Masqué : cet article n’est pas visible sur le site.'
    case 'programme':
      return `Programmé pour le ${formatDateTime(datePublication ?? '', timeZone)} : il sera visible à ce moment-là.`
    case 'publie':
      return 'Publié : cet article est visible sur le site.'
  }
}

export default function BlogArticlePreview({ loaderData }: Route.ComponentProps) {
  const { article, state } = loaderData
  const timeZone = useTimeZone()
  if (!article || !state) return <ArticleNotFound />
  return (
    <>
      <div
        role="note"
        aria-label="Aperçu"
        className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
      >
        <p className="mx-auto flex max-w-3xl flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="inline-flex items-center gap-1.5 font-semibold">
            <Eye aria-hidden className="size-4" />
            Aperçu
          </span>
          <span>{stateText(state, article.date_publication, timeZone)}</span>
          <a href="/admin/articles" className="font-medium underline underline-offset-4">
            Retour aux articles
          </a>
        </p>
      </div>
      <ArticleView article={article} timeZone={timeZone} />
    </>
  )
}
