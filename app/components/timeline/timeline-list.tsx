import { ResponsiveImage } from '#app/components/responsive-image'
import { RichText } from '#app/components/rich-text'
import { formatDate } from '#app/lib/format'
import { eventTypeLabel } from '#app/lib/timeline-filters'
import { useTimeZone } from '#app/lib/use-time-zone'
import type { TimelineEvent } from '#app/services/timeline/get-timeline.server'

/**
 * The vertical timeline of /parcours (public spec §2): one entry per event with its date, title,
 * type badge, rich description and optional image. The line sits at the left on phones and between
 * the dates and the entries from 768 px; markers take `markerColor` (the button_color setting,
 * validated on the server, default #000000).
 */
export function TimelineList({ events, markerColor }: { events: TimelineEvent[]; markerColor: string }) {
  const timeZone = useTimeZone()
  return (
    <ol
      className="relative"
      data-testid="timeline"
      style={{ '--marker': markerColor } as React.CSSProperties}
    >
      <span
        aria-hidden
        className="absolute top-3 bottom-3 left-[0.4375rem] w-px bg-gray-200 md:left-[11.75rem]"
      />
      {events.map((event) => (
        <li
          key={event.id}
          className="relative pb-14 pl-10 last:pb-0 md:grid md:grid-cols-[10rem_1fr] md:gap-x-14 md:pl-0"
        >
          <span
            aria-hidden
            data-testid="timeline-marker"
            className="absolute top-1.5 left-0 size-3.5 rounded-full bg-(--marker) ring-4 ring-(--page-bg,#fff) md:left-[11.3125rem]"
          />
          <p className="text-sm tracking-wide text-gray-500 md:pt-0.5 md:text-right">
            <time dateTime={event.date_evenement}>{formatDate(event.date_evenement, timeZone)}</time>
          </p>
          <article className="mt-1 max-w-2xl md:mt-0">
            <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
              <h2 className="text-xl leading-snug font-semibold text-gray-900 sm:text-2xl">{event.titre}</h2>
              <span className="mt-1 inline-flex shrink-0 items-center rounded-full border border-gray-300 px-2.5 py-0.5 text-xs tracking-wide text-gray-600">
                {eventTypeLabel(event.type)}
              </span>
            </div>
            <RichText
              html={event.description}
              className="prose prose-gray mt-3 max-w-none leading-relaxed text-gray-700"
            />
            {event.lieu || event.lieu_adresse ? (
              <p className="mt-3 text-sm text-gray-600">
                {[event.lieu, event.lieu_adresse].filter(Boolean).join(', ')}
              </p>
            ) : null}
            <ResponsiveImage
              image={event.image}
              alt={event.titre}
              sizes="(min-width: 768px) 36rem, 100vw"
              className="mt-5 h-auto max-h-80 w-auto max-w-full rounded-lg bg-stone-100 md:max-w-xl"
            />
          </article>
        </li>
      ))}
    </ol>
  )
}
