import { AUCTION_ENDED_TEXT, formatRemaining } from '#app/lib/auction-live-state'

/**
 * The time left (public spec §2 state card): hours, minutes and seconds, or 'Enchère terminée'.
 * The server draws it at the page's time; app/components/enhance/auction.ts then ticks it every
 * second on the server's clock (public spec §9). A `role="timer"` that is not announced every
 * second.
 *
 * @param remainingMs - time left when the page was drawn, in ms.
 * @param isClosed - the auction was closed (statut no longer active) before its end time.
 */
export function AuctionCountdown({ remainingMs, isClosed }: { remainingMs: number; isClosed: boolean }) {
  const text = formatRemaining(remainingMs, isClosed)
  const ended = text === AUCTION_ENDED_TEXT
  return (
    <span
      data-live="temps-restant"
      role={ended ? undefined : 'timer'}
      aria-live={ended ? undefined : 'off'}
      className="font-semibold tabular-nums text-stone-900"
    >
      {text}
    </span>
  )
}
