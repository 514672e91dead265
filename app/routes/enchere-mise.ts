import { redirect } from 'react-router'
import { renderBidForm } from '#app/components/auction/bid-form-template.server'
import { isSameOriginAction } from '#app/lib/action-origin'
import { centsToAmount, normalizeBidderEmail } from '#app/lib/auction-rules'
import { readForm } from '#app/lib/form-data'
import { UNAVAILABLE_MESSAGES, UNAVAILABLE_RETRY_AFTER_S, unavailability } from '#app/lib/unavailable'
import { loadBidIncrements } from '#app/services/auctions/bid-setup.server'
import { readBidderCredential } from '#app/services/auctions/bidder-credential.server'
import { bidderStandingOf, readBiddingState } from '#app/services/auctions/bidding-state.server'
import type { Route } from './+types/enchere-mise'
import { answerBid, type BidAnswer } from './bid-answer.server'

/** A plain French text answered 503 with `Retry-After`: nothing was recorded, post it again. */
function retryLater(message: string): Response {
  return new Response(message, {
    status: 503,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Retry-After': String(UNAVAILABLE_RETRY_AFTER_S),
      'Cache-Control': 'no-store',
    },
  })
}

/**
 * The bid form's region as it answers `result` ({@link renderBidForm}: the form the page would
 * show): the price the bid desk knows, whether bids were made (the form's minimum), the increment
 * table, and this browser's bidder's standing (issue #36 §1) when the typed address is the one its
 * credential names — its own maximum is read with the auction's row.
 *
 * @param lienPrive - the auction's private link.
 * @param form - the posted fields (the typed `email`).
 * @param result - {@link answerBid}'s answer; a refusal decided on a read of the row brings it.
 * @returns the region's HTML (`<section id="enchere-mise">…`).
 */
async function renderBidRegion(lienPrive: string, form: FormData, result: BidAnswer): Promise<string> {
  const typed = normalizeBidderEmail(form.get('email'))
  const [state, paliers] = await Promise.all([
    result.state ?? readBiddingState(lienPrive, typed),
    loadBidIncrements(),
  ])
  const bidderEmail = state
    ? (readBidderCredential(result.credential, state.id, new Date())?.email ?? null)
    : null
  const position = bidderEmail === typed ? bidderStandingOf(state, bidderEmail) : null
  const live = {
    prixActuel: centsToAmount(state?.prixCents ?? 0),
    nombreMises: state?.hasBids ? 1 : 0,
    paliers,
  }
  return renderBidForm({ live, answer: result.data, bidderEmail, position })
}

/**
 * POST /enchere/{lien}/mise (issue #34 §3; issue #10 §2, decision 014): the bid form posted by
 * the auction page's script (app/components/enhance/form.ts, the form's `data-region-path`),
 * answered with the bid form's region only — not the whole page — since a bidding war is hundreds
 * of these a second and the live stream brings the rest of the page. {@link answerBid} decides,
 * as for the page's own action (a form posted without JavaScript), with the same status codes and
 * cookies; the region is drawn by {@link renderBidRegion}.
 *
 * Refused before anything is read: a post from another origin (400 `Bad Request`, React Router's
 * rule for page actions, {@link isSameOriginAction}). The body goes through the site's one size
 * limit (server.ts, app/http/body-limit.server.ts: 413); a body that is no form reads as an empty
 * one, answered with each field's message (400). When nothing could be recorded because the
 * database cannot be reached or its disk is full: 503 with `Retry-After` and a French text, and
 * the page's script posts the bid again (issue #37 §4).
 *
 * @returns the region's HTML (`text/html`, never cached) with the bid's status: 200 accepted or
 *   raised, 202 waiting for its address, 400 refused, 404 no such auction, 409 outbid, 429 too many.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (!isSameOriginAction(request)) return new Response('Bad Request', { status: 400 })
  const lienPrive = params.auctionLink
  const form = await readForm(request)
  const result = await answerBid({
    lienPrive,
    form,
    clientIp: context.clientIp,
    cookieHeader: request.headers.get('Cookie'),
  })
  // Nothing was recorded, and the form's price cannot be read either.
  if (result.status === 503) return retryLater(result.data.message)
  let html: string
  try {
    html = await renderBidRegion(lienPrive, form, result)
  } catch (error) {
    const unavailable = unavailability(error)
    if (!unavailable) throw error
    return retryLater(UNAVAILABLE_MESSAGES[unavailable])
  }
  return new Response(html, {
    status: result.status,
    headers: {
      ...result.headers,
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'private, no-store',
    },
  })
}

/** GET /enchere/{lien}/mise: the address only takes bids; a person who opens it sees the auction. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/enchere/${encodeURIComponent(params.auctionLink)}`)
}
