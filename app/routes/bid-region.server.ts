import type { IncomingMessage, ServerResponse } from 'node:http'
import { renderBidForm } from '#app/components/auction/bid-form-template.server'
import { refuseBody } from '#app/http/body-limit.server'
import { answerRetryLater } from '#app/http/overload.server'
import { BID_FORM_REGION_ID } from '#app/lib/auction-live-state'
import { centsToAmount, normalizeBidderEmail } from '#app/lib/auction-rules'
import { readFormBody } from '#app/lib/form-data'
import { FORM_REGION_HEADER } from '#app/lib/static-page'
import { UNAVAILABLE_MESSAGES, UNAVAILABLE_RETRY_AFTER_S, unavailability } from '#app/lib/unavailable'
import { logger } from '#app/logger.server'
import { loadBidIncrements } from '#app/services/auctions/bid-setup.server'
import { readBidderCredential } from '#app/services/auctions/bidder-credential.server'
import { bidderStandingOf, readBiddingState } from '#app/services/auctions/bidding-state.server'
import { answerBid } from './bid-answer.server'

/** The auction page's path: `/enchere/{lien_prive}`, with or without a query. */
const AUCTION_PATH = /^\/enchere\/([^/?.]+)\/?(?:\?.*)?$/
/** Largest bid form accepted here, in bytes: five short fields, multipart or urlencoded. */
const MAX_BID_BODY_BYTES = 16 * 1024
const FORM_TYPES = /^(?:multipart\/form-data|application\/x-www-form-urlencoded)\b/i

/**
 * Reads the request's body, up to `limit` bytes; null past it (the rest is not read) or when the
 * client goes away before the end.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        req.removeAllListeners('data')
        req.pause()
        resolve(null)
        return
      }
      parts.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(parts)))
    req.on('error', reject)
    // After 'end' this changes nothing (a promise settles once).
    req.on('close', () => resolve(null))
  })
}

/** Whether the request comes from this site's pages (React Router refuses actions from others). */
function isSameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin
  if (!origin) return true
  try {
    return new URL(origin).host === req.headers.host
  } catch {
    return false
  }
}

/**
 * A bid posted by the auction page's script (app/components/enhance/form.ts, header
 * `X-Encre-Region: formulaire-mise`) is answered with the bid form's region only — the
 * bid form the page would show ({@link renderBidForm}: its HTML filled from a rendering kept per
 * shape of answer), with the answer of {@link answerBid}, the price the
 * bid desk knows and this browser's bidder's standing (issue #36 §1) — rather than with the whole page: the script keeps only that region, and a
 * bidding war is hundreds of these a second (issue #10 §2; decision 014). The live stream brings
 * the rest of the page. Answered before React Router, with the same status codes and cookies as
 * the page's action.
 *
 * Passed on to `next()` (so the page's action answers, or refuses, as it would): anything but a
 * POST of a form to `/enchere/{lien}` with that header from this site's origin. A body over 16 KB
 * answers 413; a bid the database cannot take for now (unreachable, or its disk full) answers
 * 503 with `Retry-After` and a French text, and the page's script posts it again (issue #37 §4).
 *
 * @param req - the Node request.
 * @param res - the Node response.
 * @param clientIp - the client's address (TRUST_PROXY honoured by Express).
 * @param next - called for every other request.
 */
export function serveBidRegion(
  req: IncomingMessage,
  res: ServerResponse,
  clientIp: string,
  next: () => void,
): void {
  const match =
    req.method === 'POST' && req.headers[FORM_REGION_HEADER] === BID_FORM_REGION_ID
      ? AUCTION_PATH.exec(req.url ?? '')
      : null
  if (!match || !FORM_TYPES.test(req.headers['content-type'] ?? '') || !isSameOrigin(req)) {
    next()
    return
  }
  void answer(req, res, match[1] as string, clientIp).catch((error: unknown) => {
    const unavailable = unavailability(error)
    if (unavailable) {
      // The database cannot be reached or the disk is full (issue #37 §4): asked again shortly.
      answerRetryLater(res, UNAVAILABLE_RETRY_AFTER_S, UNAVAILABLE_MESSAGES[unavailable])
      return
    }
    logger.error({ err: error }, "Échec de l'enregistrement d'une mise")
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' })
    res.end('Une erreur est survenue.')
  })
}

async function answer(req: IncomingMessage, res: ServerResponse, link: string, clientIp: string) {
  const body = await readBody(req, MAX_BID_BODY_BYTES)
  if (res.destroyed) return
  if (!body) {
    refuseBody(req, res)
    return
  }
  let lienPrive: string
  try {
    lienPrive = decodeURIComponent(link)
  } catch {
    lienPrive = link
  }
  const form = await readFormBody(req.headers['content-type'] ?? '', body)
  const cookieHeader = req.headers.cookie ?? null
  const result = await answerBid({ lienPrive, form, clientIp, cookieHeader })
  // Nothing was recorded, and the form's price cannot be read either: asked again shortly.
  if (result.status === 503) {
    answerRetryLater(res, UNAVAILABLE_RETRY_AFTER_S, result.data.message)
    return
  }
  // The typed address's own maximum is read with the row; it counts only if the credential is its.
  // A refusal decided on a read of the row, and a bid the desk took, bring it: no second read.
  const typed = normalizeBidderEmail(form.get('email'))
  const [state, paliers] = await Promise.all([
    result.state ?? readBiddingState(lienPrive, typed),
    loadBidIncrements(),
  ])
  const bidderEmail = state
    ? (readBidderCredential(result.credential, state.id, new Date())?.email ?? null)
    : null
  const position = bidderEmail === typed ? bidderStandingOf(state, bidderEmail) : null
  // The form needs the price, whether bids made it (its minimum) and the increment table.
  const live = {
    prixActuel: centsToAmount(state?.prixCents ?? 0),
    nombreMises: state?.hasBids ? 1 : 0,
    paliers,
  }
  const html = renderBidForm({ live, answer: result.data, bidderEmail, position })
  res.writeHead(result.status, {
    ...result.headers,
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'private, no-store',
  })
  res.end(html)
}
