import { useEffect, useRef, useState } from 'react'
import {
  type AuctionLiveState,
  type AuctionStreamEvent,
  applyAuctionEvent,
  mergeLiveStates,
  type PublicBid,
} from '#app/lib/auction-live-state'

/** What {@link useAuctionLive} gives the page. */
export type AuctionLive = {
  state: AuctionLiveState
  /** Server clock minus this browser's clock, in ms (add it to Date.now() to get the server's time). */
  clockOffsetMs: number
  /** The last bid received live (not from the page load), for the screen-reader announcement. */
  lastLiveBid: PublicBid | null
}

/**
 * Best estimate of the server's clock offset from the page load: the server read its clock while
 * answering the document request, so compare it with the middle of that request on this
 * browser's clock (Navigation Timing), not with the hydration time, which comes later.
 */
function offsetFromNavigation(serverNow: string): number {
  const server = Date.parse(serverNow)
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
  if (navigation && navigation.responseStart > 0) {
    return server - (performance.timeOrigin + (navigation.requestStart + navigation.responseStart) / 2)
  }
  return server - Date.now()
}

function parse<T extends AuctionStreamEvent['type']>(
  type: T,
  data: string,
): Extract<AuctionStreamEvent, { type: T }> | null {
  try {
    return { type, ...(JSON.parse(data) as object) } as Extract<AuctionStreamEvent, { type: T }>
  } catch {
    return null
  }
}

/**
 * Keeps an auction page's state live (issue #4 §3): opens an EventSource on `streamUrl`
 * (/enchere/{link}/evenements), which reconnects by itself after a cut (the server sends a fresh
 * snapshot each time), merges every snapshot, bid and closing into the state, and stops
 * listening once the auction is closed. New loader data (after the visitor's own bid) is merged
 * in too, never going backwards.
 *
 * @param initial - the state from the loader.
 * @param serverNow - the server's clock when the loader ran (ISO 8601).
 * @param streamUrl - the SSE URL, or null to stay static.
 */
export function useAuctionLive(
  initial: AuctionLiveState,
  serverNow: string,
  streamUrl: string | null,
): AuctionLive {
  const [state, setState] = useState(initial)
  const [clockOffsetMs, setClockOffsetMs] = useState(0)
  const [lastLiveBid, setLastLiveBid] = useState<PublicBid | null>(null)
  const firstServerNow = useRef(serverNow)

  useEffect(() => {
    setClockOffsetMs(offsetFromNavigation(firstServerNow.current))
  }, [])

  useEffect(() => {
    setState((current) => mergeLiveStates(current, initial))
  }, [initial])

  const isClosed = state.statut !== 'active'
  useEffect(() => {
    if (!streamUrl || isClosed || typeof EventSource === 'undefined') return
    const source = new EventSource(streamUrl)
    source.addEventListener('snapshot', (message) => {
      const event = parse('snapshot', message.data)
      if (!event) return
      setClockOffsetMs(Date.parse(event.serverNow) - Date.now())
      setState((current) => applyAuctionEvent(current, event))
    })
    source.addEventListener('bid', (message) => {
      const event = parse('bid', message.data)
      if (!event) return
      setState((current) => applyAuctionEvent(current, event))
      setLastLiveBid(event.mise)
    })
    source.addEventListener('closed', (message) => {
      const event = parse('closed', message.data)
      if (!event) return
      source.close()
      setState((current) => applyAuctionEvent(current, event))
    })
    return () => source.close()
  }, [streamUrl, isClosed])

  return { state, clockOffsetMs, lastLiveBid }
}
