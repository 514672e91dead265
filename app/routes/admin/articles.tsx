import { Plus } from 'lucide-react'
import { useCallback, useState } from 'react'
import { AdminListControls, AdminListPages } from '#app/components/admin/admin-list-controls'
import { AdminEmpty, AdminPage, adminMeta } from '#app/components/admin/admin-page'
import { ArticleCard } from '#app/components/admin/publishing/article-card'
import { ArticleForm } from '#app/components/admin/publishing/article-form'
import { Button } from '#app/components/ui/button'
import { getEnv } from '#app/env.server'
import { adminAction, adminLoader, defineIntent, loadScreen, rowIntents } from '#app/http/admin-action.server'
import { ARTICLE_FAILURE, articleSchemas, restoreRevisionSchema } from '#app/lib/admin/article-schema'
import { rowIdSchema } from '#app/lib/admin/form-fields'
import { DATED_LIST_SORTS, parseListParams } from '#app/lib/admin/list-params'
import { formatDateTime } from '#app/lib/format'
import { countLabel } from '#app/lib/pagination'
import { useTimeZone } from '#app/lib/use-time-zone'
import { createArticleShareLink } from '#app/services/articles/article-share-link.server'
import { ARTICLES_PAGE_SIZE, listAdminArticles } from '#app/services/articles/list-admin-articles.server'
import { articleRows, restoreArticleRevision } from '#app/services/articles/save-article.server'
import type { Route } from './+types/articles'

export const meta: Route.MetaFunction = () => adminMeta('Gestion des articles')

/**
 * /admin/articles?q=&tri=&page= (back-office spec §2 "Articles"; issue #35 §2): one page of 24
 * articles, newest change first or by title, matching the search on the title (accents ignored).
 * A malformed page shows page 1, a page past the end the last one.
 */
export const loader = adminLoader(({ request }: Route.LoaderArgs) => {
  const params = parseListParams(new URL(request.url).searchParams, DATED_LIST_SORTS)
  const list = { q: params.q, sort: params.sort }
  return loadScreen(
    'Impossible de charger les articles',
    async () => ({ ...list, ...(await listAdminArticles(params)) }),
    { ...list, articles: [], info: { page: 1, pageSize: ARTICLES_PAGE_SIZE, total: 0, pageCount: 1 } },
  )
})

/**
 * Intents: create, update, delete, set-visibility (back-office spec §4, §7 "articles", §8),
 * restore-revision (issue #11 §3: a previous version's content back, itself a save) and share
 * (issue #36 §2: a private link to the article, valid 7 days; its path in the answer's `url`).
 */
export const action = adminAction<Route.ActionArgs>({
  ...rowIntents(articleSchemas, ({ admin }) => articleRows(admin.id)),
  share: defineIntent({
    schema: rowIdSchema("Cet article n'existe plus."),
    run: ({ id }) => createArticleShareLink(id),
    success: ({ path, expiresAt }) => ({
      title: 'Succès',
      description: `Lien de partage créé, valable jusqu'au ${formatDateTime(expiresAt, getEnv().SITE_TIMEZONE)}`,
      url: path,
    }),
    failure: 'Impossible de créer le lien de partage',
  }),
  'restore-revision': defineIntent({
    schema: restoreRevisionSchema,
    run: ({ id, revision_id }, { admin }) => restoreArticleRevision(id, revision_id, admin.id),
    success: { title: 'Succès', description: 'Version restaurée' },
    failure: ARTICLE_FAILURE,
  }),
})

export default function AdminArticles({ loaderData }: Route.ComponentProps) {
  const timeZone = useTimeZone()
  // 'new' = creation form open; an id = that article in edit mode; null = no form.
  const [editing, setEditing] = useState<string | null>(null)
  const close = useCallback(() => setEditing(null), [])
  const current = editing && editing !== 'new' ? loaderData.articles.find((a) => a.id === editing) : undefined

  return (
    <AdminPage
      title="Gestion des articles"
      description="Rédigez, publiez et mettez en avant les articles du blog."
      actions={
        <Button onClick={() => setEditing('new')} disabled={editing !== null}>
          <Plus aria-hidden="true" className="size-4" />
          Nouvel article
        </Button>
      }
    >
      {editing === 'new' ? <ArticleForm key="new" timeZone={timeZone} onDone={close} /> : null}
      {current ? <ArticleForm key={current.id} article={current} timeZone={timeZone} onDone={close} /> : null}
      <AdminListControls
        q={loaderData.q}
        sort={loaderData.sort}
        sorts={DATED_LIST_SORTS}
        searchLabel="Rechercher un article"
        placeholder="Titre de l’article…"
        count={countLabel(loaderData.info.total, 'article', 'articles')}
      />
      {loaderData.loadError ? (
        <AdminEmpty>{loaderData.loadError}</AdminEmpty>
      ) : loaderData.articles.length === 0 ? (
        <AdminEmpty>Aucun article</AdminEmpty>
      ) : (
        <ul aria-label="Articles" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.articles.map((article) => (
            <ArticleCard
              key={article.id}
              article={article}
              timeZone={timeZone}
              disabled={editing !== null}
              onEdit={() => {
                setEditing(article.id)
                window.scrollTo({ top: 0, behavior: 'smooth' })
              }}
            />
          ))}
        </ul>
      )}
      <AdminListPages info={loaderData.info} />
    </AdminPage>
  )
}
