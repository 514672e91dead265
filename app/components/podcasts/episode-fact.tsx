import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

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
