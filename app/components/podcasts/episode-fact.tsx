import { CalendarDays, Clock, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { formatDate } from '#app/lib/format'
import { useTimeZone } from '#app/lib/use-time-zone'

/**
 * One fact of an episode (publication date, duration, season) with its icon, on the season's list
 * and on the episode's page (public spec §2). Markup only.
 *
 * @param as - the element: 'li' in a list of badges, 'span' inside a line (default).
 * @param className - the element's classes (a badge, an inline group).
 * @param icon - the Lucide icon, decorative.
 * @param label - what a screen reader says before the value, e.g. 'Durée : ' (none for a date,
 *   whose `<time>` speaks for itself).
 * @param children - the value.
 */
export function EpisodeFact({
  as: Element = 'span',
  className,
  icon: Icon,
  label,
  children,
}: {
  as?: 'li' | 'span'
  className: string
  icon: LucideIcon
  label?: string
  children: ReactNode
}) {
  return (
    <Element className={className}>
      <Icon aria-hidden className="size-4" />
      {label ? (
        <span>
          <span className="sr-only">{label}</span>
          {children}
        </span>
      ) : (
        children
      )}
    </Element>
  )
}

/**
 * An episode's publication date (French long date in the site's time zone) and duration, each
 * when it has one, as {@link EpisodeFact}s: inline on the season's list, badges on the episode's
 * page (public spec §2).
 *
 * @param episode - `date_publication` (ISO date or null) and `duree` (e.g. '45 min', or null).
 * @param as - the facts' element ('li' among badges, 'span' inline).
 * @param className - each fact's classes.
 */
export function EpisodeDateAndDuration({
  episode,
  as,
  className,
}: {
  episode: { date_publication: string | null; duree: string | null }
  as?: 'li' | 'span'
  className: string
}) {
  const timeZone = useTimeZone()
  return (
    <>
      {episode.date_publication ? (
        <EpisodeFact as={as} className={className} icon={CalendarDays}>
          <time dateTime={episode.date_publication}>{formatDate(episode.date_publication, timeZone)}</time>
        </EpisodeFact>
      ) : null}
      {episode.duree ? (
        <EpisodeFact as={as} className={className} icon={Clock} label="Durée : ">
          {episode.duree}
        </EpisodeFact>
      ) : null}
    </>
  )
}
