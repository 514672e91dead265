import { GitCompare, History, Loader2, RotateCcw } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import { ConfirmDialog } from '#app/components/admin/confirm-dialog'
import { Button } from '#app/components/ui/button'
import {
  Dialog,
  DialogCloseButton,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '#app/components/ui/dialog'
import type { AdminActionData } from '#app/lib/admin-result'
import { ARTICLE_CONTENT_LABELS, changeText, type FieldChange, readableText } from '#app/lib/article-diff'
import { formatDateTime } from '#app/lib/format'
import type {
  ArticleCurrentVersion,
  ArticleRevision,
} from '#app/services/articles/list-article-revisions.server'
import { TextDiff } from './text-diff'

/** Who saved a version and what that save changed, in one line. */
function VersionSummary({ auteur, changes }: { auteur: string | null; changes: FieldChange[] | null }) {
  return (
    <span className="block text-gray-600">
      {auteur ? `Par ${auteur}` : 'Auteur inconnu'}
      {changes === null
        ? ' · plus ancienne version conservée'
        : changes.length === 0
          ? ' · publication seulement'
          : ` · ${changes.map(changeText).join(', ')}`}
    </span>
  )
}

/** The text fields a comparison shows, in the form's order. */
const COMPARED_FIELDS = ['titre', 'sous_titre', 'extrait', 'contenu'] as const

/**
 * The comparison of a previous version with the current one (issue #36 §2): each text field that
 * differs, word by word (removed words struck through in red, added ones underlined in green, with
 * their meaning for screen readers), and the other fields that differ by name.
 */
function RevisionComparison({
  revision,
  current,
}: {
  revision: ArticleRevision
  current: ArticleCurrentVersion
}) {
  const differing = COMPARED_FIELDS.filter(
    (field) => readableText(revision[field]) !== readableText(current[field]),
  )
  const others = (['image_url', 'tags', 'type'] as const).filter(
    (field) => JSON.stringify(revision[field] ?? null) !== JSON.stringify(current[field] ?? null),
  )
  if (differing.length === 0 && others.length === 0)
    return <p className="mt-4 text-sm text-gray-700">Cette version est identique à la version actuelle.</p>
  return (
    <div className="mt-4 space-y-4">
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-700" aria-hidden="true">
        <span>
          <del className="rounded-sm bg-red-50 px-0.5 text-red-800">barré</del> : retiré depuis
        </span>
        <span>
          <ins className="rounded-sm bg-green-50 px-0.5 text-green-800">souligné</ins> : ajouté depuis
        </span>
      </p>
      {differing.map((field) => (
        <section key={field} aria-label={ARTICLE_CONTENT_LABELS[field]}>
          <h3 className="text-sm font-semibold text-gray-900">{ARTICLE_CONTENT_LABELS[field]}</h3>
          <TextDiff before={readableText(revision[field])} after={readableText(current[field])} />
        </section>
      ))}
      {others.length > 0 ? (
        <p className="text-sm text-gray-700">
          Diffèrent aussi : {others.map((field) => ARTICLE_CONTENT_LABELS[field]).join(', ')}.
        </p>
      ) : null}
    </div>
  )
}

/**
 * The versions of the article being edited (issue #11 §3, issue #36 §2), read from
 * /admin/articles/{id}/versions when the form opens: the current one, then the previous ones newest
 * first, each saying when, by whom and what its save changed (fields, words added and removed).
 * Each previous version can be compared word by word with the current one and restored after a
 * confirmation — a save, so the content it replaces becomes a version in turn. `onRestored` runs
 * after a restore succeeded (the form, which holds the replaced content, closes).
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
  const list = useFetcher<{
    current: ArticleCurrentVersion | null
    revisions: ArticleRevision[]
    loadError: string | null
  }>()
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

  const current = list.data?.current
  const revisions = list.data?.revisions
  return (
    <section aria-labelledby="versions-article" className="mt-6 border-t border-gray-200 pt-4">
      <h3 id="versions-article" className="flex items-center gap-2 font-semibold text-gray-900">
        <History aria-hidden="true" className="size-4" />
        Versions
      </h3>
      {current ? (
        <p className="mt-2 text-sm" data-testid="version-actuelle">
          <span className="font-medium text-gray-900">
            Version actuelle, enregistrée le {formatDateTime(current.modifie_le, timeZone)}
          </span>
          <VersionSummary auteur={current.auteur} changes={current.changes} />
        </p>
      ) : null}
      {list.data?.loadError ? (
        <p className="mt-2 text-sm text-red-700">{list.data.loadError}</p>
      ) : !revisions ? (
        <p className="mt-2 inline-flex items-center gap-2 text-sm text-gray-600">
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          Chargement des versions…
        </p>
      ) : revisions.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">
          Aucune version précédente : chaque enregistrement qui change le contenu garde la précédente (20 au
          plus).
        </p>
      ) : (
        <ul aria-label="Versions précédentes" className="mt-2 divide-y divide-gray-100">
          {revisions.map((revision) => {
            const savedAt = formatDateTime(revision.modifie_le, timeZone)
            return (
              <li key={revision.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 flex-1 basis-60 text-sm">
                  <span className="font-medium text-gray-900">Version du {savedAt}</span>
                  <span className="block break-words text-gray-700">« {revision.titre} »</span>
                  <VersionSummary auteur={revision.auteur} changes={revision.changes} />
                </span>
                <span className="flex flex-wrap gap-2">
                  {current ? (
                    <Dialog>
                      <DialogTrigger asChild>
                        <Button
                          variant="outline"
                          aria-label={`Comparer la version du ${savedAt} avec la version actuelle`}
                        >
                          <GitCompare aria-hidden="true" className="size-4" />
                          Comparer
                        </Button>
                      </DialogTrigger>
                      <DialogContent size="lg">
                        <div className="flex items-start justify-between gap-4">
                          <DialogTitle>Version du {savedAt} et version actuelle</DialogTitle>
                          <DialogCloseButton />
                        </div>
                        <DialogDescription className="mt-1 text-sm text-gray-600">
                          Ce qui a changé depuis cette version jusqu'à la version actuelle.
                        </DialogDescription>
                        <RevisionComparison revision={revision} current={current} />
                      </DialogContent>
                    </Dialog>
                  ) : null}
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
