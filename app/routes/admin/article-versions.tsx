import { adminLoader, loadScreen } from '#app/http/admin-action.server'
import { listArticleRevisions } from '#app/services/articles/list-article-revisions.server'
import type { Route } from './+types/article-versions'

/**
 * /admin/articles/{articleId}/versions (issue #11 §3, issue #36 §2), read by the article form: the
 * article's current content and its previous versions, newest first, each with who saved it and
 * what that save changed (`{ current, revisions, loadError }`; an unknown or malformed id has
 * none). Administrators only, like every /admin loader.
 */
export const loader = adminLoader(({ params }: Route.LoaderArgs) =>
  loadScreen('Impossible de charger les versions', () => listArticleRevisions(params.articleId), {
    current: null,
    revisions: [],
  }),
)
