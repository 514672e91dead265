import type { AuctionStreamEvent } from '#app/lib/auction-live-state'
import { logger } from '#app/logger.server'
import {
  type AuctionEvent,
  auctionEventsReady,
  onAuctionEventsResync,
  subscribeAuctionEvents,
} from '#app/services/auctions/auction-events.server'
import { findActiveAuctionId, getAuctionLiveState } from '#app/services/auctions/get-public-auction.server'
import type { Route } from './+types/enchere-events'

/** A comment line sent this often keeps proxies from closing an idle stream, in ms. */
export const HEARTBEAT_MS = 15_000
/** How long the browser waits before reconnecting after a cut, in ms (the SSE `retry:` field). */
export const RETRY_MS = 2_000

const encoder = new TextEncoder()

function message(event: AuctionStreamEvent, id?: number): string {
  const { type, ...payload } = event
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${type}\ndata: ${JSON.stringify(payload)}\n\n`
}

/** The stream's form of a bus event; 'started' concerns pages not yet open, so it is not sent. */
function toStreamEvent(event: AuctionEvent): AuctionStreamEvent | null {
  if (event.type === 'bid') {
    return {
      type: 'bid',
      prixActuel: event.prixActuel,
      nombreMises: event.nombreMises,
      dateFin: event.dateFin,
      mise: event.mise,
    }
  }
  if (event.type === 'closed') return { type: 'closed', statut: event.statut, prixActuel: event.prixActuel }
  return null
}

/**
 * GET /enchere/{auctionLink}/evenements — the live updates of a public auction page as
 * Server-Sent Events (issue #4 §3; DESIGN.md §6).
 *
 * Answers 404 (plain text) when the link is malformed or no active auction has it. Otherwise a
 * `text/event-stream` (`Cache-Control: no-transform`, so the compression middleware leaves it
 * unbuffered) that sends, in order: a `retry: 2000` hint, an `event: snapshot` with the whole
 * live state and the server's clock (`{ state, serverNow }`), then `event: bid`
 * (`{ prixActuel, nombreMises, dateFin, mise: { id, prenom, montant, creeLe } }`) and
 * `event: closed` (`{ statut, prixActuel }`) as they happen on any instance, and a comment every
 * 15 s. Event ids are the bid count. A reconnecting browser (or this process after losing its
 * LISTEN connection) gets a fresh snapshot, so nothing missed stays missing. Unsubscribes when
 * the client goes away (request.signal).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const enchereId = await findActiveAuctionId(params.auctionLink)
  if (!enchereId) {
    return new Response('Enchère non trouvée', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  }

  const cleanups: Array<() => void> = []
  const cleanup = () => {
    for (const stop of cleanups.splice(0)) stop()
  }

  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true
      const send = (text: string) => {
        if (!open) return
        try {
          controller.enqueue(encoder.encode(text))
        } catch {
          open = false
          cleanup()
        }
      }
      cleanups.push(() => {
        if (!open) return
        open = false
        try {
          controller.close()
        } catch {
          // already closed by the client
        }
      })

      // Events that arrive while a snapshot is being read wait for it, then follow it.
      let pending: AuctionStreamEvent[] | null = []
      let lastId = 0
      const forward = (event: AuctionStreamEvent) => {
        if (pending) {
          pending.push(event)
          return
        }
        if (event.type === 'bid') lastId = Math.max(lastId, event.nombreMises)
        send(message(event, event.type === 'bid' ? lastId : undefined))
      }
      const sendSnapshot = async () => {
        pending ??= []
        try {
          const state = await getAuctionLiveState(enchereId)
          if (!state) return
          lastId = Math.max(lastId, state.nombreMises)
          send(message({ type: 'snapshot', state, serverNow: new Date().toISOString() }, lastId))
        } catch (error) {
          logger.warn({ err: error, enchereId }, "Échec de la lecture de l'état d'une enchère")
        } finally {
          const queued = pending ?? []
          pending = null
          for (const event of queued) forward(event)
        }
      }

      cleanups.push(
        subscribeAuctionEvents(enchereId, (event) => {
          const streamEvent = toStreamEvent(event)
          if (streamEvent) forward(streamEvent)
        }),
      )
      cleanups.push(onAuctionEventsResync(() => void sendSnapshot()))
      const heartbeat = setInterval(() => send(': ping\n\n'), HEARTBEAT_MS)
      cleanups.push(() => clearInterval(heartbeat))
      if (request.signal.aborted) {
        cleanup()
        return
      }
      request.signal.addEventListener('abort', cleanup, { once: true })

      send(`retry: ${RETRY_MS}\n\n`)
      await auctionEventsReady()
      await sendSnapshot()
    },
    cancel() {
      cleanup()
    },
  })

  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    },
  })
}
