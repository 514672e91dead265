import type { BidActionData } from '#app/components/auction/bid-form'
import {
  pendingClaimCookie,
  readCredentialCookie,
  readPendingClaimCookie,
} from '#app/http/auction-cookies.server'
import { BID_MESSAGES } from '#app/lib/auction-rules'
import { UNAVAILABLE_MESSAGES, UNAVAILABLE_RETRY_AFTER_S, unavailability } from '#app/lib/unavailable'
import { logger } from '#app/logger.server'
import type { BiddingState } from '#app/services/auctions/bidding-state.server'
import { consumeBidQuota, placeBid } from '#app/services/auctions/place-bid.server'

/**
 * How the server answers a posted bid: the HTTP status, the form's answer, extra headers, and the
 * bidder credential the browser sent (its cookie's raw value, null without one), read once for
 * the bid and for the form that answers it.
 */
export type BidAnswer = {
  status: number
  data: BidActionData
  headers: Record<string, string>
  credential: string | null
  /**
   * The auction as the desk left it after a bid it decided, or as read to refuse it (nothing
   * written), with the typed address's maximum: the form that answers is drawn from it, with no
   * second read.
   */
  state?: BiddingState
}

const text = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '')

/**
 * Answers the bid form, with or without JavaScript (issue #4 §3–4, issue #10 §1): rate limits per
 * IP and per address ({@link consumeBidQuota}: 429 with `Retry-After`), then {@link placeBid}
 * decides with this browser's bidder credential and pending claim (cookies).
 * 'accepted' (200); 'raised' (200) when the leader raised their maximum (issue #36 §1: the price
 * stays); 'outbid' when an automatic bid already beats it (200 when the bid was stored,
 * 409 when an earlier equal maximum left it nothing, issue #10 §3); 'pending' (202, the same neutral answer whatever the address's state) when this
 * browser holds no credential for the address, with the pending claim's cookie updated; 'refused'
 * with the reason and the field messages (400; 404 when the auction is gone; 503 with
 * `Retry-After` and a French text when the database cannot be reached or the disk is full, issue
 * #37 §4; 500 on an unexpected failure, logged, with the spec's 'Impossible d'enregistrer votre mise'). The phone number is
 * passed for checking, never stored. After a bid is taken (or waits for its address), the answer
 * keeps the bidder's details for the form, not the amount. Used by the page's action (a whole
 * page) and by the bid form's resource route (app/routes/enchere-mise.ts: the form's region only).
 *
 * @param input.lienPrive - the auction's private link, as in the URL.
 * @param input.form - the posted fields (prenom, nom, email, telephone, montant: the bidder's maximum).
 * @param input.clientIp - the client's address (TRUST_PROXY honoured).
 * @param input.cookieHeader - the request's `Cookie` header, or null.
 * @returns the answer; never throws.
 */
export async function answerBid(input: {
  lienPrive: string
  form: FormData
  clientIp: string
  cookieHeader: string | null
}): Promise<BidAnswer> {
  const credential = await readCredentialCookie(input.lienPrive, input.cookieHeader)
  return { ...(await decide(input, credential)), credential }
}

async function decide(
  input: { lienPrive: string; form: FormData; clientIp: string; cookieHeader: string | null },
  credential: string | null,
): Promise<Omit<BidAnswer, 'credential'>> {
  const { form, lienPrive } = input
  const values = {
    prenom: text(form.get('prenom')),
    nom: text(form.get('nom')),
    email: text(form.get('email')),
    telephone: text(form.get('telephone')),
    montant: text(form.get('montant')),
  }
  const { montant: _amount, ...keptAfterBid } = values
  try {
    const limit = await consumeBidQuota(input.clientIp, values.email)
    if (!limit.allowed) {
      return {
        status: 429,
        data: { outcome: 'refused', message: BID_MESSAGES.tooManyRequests, values },
        headers: { 'Retry-After': String(limit.retryAfterSeconds) },
      }
    }
    const result = await placeBid(
      {
        lienPrive,
        ...values,
        credential,
        pendingClaim: await readPendingClaimCookie(lienPrive, input.cookieHeader),
      },
      { clientIp: input.clientIp },
    )
    switch (result.status) {
      case 'accepted':
        return {
          status: 200,
          data: result.isLeading
            ? { outcome: 'accepted', message: BID_MESSAGES.accepted, values: keptAfterBid }
            : { outcome: 'outbid', message: BID_MESSAGES.outbidAtOnce, values: keptAfterBid },
          headers: {},
          state: result.state,
        }
      case 'raised':
        return {
          status: 200,
          data: { outcome: 'raised', message: BID_MESSAGES.raised, values: keptAfterBid },
          headers: {},
          state: result.state,
        }
      case 'outbid':
        return {
          status: 409,
          data: { outcome: 'outbid', message: result.message, values: keptAfterBid },
          headers: {},
          state: result.state,
        }
      case 'pending-validation':
        return {
          status: 202,
          data: { outcome: 'pending', message: result.message, values: keptAfterBid },
          headers: {
            'Set-Cookie': await pendingClaimCookie(
              lienPrive,
              result.pendingClaim,
              result.pendingClaimExpiresAt,
            ),
          },
        }
      case 'refused':
        return {
          status: 400,
          data: { outcome: 'refused', message: result.message, fieldErrors: result.fieldErrors, values },
          headers: {},
          ...(result.state ? { state: result.state } : {}),
        }
      case 'not-found':
        return { status: 404, data: { outcome: 'refused', message: BID_MESSAGES.notFound }, headers: {} }
    }
  } catch (error) {
    // The database cannot be reached (a PostgreSQL server restarting) or the disk is full: nothing
    // was acknowledged; 503 with Retry-After, which the page's script posts again after that wait.
    const unavailable = unavailability(error)
    if (unavailable) {
      logger.warn({ err: error, unavailable }, 'Mise refusée : le site est momentanément indisponible')
      return {
        status: 503,
        data: { outcome: 'refused', message: UNAVAILABLE_MESSAGES[unavailable], values },
        headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_S) },
      }
    }
    logger.error({ err: error }, "Échec de l'enregistrement d'une mise")
    return { status: 500, data: { outcome: 'refused', message: BID_MESSAGES.failure, values }, headers: {} }
  }
}
