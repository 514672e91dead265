import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'

/** A quiet "← {label}" link back up the portfolio (public spec §2 'Retour au portfolio'). */
export function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      prefetch="intent"
      className="group inline-flex items-center gap-2 text-sm text-stone-600 transition-colors hover:text-stone-900"
    >
      <ArrowLeft
        aria-hidden
        className="size-4 transition-transform duration-300 group-hover:-translate-x-0.5"
      />
      {children}
    </Link>
  )
}
