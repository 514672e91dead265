import { Eye, EyeOff, FileText } from 'lucide-react'
import { RowEditDeleteButtons, RowVisibilitySwitch, useRowActions } from '#app/components/admin/admin-table'
import { ResponsiveImage } from '#app/components/responsive-image'
import { articleBadge } from '#app/lib/admin/article-badge'
import { ARTICLE_TYPE_LABELS } from '#app/lib/article-types'
import { formatDate, formatDateTime } from '#app/lib/format'
import type { AdminArticle } from '#app/services/articles/list-admin-articles.server'

/** How many tags a card shows (back-office spec §2 "Cards show up to 3 tags"). */
const CARD_TAGS = 3

/**
 * One article of the back-office grid (back-office spec §2 "Articles"): image, statut badge
 * ('Programmé · {date}' for a scheduled one, {@link articleBadge}), type,
 * visibility switch ('Article affiché' / 'Article masqué', one click), title, up to 3 tags,
 * publication date ('Programmé pour le …' when scheduled, issue #11 §3) or change date, edit and
 * delete (with confirmation).
 */
export function ArticleCard({
  article,
  timeZone,
  onEdit,
  disabled,
}: {
  article: AdminArticle
  timeZone: string
  onEdit: () => void
  disabled?: boolean
}) {
  // Shows the requested state at once; the list reloads after the answer.
  const row = useRowActions(article.id, 'affiche', article.affiche)
  const affiche = row.checked
  const extraTags = article.tags.length - CARD_TAGS
  const badge = articleBadge(article, timeZone)

  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm">
      <div className="relative aspect-[16/9] overflow-hidden bg-gray-100">
        <ResponsiveImage
          image={article.image}
          alt=""
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          className="absolute inset-0 size-full object-cover"
          fallback={
            <div className="flex size-full items-center justify-center">
              <FileText aria-hidden="true" className="size-10 text-gray-300" />
            </div>
          }
        />
        <span
          className={`absolute top-2 left-2 rounded-full px-2.5 py-0.5 text-xs font-medium ${badge.className}`}
        >
          {badge.label}
        </span>
        <span className="absolute top-2 right-2 inline-flex items-center gap-1 rounded-full bg-white/90 px-2.5 py-0.5 text-xs text-gray-800">
          {affiche ? (
            <Eye aria-hidden="true" className="size-3.5 text-green-700" />
          ) : (
            <EyeOff aria-hidden="true" className="size-3.5 text-red-700" />
          )}
          {affiche ? 'Affiché' : 'Masqué'}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-medium tracking-wide text-gray-500 uppercase">
          {ARTICLE_TYPE_LABELS[article.type]}
        </p>
        <h3 className="text-lg leading-snug font-semibold text-gray-900">{article.titre}</h3>
        <p className="text-sm text-gray-600">
          {article.isScheduled && article.date_publication
            ? `Programmé pour le ${formatDateTime(article.date_publication, timeZone)}`
            : article.date_publication
              ? `Publication : ${formatDate(article.date_publication, timeZone)}`
              : `Modifié le ${formatDate(article.modifie_le, timeZone)}`}
          {' · '}/blog/{article.slug}
        </p>
        {article.tags.length > 0 ? (
          <ul aria-label="Étiquettes" className="flex flex-wrap gap-1.5">
            {article.tags.slice(0, CARD_TAGS).map((tag) => (
              <li key={tag} className="rounded-full bg-gray-100 px-2.5 py-0.5 text-xs text-gray-700">
                {tag}
              </li>
            ))}
            {extraTags > 0 ? <li className="px-1 py-0.5 text-xs text-gray-500">+{extraTags}</li> : null}
          </ul>
        ) : null}
        <div className="mt-auto space-y-3 pt-2">
          <RowVisibilitySwitch
            row={row}
            label={affiche ? 'Article affiché' : 'Article masqué'}
            disabled={disabled}
          />
          <RowEditDeleteButtons
            row={row}
            onEdit={onEdit}
            editLabel={`Modifier l'article ${article.titre}`}
            deleteLabel={`Supprimer l'article ${article.titre}`}
            deleteTitle="Supprimer l'article"
            deleteDescription={`Êtes-vous sûr de vouloir supprimer l'article « ${article.titre} » ?`}
            disabled={disabled}
            className="flex flex-wrap gap-2"
          />
        </div>
      </div>
    </li>
  )
}
