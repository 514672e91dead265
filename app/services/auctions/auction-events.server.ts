import { EventEmitter } from 'node:events'

/**
 * What open auction pages are told, live (issue #4 §3). Amounts are euro strings with 2 decimals
 * ('125.00'), dates ISO 8601 strings. Only the bidder's first name ever leaves the server.
 */
export type AuctionEvent =
  | {
      type: 'bid'
      enchereId: string
      prixActuel: string
      nombreMises: number
      dateFin: string
      mise: { id: string; prenom: string; montant: string; creeLe: string }
    }
  | { type: 'closed'; enchereId: string; statut: string; prixActuel: string }
  | { type: 'started'; enchereId: string }

const emitter = new EventEmitter()
emitter.setMaxListeners(0)

/**
 * Tells every open page of an auction what changed. Call it after the transaction that made the
 * change has committed.
 *
 * v0 (in-process only); the PostgreSQL LISTEN/NOTIFY fan-out across instances replaces this body
 * without changing the signature.
 *
 * @param event - see {@link AuctionEvent}.
 */
export async function publishAuctionEvent(event: AuctionEvent): Promise<void> {
  emitter.emit(event.enchereId, event)
}

/**
 * Listens to one auction's events.
 *
 * @param enchereId - the auction's id.
 * @param listener - called for each event, in publication order.
 * @returns a function that stops listening.
 */
export function subscribeAuctionEvents(
  enchereId: string,
  listener: (event: AuctionEvent) => void,
): () => void {
  emitter.on(enchereId, listener)
  return () => emitter.off(enchereId, listener)
}
