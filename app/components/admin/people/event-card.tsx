import { CalendarDays, ImageIcon, Pencil, Trash2 } from 'lucide-react'
import { useFetcher } from 'react-router'
import { ConfirmDialog } from '#app/components/admin/confirm-dialog'
import { VisibilitySwitch } from '#app/components/admin/visibility-switch'
import { Button } from '#app/components/ui/button'
import { EVENT_TYPE_LABELS, type EventFormType } from '#app/lib/admin/event-schema'
import type { AdminActionData } from '#app/lib/admin-result'
import { formatDate } from '#app/lib/format'
import { useTimeZone } from '#app/lib/use-time-zone'
import type { EventFormValues } from './event-form'

/** An event as the card shows it (serialized by the loader). */
export type EventCardData = EventFormValues & { annee: number }

/** The French label of a stored type ('Autre' for anything unknown). */
function typeLabel(type: string): string {
  return Object.hasOwn(EVENT_TYPE_LABELS, type) ? EVENT_TYPE_LABELS[type as EventFormType] : 'Autre'
}

/**
 * One timeline event of /admin/evenements (back-office spec §2 "Timeline events", §7): image,
 * date, year, type label, title, description (3 lines), order; a one-click visibility switch,
 * 'Modifier' and 'Supprimer' (after confirmation).
 */
export function EventCard({ event, onEdit }: { event: EventCardData; onEdit: () => void }) {
  const fetcher = useFetcher<AdminActionData>()
  const timeZone = useTimeZone()
  const busy = fetcher.state !== 'idle'
  const pendingIntent = busy ? String(fetcher.formData?.get('intent') ?? '') : ''
  const affiche =
    pendingIntent === 'set-visibility' ? fetcher.formData?.get('affiche') === 'true' : event.affiche
  const titleId = `evenement-${event.id}`

  return (
    <article
      aria-labelledby={titleId}
      className={`flex gap-3 rounded-lg border bg-white p-4 shadow-sm sm:gap-4 sm:p-6 ${
        affiche ? 'border-gray-200' : 'border-dashed border-gray-300 bg-gray-50'
      }`}
    >
      <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md border border-gray-200 bg-gray-50 sm:size-24">
        {event.image_url ? (
          <img src={event.image_url} alt="" className="size-full object-cover" loading="lazy" />
        ) : (
          <ImageIcon aria-hidden="true" className="size-8 text-gray-400" />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
          <span className="inline-flex items-center gap-1">
            <CalendarDays aria-hidden="true" className="size-4" />
            <time dateTime={event.date_evenement}>{formatDate(event.date_evenement, timeZone)}</time>
          </span>
          <span className="rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-800">
            {typeLabel(event.type)}
          </span>
          <span className="text-xs text-gray-600">Année {event.annee}</span>
          <span className="text-xs text-gray-600">Ordre: {event.ordre}</span>
          {affiche ? null : (
            <span className="rounded-full bg-gray-200 px-2.5 py-0.5 text-xs font-semibold text-gray-700">
              Masqué
            </span>
          )}
        </div>
        <h3 id={titleId} className="mt-1 break-words text-lg font-semibold text-gray-900">
          {event.titre}
        </h3>
        {event.description ? (
          <div
            className="rich-text prose prose-sm mt-1 line-clamp-3 max-w-none text-gray-700"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: stored HTML is sanitized on write (DESIGN.md §5)
            dangerouslySetInnerHTML={{ __html: event.description }}
          />
        ) : null}
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <VisibilitySwitch
            label={affiche ? 'Visible sur le parcours' : 'Masqué du parcours'}
            checked={affiche}
            disabled={busy}
            onCheckedChange={(checked) =>
              fetcher.submit(
                { intent: 'set-visibility', id: event.id, affiche: String(checked) },
                { method: 'post' },
              )
            }
          />
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            <Button
              variant="outline"
              disabled={busy}
              onClick={onEdit}
              aria-label={`Modifier l'événement « ${event.titre} »`}
            >
              <Pencil aria-hidden="true" className="size-4" />
              Modifier
            </Button>
            <ConfirmDialog
              title="Supprimer l'événement"
              description={`Êtes-vous sûr de vouloir supprimer l'événement « ${event.titre} » ? Cette action est irréversible.`}
              onConfirm={() => fetcher.submit({ intent: 'delete', id: event.id }, { method: 'post' })}
              trigger={
                <Button
                  variant="danger-outline"
                  disabled={busy}
                  aria-label={`Supprimer l'événement « ${event.titre} »`}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  {pendingIntent === 'delete' ? 'Suppression...' : 'Supprimer'}
                </Button>
              }
            />
          </div>
        </div>
      </div>
    </article>
  )
}
