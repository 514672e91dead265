import { CalendarDays, ImageIcon } from 'lucide-react'
import { RowEditDeleteButtons, RowVisibilitySwitch, useRowActions } from '#app/components/admin/admin-table'
import { RichText } from '#app/components/rich-text'
import { formatDate } from '#app/lib/format'
import { eventTypeLabel } from '#app/lib/timeline-filters'
import { useTimeZone } from '#app/lib/use-time-zone'
import type { EventFormValues } from './event-form'

/** An event as the card shows it (serialized by the loader). */
export type EventCardData = EventFormValues & { annee: number }

/**
 * One timeline event of /admin/evenements (back-office spec §2 "Timeline events", §7): image,
 * date, year, type label, title, description (3 lines), order; a one-click visibility switch,
 * 'Modifier' and 'Supprimer' (after confirmation).
 */
export function EventCard({ event, onEdit }: { event: EventCardData; onEdit: () => void }) {
  const row = useRowActions(event.id, 'affiche', event.affiche)
  const timeZone = useTimeZone()
  const affiche = row.checked
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
            {eventTypeLabel(event.type)}
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
        {event.lieu || event.lieu_adresse ? (
          <p className="mt-1 break-words text-sm text-gray-600">
            {[event.lieu, event.lieu_adresse].filter(Boolean).join(', ')}
          </p>
        ) : null}
        <RichText
          html={event.description}
          className="prose prose-sm mt-1 line-clamp-3 max-w-none text-gray-700"
        />
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <RowVisibilitySwitch row={row} label={affiche ? 'Visible sur le parcours' : 'Masqué du parcours'} />
          <RowEditDeleteButtons
            row={row}
            onEdit={onEdit}
            editLabel={`Modifier l'événement « ${event.titre} »`}
            deleteLabel={`Supprimer l'événement « ${event.titre} »`}
            deleteTitle="Supprimer l'événement"
            deleteDescription={`Êtes-vous sûr de vouloir supprimer l'événement « ${event.titre} » ? Cette action est irréversible.`}
            className="flex flex-wrap gap-2 sm:ml-auto"
          />
        </div>
      </div>
    </article>
  )
}
