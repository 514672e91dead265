/**
 * The live state of a public auction page and how the Server-Sent Events change it (issue #4 §3).
 * Isomorphic: the server builds it, the browser merges events into it. Amounts are euro strings
 * with 2 decimals ('125.00'), dates ISO 8601 strings. Bidders appear by first name only.
 */

/** The id of the auction page's bid form region, which the form's answer replaces. */
export const BID_FORM_REGION_ID = 'enchere-mise'
/**
 * The path, under the auction page's, that answers the bid form's region alone
 * (`/enchere/{lien}/mise`, app/routes/enchere-mise.ts): where the page's script posts a bid.
 */
export const BID_REGION_PATH = 'mise'
/** The id of the auction page's history row `<template>`, filled for bids that come live. */
export const BID_ROW_TEMPLATE_ID = 'ligne-mise'

/** Most bids listed in a page's history (highest first); the count still covers every bid. */
export const HISTORY_LIMIT = 100

import type { BidIncrementStep } from './auction-rules'
import { formatDateTime } from './format'

/** One accepted bid as the public sees it (public spec §2: amount, first name, date-time). */
export type PublicBid = { id: string; prenom: string; montant: string; creeLe: string }

/** What a page shows of an auction's state and keeps up to date. */
export type AuctionLiveState = {
  enchereId: string
  /** 'active' while bids are taken; a closed statut ('termine_prix_atteint', …) once over. */
  statut: string
  prixDepart: string
  prixActuel: string
  /** Number of e-mail-validated bids (public spec §2 "number of bids"). */
  nombreMises: number
  dateFin: string
  /** Highest first, at most {@link HISTORY_LIMIT}. */
  bids: PublicBid[]
  /** The increment table (issue #10 §3), from which the page computes the bid form's minimum. */
  paliers: BidIncrementStep[]
  /**
   * Whether the best validated bid reaches the reserve price (issue #10 §4); null when the auction
   * has no reserve. The reserve's amount itself never leaves the server.
   */
  reserveAtteinte: boolean | null
}

/** The SSE messages of /enchere/{auctionLink}/evenements (event name → data). */
export type AuctionStreamEvent =
  | { type: 'snapshot'; state: AuctionLiveState; serverNow: string }
  | {
      type: 'bid'
      prixActuel: string
      nombreMises: number
      dateFin: string
      mise: PublicBid
      /** As {@link AuctionLiveState.reserveAtteinte} after this bid; absent when not known. */
      reserveAtteinte?: boolean | null
    }
  | { type: 'closed'; statut: string; prixActuel: string }

const cents = (amount: string) => Math.round(Number(amount) * 100)

/** Highest first; equal amounts: the earlier bid first (ties go to the earlier bid, issue #4 §4). */
function compareBids(a: PublicBid, b: PublicBid): number {
  return cents(b.montant) - cents(a.montant) || Date.parse(a.creeLe) - Date.parse(b.creeLe)
}

/**
 * Merges one stream event into a page's state. Events may arrive out of order (two instances,
 * two commits) or twice (a snapshot after a reconnection), so the merge never goes backwards:
 * the price, count and end time only grow, and a bid already listed is not added again.
 *
 * @returns a new state (the given one is not changed).
 */
export function applyAuctionEvent(state: AuctionLiveState, event: AuctionStreamEvent): AuctionLiveState {
  if (event.type === 'snapshot') return mergeLiveStates(state, event.state)
  if (event.type === 'closed') {
    return {
      ...state,
      statut: event.statut,
      prixActuel: cents(event.prixActuel) > cents(state.prixActuel) ? event.prixActuel : state.prixActuel,
    }
  }
  const known = state.bids.some((bid) => bid.id === event.mise.id)
  const bids = known ? state.bids : [...state.bids, event.mise].sort(compareBids).slice(0, HISTORY_LIMIT)
  return {
    ...state,
    prixActuel: cents(event.prixActuel) > cents(state.prixActuel) ? event.prixActuel : state.prixActuel,
    nombreMises: Math.max(state.nombreMises, event.nombreMises),
    dateFin: Date.parse(event.dateFin) > Date.parse(state.dateFin) ? event.dateFin : state.dateFin,
    bids,
    reserveAtteinte: mergeReserve(state.reserveAtteinte, event.reserveAtteinte),
  }
}

/** A reserve once met stays met (the price only grows); an unknown value keeps the known one. */
function mergeReserve(a: boolean | null | undefined, b: boolean | null | undefined): boolean | null {
  if (a === true || b === true) return true
  return a ?? b ?? null
}

/** What the auction page says of the reserve (issue #10 §4, exact wording). */
export const RESERVE_TEXTS = {
  met: 'Prix de réserve atteint',
  notMet: 'Prix de réserve non atteint',
} as const

/**
 * The reserve line of an auction page (issue #10 §4).
 *
 * @param reserveAtteinte - from {@link AuctionLiveState.reserveAtteinte}.
 * @returns 'Prix de réserve atteint', 'Prix de réserve non atteint', or null without a reserve.
 */
export function reserveText(reserveAtteinte: boolean | null): string | null {
  if (reserveAtteinte === null) return null
  return reserveAtteinte ? RESERVE_TEXTS.met : RESERVE_TEXTS.notMet
}

/**
 * Splits a remaining duration into hours, minutes and seconds for the countdown (public spec §2).
 *
 * @param remainingMs - time left, in ms (negative counts as 0).
 * @returns whole hours (may exceed 24), minutes 0–59, seconds 0–59; `ended` when nothing is left.
 */
export function splitRemaining(remainingMs: number): {
  hours: number
  minutes: number
  seconds: number
  ended: boolean
} {
  const total = Math.max(0, Math.floor(remainingMs / 1000))
  return {
    hours: Math.floor(total / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    ended: total === 0,
  }
}

/** What the countdown reads once the auction is over (public spec §2 state card). */
export const AUCTION_ENDED_TEXT = 'Enchère terminée'

/**
 * The countdown's text (public spec §2 state card): '2 h 05 min 09 s', or 'Enchère terminée'.
 *
 * @param remainingMs - time left, in ms (0 or less: over).
 * @param isClosed - the auction was closed (statut no longer active), whatever the time left.
 */
export function formatRemaining(remainingMs: number, isClosed: boolean): string {
  const { hours, minutes, seconds, ended } = splitRemaining(remainingMs)
  if (ended || isClosed) return AUCTION_ENDED_TEXT
  const two = (value: number) => String(value).padStart(2, '0')
  return `${hours} h ${two(minutes)} min ${two(seconds)} s`
}

/**
 * Combines two views of the same auction (the page's loader data and the stream's state), keeping
 * the newest of each part: a closed statut over 'active', the highest price and count, the latest
 * end, and the union of the listed bids.
 *
 * @returns a new state; `a` when the two are about different auctions.
 */
export function mergeLiveStates(a: AuctionLiveState, b: AuctionLiveState): AuctionLiveState {
  if (a.enchereId !== b.enchereId) return b
  const byId = new Map(a.bids.map((bid) => [bid.id, bid]))
  for (const bid of b.bids) byId.set(bid.id, bid)
  return {
    enchereId: a.enchereId,
    statut: a.statut !== 'active' ? a.statut : b.statut,
    prixDepart: b.prixDepart,
    prixActuel: cents(b.prixActuel) >= cents(a.prixActuel) ? b.prixActuel : a.prixActuel,
    nombreMises: Math.max(a.nombreMises, b.nombreMises),
    dateFin: Date.parse(b.dateFin) >= Date.parse(a.dateFin) ? b.dateFin : a.dateFin,
    bids: [...byId.values()].sort(compareBids).slice(0, HISTORY_LIMIT),
    paliers: b.paliers,
    reserveAtteinte: mergeReserve(a.reserveAtteinte, b.reserveAtteinte),
  }
}

/**
 * The auction's planned end as « Fin prévue » writes it (issue #36 §1): "28 novembre 2026 à 18:56",
 * with the seconds once a soft-close extension moved it ("… à 18:56:31"), since an extension
 * lands on any second.
 *
 * @param dateFin - ISO instant; `extended` - whether an extension moved the end; `timeZone` - IANA zone.
 * @returns the text, or '' for an invalid date.
 */
export function formatPlannedEnd(dateFin: string, extended: boolean, timeZone: string): string {
  const date = new Date(dateFin)
  const text = formatDateTime(date, timeZone)
  // Time zones are whole minutes apart: the seconds are the same in every one.
  return text && extended ? `${text}:${String(date.getUTCSeconds()).padStart(2, '0')}` : text
}
