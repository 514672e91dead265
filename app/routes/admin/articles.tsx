import { Plus } from 'lucide-react'
import { useCallback, useState } from 'react'
import { AdminEmpty, AdminPage, adminMeta } from '#app/components/admin/admin-page'
import { ArticleCard } from '#app/components/admin/publishing/article-card'
import { ArticleForm } from '#app/components/admin/publishing/article-form'
import {
  type AdminIntentArgs,
  adminAction,
  adminFailure,
  adminLoader,
  adminSuccess,
  zodFieldErrors,
} from '#app/http/admin-action.server'
import { parseArticleForm } from '#app/lib/admin/article-schema'
import { isUuid } from '#app/lib/ids'
import { useTimeZone } from '#app/lib/use-time-zone'
import { logger } from '#app/logger.server'
import { listAdminArticles } from '#app/services/articles/list-admin-articles.server'
import {
  createArticle,
  deleteArticle,
  type SaveArticleResult,
  setArticleVisibility,
  updateArticle,
} from '#app/services/articles/save-article.server'
import type { Route } from './+types/articles'

export const meta: Route.MetaFunction = () => adminMeta('Gestion des articles')

/** /admin/articles (back-office spec §2 "Articles"): every article, newest change first. */
export const loader = adminLoader(async (_args: Route.LoaderArgs) => {
  try {
    return { articles: await listAdminArticles(), failed: false }
  } catch (error) {
    logger.error({ err: error }, 'Impossible de charger les articles')
    return { articles: [], failed: true }
  }
})

type Args = AdminIntentArgs<Route.ActionArgs>

/** A use case's answer as the screen's toast (back-office spec §8: 'Article créé' …). */
function answer(intent: string, result: SaveArticleResult, success: string) {
  if (result.ok) return adminSuccess(intent, 'Succès', success, { id: result.id })
  return adminFailure(intent, result.message, { fieldErrors: result.fieldErrors, status: result.status })
}

/** Logs an unexpected failure and answers the spec's generic error (back-office spec §8). */
function unexpected(intent: string, error: unknown) {
  logger.error({ err: error, intent }, "Erreur lors de l'enregistrement de l'article")
  return adminFailure(intent, 'Une erreur est survenue', { status: 500 })
}

async function create({ form, admin }: Args) {
  const parsed = parseArticleForm(form)
  if (!parsed.success) {
    const fieldErrors = zodFieldErrors(parsed.error)
    return adminFailure('create', parsed.error.issues[0]?.message ?? 'Formulaire invalide', { fieldErrors })
  }
  try {
    return answer('create', await createArticle(parsed.data, admin.id), 'Article créé')
  } catch (error) {
    return unexpected('create', error)
  }
}

async function update({ form }: Args) {
  const id = String(form.get('id') ?? '')
  if (!isUuid(id)) return adminFailure('update', "Cet article n'existe plus.", { status: 404 })
  const parsed = parseArticleForm(form)
  if (!parsed.success) {
    const fieldErrors = zodFieldErrors(parsed.error)
    return adminFailure('update', parsed.error.issues[0]?.message ?? 'Formulaire invalide', { fieldErrors })
  }
  try {
    return answer('update', await updateArticle(id, parsed.data), 'Article modifié')
  } catch (error) {
    return unexpected('update', error)
  }
}

async function remove({ form }: Args) {
  const id = String(form.get('id') ?? '')
  if (!isUuid(id)) return adminFailure('delete', "Cet article n'existe plus.", { status: 404 })
  try {
    if (!(await deleteArticle(id)))
      return adminFailure('delete', "Cet article n'existe plus.", { status: 404 })
    return adminSuccess('delete', 'Succès', 'Article supprimé', { id })
  } catch (error) {
    return unexpected('delete', error)
  }
}

async function toggleVisibility({ form }: Args) {
  const id = String(form.get('id') ?? '')
  const value = String(form.get('affiche') ?? '')
  if (!isUuid(id)) return adminFailure('set-visibility', "Cet article n'existe plus.", { status: 404 })
  if (value !== 'true' && value !== 'false') return adminFailure('set-visibility', 'Une erreur est survenue')
  const affiche = value === 'true'
  try {
    if (!(await setArticleVisibility(id, affiche))) {
      return adminFailure('set-visibility', "Cet article n'existe plus.", { status: 404 })
    }
    return adminSuccess('set-visibility', 'Succès', affiche ? 'Article affiché' : 'Article masqué', { id })
  } catch (error) {
    return unexpected('set-visibility', error)
  }
}

export const action = adminAction<Route.ActionArgs>({
  create,
  update,
  delete: remove,
  'set-visibility': toggleVisibility,
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
        <button type="button" className="btn" onClick={() => setEditing('new')} disabled={editing !== null}>
          <Plus aria-hidden="true" className="size-4" />
          Nouvel article
        </button>
      }
    >
      {editing === 'new' ? <ArticleForm key="new" timeZone={timeZone} onDone={close} /> : null}
      {current ? <ArticleForm key={current.id} article={current} timeZone={timeZone} onDone={close} /> : null}
      {loaderData.failed ? (
        <AdminEmpty>Impossible de charger les articles</AdminEmpty>
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
    </AdminPage>
  )
}
