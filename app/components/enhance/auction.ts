import {
  type AuctionLiveState,
  type AuctionStreamEvent,
  applyAuctionEvent,
  BID_FORM_REGION_ID,
  BID_ROW_TEMPLATE_ID,
  formatPlannedEnd,
  formatRemaining,
  type PublicBid,
  reserveText,
} from '#app/lib/auction-live-state'
import { amountToCents, BIDDER_EMAIL_STORAGE_KEY, bidInputMinimum } from '#app/lib/auction-rules'
import { type BidderStanding, bidderStandingText, nextBidderStanding } from '#app/lib/bidder-standing'
import { formatDateTime, formatPrice } from '#app/lib/format'
import { FORM_ANSWERED_EVENT } from './form'

/**
 * The live auction page (public spec §2, §9; issue #4 §3) without React (decision 010): on the
 * page's `[data-auction-stream]` box it opens an EventSource on that URL (it reconnects by itself;
 * the server sends a fresh snapshot each time), merges every snapshot, bid and closing into the
 * state (app/lib/auction-live-state.ts, never going backwards) and redraws the parts the server
 * marked `data-live`: current price, number of bids, whether the reserve is met, history (from its
 * row `<template>`), planned end (with its seconds once an extension moved it), the bid form's
 * minimum, the bidder's own standing (issue #36 §1: in the lead, their maximum still ahead, or
 * outbid with the new minimum — which also hides the « Mise enregistrée » note), a screen-reader
 * announcement of each new bid. The countdown ticks
 * every second on the server's clock (offset from the document request, then from each snapshot);
 * at the end, or when the auction closes, it reads 'Enchère terminée' and the bid form is hidden
 * (it comes back if a last-minute bid extends the auction). The
 * bid form's e-mail is pre-filled from this browser's memory and remembered after a bid the server
 * took or keeps waiting for validation.
 */
export function enhanceAuction(): void {
  const root = document.querySelector<HTMLElement>('[data-auction-stream]')
  if (!root) return
  rememberBidderEmail(root)
  const streamUrl = root.dataset.auctionStream ?? ''
  const timeZone = root.dataset.timeZone ?? 'Europe/Paris'
  let clockOffsetMs = offsetFromNavigation(root.dataset.serverNow ?? '')
  let dateFin = root.dataset.dateFin ?? ''
  let isClosed = false
  let state: AuctionLiveState | null = null

  const tick = () => {
    const remainingMs = Date.parse(dateFin) - (Date.now() + clockOffsetMs)
    const text = formatRemaining(remainingMs, isClosed)
    const timer = root.querySelector<HTMLElement>('[data-live="temps-restant"]')
    if (timer && timer.textContent !== text) timer.textContent = text
    showOpen(root, timer, remainingMs > 0 && !isClosed)
  }
  // Until the auction closes: a bid in its last minutes can extend it (soft close) after the
  // countdown here reached zero, and the form comes back.
  const timer = setInterval(() => {
    tick()
    if (isClosed) clearInterval(timer)
  }, 1_000)
  tick()

  if (typeof EventSource === 'undefined') return
  // A bid's answer brings a new form region, drawn with the price the server knew then: the live
  // state may be newer (the minimum amount).
  root.addEventListener(FORM_ANSWERED_EVENT, () => {
    if (state) draw(root, state, timeZone)
  })
  const source = new EventSource(streamUrl)
  const apply = (event: AuctionStreamEvent) => {
    if (event.type === 'snapshot') clockOffsetMs = Date.parse(event.serverNow) - Date.now()
    const next = state ? applyAuctionEvent(state, event) : event.type === 'snapshot' ? event.state : null
    if (!next) return
    state = next
    dateFin = next.dateFin
    isClosed = next.statut !== 'active'
    draw(root, next, timeZone)
    if (event.type === 'bid') announce(root, event.mise, next.prixActuel)
    if (isClosed) source.close()
    tick()
  }
  for (const type of ['snapshot', 'bid', 'closed'] as const) {
    source.addEventListener(type, (message) => {
      try {
        apply({
          type,
          ...(JSON.parse((message as MessageEvent<string>).data) as object),
        } as AuctionStreamEvent)
      } catch {
        // a malformed message is skipped; the next snapshot sets things right
      }
    })
  }
}

/**
 * The server's clock minus this browser's, in ms, from the document request: the server read its
 * clock (`serverNow`) while answering it, so compare with the middle of that request (Navigation
 * Timing) rather than with now.
 */
function offsetFromNavigation(serverNow: string): number {
  const server = Date.parse(serverNow)
  if (Number.isNaN(server)) return 0
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
  if (navigation && navigation.responseStart > 0)
    return server - (performance.timeOrigin + (navigation.requestStart + navigation.responseStart) / 2)
  return server - Date.now()
}

/** Redraws the live parts of the page from `state`. */
function draw(root: HTMLElement, state: AuctionLiveState, timeZone: string): void {
  const part = (name: string) => root.querySelector<HTMLElement>(`[data-live="${name}"]`)
  setText(part('prix-actuel'), formatPrice(state.prixActuel))
  setText(part('nombre-mises'), String(state.nombreMises))
  if (state.reserveAtteinte !== null) setText(part('reserve'), reserveText(state.reserveAtteinte) ?? '')
  const planned = part('fin-prevue')?.querySelector('time')
  if (planned && planned.dateTime !== state.dateFin) {
    // Any end but the one first planned was moved by an extension: it shows its seconds.
    part('fin-prevue')?.setAttribute('data-prolongee', '')
    planned.dateTime = state.dateFin
    planned.textContent = formatPlannedEnd(state.dateFin, true, timeZone)
  }
  const minimum = bidInputMinimum(state)
  const amount = root.querySelector<HTMLInputElement>('#mise-montant')
  if (amount && amount.min !== minimum) {
    amount.min = minimum
    amount.placeholder = minimum
    setText(root.querySelector('#mise-montant-description'), `Montant minimum : ${formatPrice(minimum)}`)
  }
  drawStanding(root, state, minimum)
  drawHistory(root, state.bids, timeZone)
}

/**
 * This bidder's standing from the price (issue #36 §1): the note of the new standing shown, the
 * outbid one with the minimum of now; once outbid, the « Mise enregistrée » note goes.
 */
function drawStanding(root: HTMLElement, state: AuctionLiveState, minimum: string): void {
  const box = root.querySelector<HTMLElement>('[data-live="position"]')
  if (!box) return
  const maxCents = amountToCents(box.dataset.max ?? '0')
  const standing = nextBidderStanding(
    (box.dataset.standing ?? 'outbid') as BidderStanding,
    maxCents,
    amountToCents(state.prixActuel),
  )
  box.dataset.standing = standing
  for (const note of box.querySelectorAll<HTMLElement>('[data-standing]')) {
    note.hidden = note.dataset.standing !== standing
  }
  const minimumCents = amountToCents(Number(minimum).toFixed(2))
  setText(
    // The box carries data-standing too: only its own outbid note's text.
    box.querySelector(':scope > [data-standing="outbid"] > span'),
    bidderStandingText('outbid', { maxCents, minimumCents }),
  )
  const saved = root.querySelector<HTMLElement>('[data-live="note-mise"]')
  if (saved && standing === 'outbid') saved.hidden = true
}

function setText(element: Element | null | undefined, text: string): void {
  if (element && element.textContent !== text) element.textContent = text
}

/** The history's rows, highest first, from the row template; the empty text when there is none. */
function drawHistory(root: HTMLElement, bids: PublicBid[], timeZone: string): void {
  const list = root.querySelector<HTMLOListElement>('[data-live="mises"]')
  const empty = root.querySelector<HTMLElement>('[data-live="aucune-mise"]')
  const template = document.getElementById(BID_ROW_TEMPLATE_ID) as HTMLTemplateElement | null
  if (!list || !empty || !template) return
  const rows = bids.map((bid, index) => {
    const row = template.content.firstElementChild?.cloneNode(true) as HTMLElement
    setText(row.querySelector('[data-slot="montant"]'), formatPrice(bid.montant))
    setText(row.querySelector('[data-slot="prenom"]'), bid.prenom)
    const date = row.querySelector<HTMLTimeElement>('[data-slot="date"]')
    if (date) {
      date.dateTime = bid.creeLe
      date.textContent = formatDateTime(bid.creeLe, timeZone)
    }
    if (index > 0) row.querySelector('[data-slot="en-tete"]')?.remove()
    return row
  })
  list.replaceChildren(...rows)
  list.hidden = bids.length === 0
  empty.hidden = bids.length > 0
}

/** Tells screen readers of a bid that came live. */
function announce(root: HTMLElement, bid: PublicBid, prixActuel: string): void {
  setText(
    root.querySelector('[data-live="annonce"]'),
    `Nouvelle mise : ${formatPrice(bid.montant)} par ${bid.prenom}. Prix actuel : ${formatPrice(prixActuel)}.`,
  )
}

/**
 * Shows the page open (the countdown as a timer, the planned end, the bid form) or over (the
 * countdown reads 'Enchère terminée'; the planned end and the bid form are hidden).
 */
function showOpen(root: HTMLElement, timer: HTMLElement | null, open: boolean): void {
  if (open) {
    timer?.setAttribute('role', 'timer')
    timer?.setAttribute('aria-live', 'off')
  } else {
    timer?.removeAttribute('role')
    timer?.removeAttribute('aria-live')
  }
  const planned = root.querySelector<HTMLElement>('[data-live="fin-prevue"]')
  if (planned) planned.hidden = !open
  const form = document.getElementById(BID_FORM_REGION_ID)
  if (form) form.hidden = !open
}

/**
 * Pre-fills the bid form's empty e-mail from this browser's memory (public spec §2
 * /validation-reussie: "remembered locally"), and remembers the address of a bid the server took
 * or holds for validation (the region's `data-outcome` after the form's answer).
 */
function rememberBidderEmail(root: HTMLElement): void {
  const fill = () => {
    const email = root.querySelector<HTMLInputElement>('#mise-email')
    if (!email || email.value) return
    try {
      email.value = window.localStorage.getItem(BIDDER_EMAIL_STORAGE_KEY) ?? ''
    } catch {
      // storage unavailable (private mode): nothing to pre-fill
    }
  }
  fill()
  root.addEventListener(FORM_ANSWERED_EVENT, (event) => {
    const region = event.target as HTMLElement
    const email = root.querySelector<HTMLInputElement>('#mise-email')?.value
    if (email && (region.dataset.outcome === 'accepted' || region.dataset.outcome === 'pending')) {
      try {
        window.localStorage.setItem(BIDDER_EMAIL_STORAGE_KEY, email)
      } catch {
        // storage unavailable
      }
    }
    fill()
  })
}
