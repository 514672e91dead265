import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

/**
 * The "← {label}" link above a podcast page's header (public spec §2: an episode back to its
 * season or to /podcasts, a season back to /podcasts).
 *
 * @param to - where it leads, e.g. '/podcasts'.
 * @param children - its label, e.g. 'Retour aux podcasts'.
 */
export function PodcastBackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-2 text-sm text-gray-600 hover:text-gray-900 hover:underline"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {children}
    </Link>
  )
}
