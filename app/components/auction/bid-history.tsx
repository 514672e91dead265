import type { PublicBid } from '#app/lib/auction-live-state'
import { formatDateTime, formatPrice } from '#app/lib/format'
import { useTimeZone } from '#app/lib/use-time-zone'

/**
 * The bid history (public spec §2): amount, first name, date-time, an 'En tête' badge on the top
 * bid, in a list of limited height that scrolls (and can be scrolled with the keyboard); empty:
 * 'Aucune enchère pour le moment'.
 *
 * @param bids - highest first.
 */
export function BidHistory({ bids }: { bids: PublicBid[] }) {
  const timeZone = useTimeZone()
  return (
    <section
      aria-labelledby="historique-titre"
      className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="historique-titre" className="text-lg font-semibold text-stone-900">
        Historique des mises
      </h2>
      {bids.length === 0 ? (
        <p className="mt-4 text-stone-600">Aucune enchère pour le moment</p>
      ) : (
        <ol
          aria-labelledby="historique-titre"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable with the keyboard (WCAG 2.1.1)
          tabIndex={0}
          className="mt-4 max-h-80 divide-y divide-stone-100 overflow-y-auto pr-1 focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          {bids.map((bid, index) => (
            <li key={bid.id} className="flex items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-semibold tabular-nums text-stone-900">{formatPrice(bid.montant)}</p>
                <p className="truncate text-sm text-stone-600">
                  {bid.prenom} · <time dateTime={bid.creeLe}>{formatDateTime(bid.creeLe, timeZone)}</time>
                </p>
              </div>
              {index === 0 ? (
                <span className="shrink-0 rounded-full bg-emerald-100 px-2.5 py-1 text-xs font-semibold text-emerald-800">
                  En tête
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
