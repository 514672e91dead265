import { data } from 'react-router'
import { ArticleNotFound } from '#app/components/blog/article-not-found'
import { ArticleView } from '#app/components/blog/article-view'
import { PreviewBanner } from '#app/components/blog/preview-banner'
import { articleFormSchema } from '#app/lib/admin/article-schema'
import { parseForm } from '#app/lib/admin/form-fields'
import type { ArticlePreviewState } from '#app/lib/article-types'
import { readForm } from '#app/lib/form-data'
import { formatDateTime } from '#app/lib/format'
import { privatePageMeta } from '#app/lib/meta'
import { loadStaticDocument, STATIC_PAGE } from '#app/lib/static-page'
import { UseCaseError } from '#app/lib/use-case-error'
import { useTimeZone } from '#app/lib/use-time-zone'
import { getArticlePreview } from '#app/services/articles/get-published-article.server'
import { previewArticleDraft } from '#app/services/articles/preview-article-draft.server'
import { requireAdmin } from '#app/services/auth/require-user.server'
import type { Route } from './+types/blog-article-preview'

/**
 * Titled as a preview, never indexed (issue #11 §3); the preview of an article not created yet
 * (issue #36 §2) is titled as such (a page's meta never sees what its action answered).
 */
export const meta: Route.MetaFunction = ({ loaderData, params, matches }) =>
  privatePageMeta(
    matches,
    `Aperçu : ${loaderData?.article?.titre ?? (params.articleId === 'nouveau' ? 'nouvel article' : 'article non trouvé')}`,
  )

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

/**
 * POST /blog/apercu/{articleId or 'nouveau'} (issue #36 §2): the article as the editor holds it
 * now, unsaved — the editor posts its current fields here, in a new tab. Administrators only (the
 * same guard); nothing is written. Fields the form's schema refuses, or a content without text,
 * answer 400 with the reason in the banner.
 */
export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request)
  const parsed = parseForm(await readForm(request), articleFormSchema)
  const refused = (problem: string) =>
    data({ article: null, state: null, isDraft: true, problem }, { status: 400, headers: PRIVATE_HEADERS })
  if (!parsed.ok) return refused(Object.values(parsed.fieldErrors)[0]?.[0] ?? 'Formulaire invalide')
  try {
    const preview = await previewArticleDraft(params.articleId, parsed.value)
    return data({ ...preview, isDraft: true, problem: null }, { status: 200, headers: PRIVATE_HEADERS })
  } catch (error) {
    if (error instanceof UseCaseError) return refused(error.message)
    throw error
  }
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

export default function BlogArticlePreview({ loaderData, actionData }: Route.ComponentProps) {
  const { article, state } = actionData ?? loaderData
  const timeZone = useTimeZone()
  if (actionData?.problem)
    return (
      <PreviewBanner title="Aperçu">
        <span>Aperçu impossible : {actionData.problem}</span>
      </PreviewBanner>
    )
  if (!article || !state) return <ArticleNotFound />
  return (
    <>
      <PreviewBanner title="Aperçu">
        {actionData ? <span>Modifications non enregistrées.</span> : null}
        <span>{stateText(state, article.date_publication, timeZone)}</span>
        <a href="/admin/articles" className="font-medium underline underline-offset-4">
          Retour aux articles
        </a>
      </PreviewBanner>
      <ArticleView article={article} timeZone={timeZone} />
    </>
  )
}
