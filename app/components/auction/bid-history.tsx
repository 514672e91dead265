import { BID_ROW_TEMPLATE_ID, type PublicBid } from '#app/lib/auction-live-state'
import { formatDateTime, formatPrice } from '#app/lib/format'
import { useTimeZone } from '#app/lib/use-time-zone'

/**
 * One bid of the history: amount, first name, date-time, and the 'En tête' badge on the top bid.
 * Rendered empty (no `bid`) it is the row template the page's script fills for live bids: its
 * parts are marked `data-slot` (montant, prenom, date, en-tete).
 */
function BidRow({ bid, isTop, timeZone }: { bid?: PublicBid; isTop: boolean; timeZone: string }) {
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p data-slot="montant" className="font-semibold tabular-nums text-stone-900">
          {bid ? formatPrice(bid.montant) : null}
        </p>
        <p className="truncate text-sm text-stone-600">
          <span data-slot="prenom">{bid?.prenom}</span> ·{' '}
          <time data-slot="date" dateTime={bid?.creeLe}>
            {bid ? formatDateTime(bid.creeLe, timeZone) : null}
          </time>
        </p>
      </div>
      {isTop ? (
        <span
          data-slot="en-tete"
          className="shrink-0 rounded-full bg-emerald-100 px-2.5 py-1 text-xs font-semibold text-emerald-800"
        >
          En tête
        </span>
      ) : null}
    </li>
  )
}

/**
 * The bid history (public spec §2): amount, first name, date-time, an 'En tête' badge on the top
 * bid, in a list of limited height that scrolls (and can be scrolled with the keyboard); empty:
 * 'Aucune enchère pour le moment'. Both the list and the empty text are in the page, one hidden,
 * with the row template, so that app/components/enhance/auction.ts can show live bids.
 *
 * @param bids - highest first.
 */
export function BidHistory({ bids }: { bids: PublicBid[] }) {
  const timeZone = useTimeZone()
  const isEmpty = bids.length === 0
  return (
    <section
      aria-labelledby="historique-titre"
      className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="historique-titre" className="text-lg font-semibold text-stone-900">
        Historique des mises
      </h2>
      <p data-live="aucune-mise" hidden={!isEmpty} className="mt-4 text-stone-600">
        Aucune enchère pour le moment
      </p>
      <ol
        data-live="mises"
        hidden={isEmpty}
        aria-labelledby="historique-titre"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable with the keyboard (WCAG 2.1.1)
        tabIndex={0}
        className="mt-4 max-h-80 divide-y divide-stone-100 overflow-y-auto pr-1 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        {bids.map((bid, index) => (
          <BidRow key={bid.id} bid={bid} isTop={index === 0} timeZone={timeZone} />
        ))}
      </ol>
      <template id={BID_ROW_TEMPLATE_ID}>
        <BidRow isTop timeZone={timeZone} />
      </template>
    </section>
  )
}
