/**
 * Loading placeholders of the back-office (back-office spec §9: 3 for categories and page
 * configuration, 6 cards for lists, 5 for messages, 4 for settings).
 *
 * @param count - how many placeholders.
 * @param variant - 'card' (grid of cards) or 'row' (stacked rows).
 */
export function AdminSkeleton({ count, variant = 'card' }: { count: number; variant?: 'card' | 'row' }) {
  const items = Array.from({ length: count }, (_, index) => index)
  return (
    <div
      role="status"
      aria-live="polite"
      className={variant === 'card' ? 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3' : 'space-y-3'}
    >
      <span className="sr-only">Chargement…</span>
      {items.map((index) => (
        <div
          key={index}
          data-testid="admin-skeleton"
          className={`animate-pulse rounded-lg bg-gray-200 ${variant === 'card' ? 'h-48' : 'h-16'}`}
        />
      ))}
    </div>
  )
}
