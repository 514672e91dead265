import type { ReactNode } from 'react'
import { cn } from '#app/components/ui/cn'

/**
 * What a public list page shows when it has nothing to show (public spec §2, e.g. "Aucune saison
 * de podcast n'est disponible pour le moment."): the text in a dashed box.
 *
 * @param className - spacing around the box, e.g. 'mt-4'.
 */
export function EmptyState({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p
      className={cn(
        'rounded-lg border border-dashed border-gray-300 px-6 py-16 text-center text-gray-600',
        className,
      )}
    >
      {children}
    </p>
  )
}
