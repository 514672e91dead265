import { History, Loader2, RotateCcw } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import { ConfirmDialog } from '#app/components/admin/confirm-dialog'
import { RichText } from '#app/components/rich-text'
import { Button } from '#app/components/ui/button'
import {
  Dialog,
  DialogCloseButton,
  DialogContent,
  DialogTitle,
  DialogTrigger,
} from '#app/components/ui/dialog'
import type { AdminActionData } from '#app/lib/admin-result'
import { formatDateTime } from '#app/lib/format'
import type { ArticleRevision } from '#app/services/articles/list-article-revisions.server'

/**
 * The previous versions of the article being edited (issue #11 §3), newest first, read from
 * /admin/articles/{id}/versions when the form opens: each can be viewed (title, subtitle, excerpt,
 * content as the page shows it) and restored after a confirmation — a save, so the content it
 * replaces becomes a version in turn. `onRestored` runs after a restore succeeded (the form, which
 * holds the replaced content, closes).
 */
export function ArticleRevisions({
  articleId,
  timeZone,
  onRestored,
}: {
  articleId: string
  timeZone: string
  onRestored: () => void
}) {
  const list = useFetcher<{ revisions: ArticleRevision[]; loadError: string | null }>()
  const restore = useFetcher<AdminActionData>()
  const handled = useRef<AdminActionData | undefined>(undefined)
  const { load } = list

  useEffect(() => {
    void load(`/admin/articles/${articleId}/versions`)
  }, [load, articleId])

  useEffect(() => {
    const result = restore.data
    if (restore.state !== 'idle' || !result || result === handled.current) return
    handled.current = result
    if (result.ok) onRestored()
  }, [restore.data, restore.state, onRestored])

  const revisions = list.data?.revisions
  return (
    <section aria-labelledby="versions-article" className="mt-6 border-t border-gray-200 pt-4">
      <h3 id="versions-article" className="flex items-center gap-2 font-semibold text-gray-900">
        <History aria-hidden="true" className="size-4" />
        Versions précédentes
      </h3>
      {list.data?.loadError ? (
        <p className="mt-2 text-sm text-red-700">{list.data.loadError}</p>
      ) : !revisions ? (
        <p className="mt-2 inline-flex items-center gap-2 text-sm text-gray-600">
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          Chargement des versions…
        </p>
      ) : revisions.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">
          Aucune version précédente : chaque enregistrement garde la précédente (20 au plus).
        </p>
      ) : (
        <ul aria-label="Versions précédentes" className="mt-2 divide-y divide-gray-100">
          {revisions.map((revision) => {
            const savedAt = formatDateTime(revision.modifie_le, timeZone)
            return (
              <li key={revision.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 text-sm">
                  <span className="font-medium text-gray-900">Version du {savedAt}</span>
                  <span className="block truncate text-gray-600">{revision.titre}</span>
                </span>
                <span className="flex gap-2">
                  <Dialog>
                    <DialogTrigger asChild>
                      <Button variant="outline" aria-label={`Voir la version du ${savedAt}`}>
                        Voir
                      </Button>
                    </DialogTrigger>
                    <DialogContent size="lg" aria-describedby={undefined}>
                      <div className="flex items-start justify-between gap-4">
                        <DialogTitle>Version du {savedAt}</DialogTitle>
                        <DialogCloseButton />
                      </div>
                      <p className="mt-4 text-xl font-semibold text-gray-900">{revision.titre}</p>
                      {revision.sous_titre ? (
                        <p className="mt-1 text-gray-700">{revision.sous_titre}</p>
                      ) : null}
                      {revision.extrait ? (
                        <p className="mt-3 text-sm text-gray-600">{revision.extrait}</p>
                      ) : null}
                      <RichText html={revision.contenu} className="prose prose-gray mt-4 max-w-none" />
                    </DialogContent>
                  </Dialog>
                  <ConfirmDialog
                    trigger={
                      <Button
                        variant="outline"
                        disabled={restore.state !== 'idle'}
                        aria-label={`Restaurer la version du ${savedAt}`}
                      >
                        <RotateCcw aria-hidden="true" className="size-4" />
                        Restaurer
                      </Button>
                    }
                    title="Restaurer cette version"
                    description={`Le titre, le contenu, l'image et les étiquettes de la version du ${savedAt} remplaceront ceux de l'article. Le contenu actuel restera dans les versions précédentes.`}
                    confirmLabel="Restaurer"
                    onConfirm={() =>
                      restore.submit(
                        { intent: 'restore-revision', id: articleId, revision_id: revision.id },
                        { method: 'post', action: '/admin/articles' },
                      )
                    }
                  />
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
