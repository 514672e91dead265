import { adminLoader } from '#app/http/admin-action.server'
import { streamNextAuctionSubscribersCsv } from '#app/services/auctions/next-auction-subscribers.server'
import type { Route } from './+types/encheres-abonnes-csv'

/**
 * GET /admin/encheres/abonnes.csv (admin only; issue #36 §6): the confirmed subscribers of
 * « Prévenez-moi de la prochaine enchère » as a CSV download (`email,confirme_le`), streamed a
 * chunk at a time, never cached.
 */
export const loader = adminLoader(async (_: Route.LoaderArgs) => {
  const pieces = streamNextAuctionSubscribersCsv()
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await pieces.next()
      if (next.done) controller.close()
      else controller.enqueue(encoder.encode(next.value))
    },
    async cancel() {
      await pieces.return(undefined)
    },
  })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="inscrits-prochaine-enchere.csv"',
      'Cache-Control': 'private, no-store',
    },
  })
})
