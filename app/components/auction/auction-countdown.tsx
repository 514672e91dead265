import { useEffect, useState } from 'react'
import { splitRemaining } from '#app/lib/auction-live-state'

const two = (value: number) => String(value).padStart(2, '0')

/**
 * The time left on the server's clock, in a small hook: `serverNow` (from the loader) drives the
 * server render and the hydration, then the browser ticks every second (public spec §9) with its
 * clock corrected by `clockOffsetMs`.
 *
 * @returns the time left in ms (0 when over).
 */
export function useRemainingMs(dateFin: string, serverNow: string, clockOffsetMs: number): number {
  const end = Date.parse(dateFin)
  const [now, setNow] = useState<number | null>(null)
  useEffect(() => {
    const tick = () => setNow(Date.now() + clockOffsetMs)
    tick()
    const timer = setInterval(tick, 1_000)
    return () => clearInterval(timer)
  }, [clockOffsetMs])
  return Math.max(0, end - (now ?? Date.parse(serverNow)))
}

/**
 * Live countdown in hours, minutes and seconds, or 'Enchère terminée' (public spec §2 state card).
 * A `role="timer"` that is not announced every second.
 *
 * @param remainingMs - from {@link useRemainingMs}.
 * @param isClosed - the auction was closed (statut no longer active) before its end time.
 */
export function AuctionCountdown({ remainingMs, isClosed }: { remainingMs: number; isClosed: boolean }) {
  const { hours, minutes, seconds, ended } = splitRemaining(remainingMs)
  if (ended || isClosed) {
    return <span className="font-semibold text-stone-900">Enchère terminée</span>
  }
  return (
    <span role="timer" aria-live="off" className="font-semibold tabular-nums text-stone-900">
      {hours} h {two(minutes)} min {two(seconds)} s
    </span>
  )
}
