/**
 * The auction rules as pure functions (issue #4 §4 and §7, public spec §5 "Bid", DESIGN.md §6).
 * No database, no clock: the server's use cases (`place-bid.server.ts`, `close-auctions.server.ts`)
 * pass the state and the time in; the bid form's schema is app/lib/bid-form-schema.ts.
 * Money is handled as integer cents here; the database stores euros as numeric(12,2) strings.
 */

import { formatPrice } from '#app/lib/format'

/**
 * localStorage key under which the browser remembers the bidder's validated address (public spec
 * §2 /validation-reussie: "remembered locally"); the bid form pre-fills its e-mail from it.
 */
export const BIDDER_EMAIL_STORAGE_KEY = 'encre:enchere-email'

/** Highest accepted bid, in cents (1,000,000 € — a sanity ceiling, issue #4 §4). */
export const MAX_BID_CENTS = 100_000_000
/** Site setting holding the soft-close window in minutes (0 disables it). */
export const SOFT_CLOSE_SETTING_KEY = 'enchere_prolongation_minutes'
/** Soft-close window when the setting is absent or unreadable, in minutes (issue #4 §4). */
export const SOFT_CLOSE_DEFAULT_MINUTES = 2
/** How far past its original end an auction may be extended, in minutes (issue #4 §4). */
export const SOFT_CLOSE_CAP_MINUTES = 30
/** Longest soft-close window the setting may ask for, in minutes. */
const SOFT_CLOSE_MAX_MINUTES = 60

/** Longest accepted values of the bid form's text fields, in characters. */
export const BID_LIMITS = { prenom: 100, nom: 100, email: 254, telephone: 30 } as const

/** French texts of the bid (public spec §5 and §8; the others are ours, in the same voice). */
export const BID_MESSAGES = {
  /** Spec §8: failure toast when nothing more precise is known. */
  failure: "Impossible d'enregistrer votre mise",
  /** Spec §8: success toast title and text. */
  acceptedTitle: 'Mise enregistrée',
  accepted: 'Votre enchère a été prise en compte !',
  /** Issue #10 §1: the one answer to a bid from a browser without a credential for its address. */
  pending:
    "Pour enchérir depuis cet appareil, validez votre adresse email : un lien de validation vous est envoyé (pensez à vérifier vos courriers indésirables ; un nouveau lien part au plus toutes les 10 minutes). Votre mise sera prise en compte dès que vous l'aurez confirmé depuis cet appareil.",
  ended: "L'enchère est terminée : votre mise n'a pas pu être prise en compte.",
  notStarted: "L'enchère n'a pas encore commencé.",
  invalidAmount: 'Veuillez saisir un montant valide',
  /** Issue #10 §3, issue #36 §1: the amount is the bidder's maximum. */
  outbidAtOnce: 'Votre maximum est enregistré, mais une enchère automatique plus élevée le dépasse déjà.',
  outbidTie: "Une enchère automatique plus ancienne atteint déjà ce montant : votre mise n'est pas retenue.",
  /** The leader raised their maximum: the price stays (issue #36 §1). */
  raised: 'Votre maximum est relevé. Le prix ne bouge pas : vous êtes toujours en tête.',
  maximumNotRaised:
    'Vous êtes déjà en tête avec un maximum au moins égal : indiquez un montant plus élevé pour le relever.',
  tooManyDecimals: 'Le montant ne peut pas avoir plus de deux décimales',
  tooHigh: `Le montant ne peut pas dépasser ${formatPrice(1_000_000)}`,
  invalidEmail: 'Veuillez saisir une adresse email valide',
  invalidPhone: 'Veuillez saisir un numéro de téléphone valide',
  tooManyRequests: 'Trop de mises en peu de temps. Veuillez réessayer dans quelques instants.',
  /** Spec §8: the auction behind the link is unknown or over (the page's toast, a bid's answer). */
  notFound: 'Enchère non trouvée ou terminée',
} as const

const NUMBER_FORMAT = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 0, maximumFractionDigits: 2 })

/**
 * Cents written as the spec's quoted refusal writes them (« supérieure à {amount}€ », public spec
 * §5): the French way, with cents only when there are some ("125", "1 250,50"). Every other amount
 * is written by `formatPrice` (app/lib/format.ts, issue #36 §6).
 */
function eurosText(cents: number): string {
  const euros = cents / 100
  return cents % 100 === 0
    ? NUMBER_FORMAT.format(euros)
    : euros.toLocaleString('fr-FR', { minimumFractionDigits: 2 })
}

/**
 * The spec's refusal of a low bid: `Votre mise doit être supérieure à {amount}€` (public spec §5),
 * the amount written the French way with cents only when there are some ("125", "1 250,50").
 *
 * @param thresholdCents - the current price, in cents.
 */
export function bidTooLowMessage(thresholdCents: number): string {
  return `Votre mise doit être supérieure à ${eurosText(thresholdCents)}€`
}

/**
 * Why an amount under the minimum bid is refused (issue #10 §3): at or under a current price that
 * bids have reached, the spec's `Votre mise doit être supérieure à {price}€`; otherwise (above the
 * price but under price + increment, or under the start price before any bid)
 * `Votre mise doit être d'au moins {minimum}` (the minimum as `formatPrice` writes it).
 *
 * @param amountCents - the refused amount, cents.
 * @param price - the auction's price (cents) and whether a validated bid made it.
 * @param steps - the increment table ({@link readBidIncrements}).
 */
export function bidRefusalMessage(amountCents: number, price: PriceState, steps: BidIncrementStep[]): string {
  if (price.hasBids && amountCents <= price.prixCents) return bidTooLowMessage(price.prixCents)
  return `Votre mise doit être d'au moins ${formatPrice(minimumBidCents(price, steps) / 100)}`
}

export type AmountParse =
  | { ok: true; cents: number }
  | { ok: false; reason: 'invalid' | 'too-many-decimals' | 'too-high' }

/**
 * Reads an amount typed by a bidder: euros with a dot or a comma, spaces as thousands separators
 * ("1 250,50", "125.5", 125). Strictly positive, at most 2 decimals, at most {@link MAX_BID_CENTS}.
 *
 * @returns the amount in integer cents, or why it is refused.
 */
export function parseBidAmount(value: unknown): AmountParse {
  let text: string
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { ok: false, reason: 'invalid' }
    text = String(value)
  } else if (typeof value === 'string') {
    text = value.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.')
  } else {
    return { ok: false, reason: 'invalid' }
  }
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(text)
  if (!match) return { ok: false, reason: 'invalid' }
  const [, whole = '', fraction = ''] = match
  if (fraction.length > 2) return { ok: false, reason: 'too-many-decimals' }
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  if (cents <= 0) return { ok: false, reason: 'invalid' }
  if (cents > MAX_BID_CENTS) return { ok: false, reason: 'too-high' }
  return { ok: true, cents }
}

/** Euros as the database writes them ('125.00', '125.50') → integer cents. */
export function amountToCents(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.')
  const sign = whole.startsWith('-') ? -1 : 1
  return sign * (Math.abs(Number(whole)) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2)))
}

/** Integer cents → euros as the database writes them (12550 → '125.50'). */
export function centsToAmount(cents: number): string {
  const whole = Math.floor(cents / 100)
  return `${whole}.${String(cents % 100).padStart(2, '0')}`
}

/** Site setting holding the increment table ({@link parseBidIncrements}'s format). */
export const BID_INCREMENTS_SETTING_KEY = 'enchere_paliers'

/** One bracket of the increment table: under `belowCents` (null: every price above the last one) a bid rises by `stepCents`. */
export type BidIncrementStep = { belowCents: number | null; stepCents: number }

/** The increment table when the setting is absent (issue #10 §3): 1 € under 50 €, 5 € under 500 €, 10 € under 1,000 €, 50 € from there. */
export const DEFAULT_BID_INCREMENTS: BidIncrementStep[] = [
  { belowCents: 5_000, stepCents: 100 },
  { belowCents: 50_000, stepCents: 500 },
  { belowCents: 100_000, stepCents: 1_000 },
  { belowCents: null, stepCents: 5_000 },
]

/** Most brackets an increment table may have. */
const MAX_INCREMENT_STEPS = 20

/** The increment setting's format, for its help and its refusals. */
export const BID_INCREMENTS_FORMAT =
  '« plafond:pas » séparés par « ; », puis le pas au-delà du dernier plafond, en euros (ex. 50:1;500:5;1000:10;50)'

/**
 * Reads an increment table as the back-office writes it (issue #10 §3): brackets `ceiling:step`
 * separated by ';', then the step above the last ceiling, all in euros (dot or comma, at most two
 * decimals): '50:1;500:5;1000:10;50' = 1 € under 50 €, 5 € under 500 €, 10 € under 1,000 €, 50 €
 * from 1,000 €. Ceilings strictly rise; at most 20 brackets.
 *
 * @returns the brackets (cents), or the French refusal.
 */
export function parseBidIncrements(
  text: string,
): { ok: true; steps: BidIncrementStep[] } | { ok: false; message: string } {
  const items = text.split(';').map((item) => item.trim())
  if (items.length > MAX_INCREMENT_STEPS) {
    return { ok: false, message: `Paliers invalides : ${MAX_INCREMENT_STEPS} paliers au plus.` }
  }
  const steps: BidIncrementStep[] = []
  for (const [index, item] of items.entries()) {
    const parts = item.split(':').map((part) => part.trim())
    const isLast = index === items.length - 1
    if (parts.length !== (isLast ? 1 : 2)) {
      return { ok: false, message: `Paliers invalides : écrivez ${BID_INCREMENTS_FORMAT}.` }
    }
    const amounts = parts.map((part) => parseBidAmount(part))
    const bad = amounts.findIndex((amount) => !amount.ok)
    if (bad >= 0) {
      return {
        ok: false,
        message: `Paliers invalides : « ${parts[bad]} » n'est pas un montant en euros positif (deux décimales au plus).`,
      }
    }
    const cents = amounts.map((amount) => (amount.ok ? amount.cents : 0))
    const belowCents = isLast ? null : (cents[0] ?? 0)
    const previous = steps.at(-1)?.belowCents
    if (belowCents !== null && previous != null && belowCents <= previous) {
      return { ok: false, message: 'Paliers invalides : chaque plafond doit dépasser le précédent.' }
    }
    steps.push({ belowCents, stepCents: cents.at(-1) ?? 0 })
  }
  return { ok: true, steps }
}

/** Writes an increment table in the setting's format ('50:1;500:5;1000:10;50'). */
export function formatBidIncrements(steps: BidIncrementStep[]): string {
  return steps
    .map((step) =>
      step.belowCents === null
        ? amountInputValue(step.stepCents)
        : `${amountInputValue(step.belowCents)}:${amountInputValue(step.stepCents)}`,
    )
    .join(';')
}

/** The setting's increment table; {@link DEFAULT_BID_INCREMENTS} when absent or unreadable. */
export function readBidIncrements(value: string | null | undefined): BidIncrementStep[] {
  if (!value) return DEFAULT_BID_INCREMENTS
  const parsed = parseBidIncrements(value)
  return parsed.ok ? parsed.steps : DEFAULT_BID_INCREMENTS
}

/**
 * The increment at a price (issue #10 §3): the step of the first bracket whose ceiling is above
 * the price (a price equal to a ceiling takes the next bracket).
 *
 * @param priceCents - the price, cents. @returns the increment, cents.
 */
export function bidIncrementCents(steps: BidIncrementStep[], priceCents: number): number {
  const step = steps.find((candidate) => candidate.belowCents === null || priceCents < candidate.belowCents)
  return step?.stepCents ?? steps.at(-1)?.stepCents ?? 100
}

/** An auction's price as the bid rules need it: cents, and whether a validated bid made it (else it is the start price). */
export type PriceState = { prixCents: number; hasBids: boolean }

/**
 * The lowest acceptable bid (issue #10 §3, public spec §5): the current price + the increment at
 * that price; before any bid, the start price itself.
 *
 * @returns cents.
 */
export function minimumBidCents(price: PriceState, steps: BidIncrementStep[]): number {
  return price.hasBids ? price.prixCents + bidIncrementCents(steps, price.prixCents) : price.prixCents
}

/**
 * Cents as a number input wants them (`min`, `placeholder`, the setting's text): euros with a dot,
 * without decimals when whole ('151', '151.50').
 */
export function amountInputValue(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2)
}

/**
 * The bid form's minimum amount (`min`, `placeholder`, 'Montant minimum : …'), from a page's live
 * state (app/lib/auction-live-state.ts): {@link minimumBidCents} written by {@link amountInputValue}.
 *
 * @param prixActuel - euros as the database writes them ('150.00'); `nombreMises` - validated bids;
 *   `paliers` - the increment table.
 */
export function bidInputMinimum(state: {
  prixActuel: string
  nombreMises: number
  paliers: BidIncrementStep[]
}): string {
  return amountInputValue(
    minimumBidCents(
      { prixCents: amountToCents(state.prixActuel), hasBids: state.nombreMises > 0 },
      state.paliers,
    ),
  )
}

export type BidWindow = 'open' | 'not-active' | 'not-started' | 'ended'

/**
 * Whether an auction takes bids at `now` (issue #4 §4): statut 'active' and
 * `date_debut ≤ now < date_fin`, on the server's clock.
 */
export function bidWindow(
  auction: { statut: string; date_debut: Date; date_fin: Date },
  now: Date,
): BidWindow {
  if (auction.statut !== 'active') return 'not-active'
  if (now.getTime() < auction.date_debut.getTime()) return 'not-started'
  if (now.getTime() >= auction.date_fin.getTime()) return 'ended'
  return 'open'
}

/**
 * Reads the soft-close setting (`enchere_prolongation_minutes`): whole minutes from 0 (off) to
 * 60; absent or unreadable → {@link SOFT_CLOSE_DEFAULT_MINUTES}.
 */
export function parseSoftCloseMinutes(value: string | null | undefined): number {
  if (value === null || value === undefined || !/^\s*\d{1,3}\s*$/.test(value))
    return SOFT_CLOSE_DEFAULT_MINUTES
  return Math.min(Number(value), SOFT_CLOSE_MAX_MINUTES)
}

/**
 * Soft close (issue #4 §4): a bid accepted at `now` within the last `minutes` of the auction pushes
 * the end to `now + minutes`, never past the original end + {@link SOFT_CLOSE_CAP_MINUTES}, and
 * never earlier than it already is. `minutes` = 0 disables it.
 *
 * @param auction.date_fin - the current end.
 * @param auction.date_fin_initiale - the end before any extension (null until the first one).
 * @returns the new `date_fin` and the `date_fin_initiale` to store, or null when nothing changes.
 */
export function softCloseExtension(
  auction: { date_fin: Date; date_fin_initiale: Date | null },
  now: Date,
  minutes: number,
): { date_fin: Date; date_fin_initiale: Date } | null {
  if (minutes <= 0) return null
  const windowMs = minutes * 60_000
  const end = auction.date_fin.getTime()
  if (end - now.getTime() >= windowMs) return null
  const initial = auction.date_fin_initiale ?? auction.date_fin
  const cap = initial.getTime() + SOFT_CLOSE_CAP_MINUTES * 60_000
  const target = Math.min(now.getTime() + windowMs, cap)
  if (target <= end) return null
  return { date_fin: new Date(target), date_fin_initiale: initial }
}

export type ClosingStatut = 'termine_prix_atteint' | 'termine_prix_non_atteint'

/**
 * How an auction ends (issue #4 §7, back-office spec §4): sold ('termine_prix_atteint') when the
 * best validated bid reaches the reserve price — or, without a reserve, when there is at least one
 * validated bid; otherwise unsold ('termine_prix_non_atteint').
 *
 * @param bestBidCents - the highest validated bid in cents, null when there is none.
 * @param reserveCents - the reserve price in cents, null when the auction has none.
 */
export function closingOutcome(bestBidCents: number | null, reserveCents: number | null): ClosingStatut {
  if (bestBidCents === null) return 'termine_prix_non_atteint'
  if (reserveCents === null) return 'termine_prix_atteint'
  return bestBidCents >= reserveCents ? 'termine_prix_atteint' : 'termine_prix_non_atteint'
}

/**
 * One e-mail address, as typed (public spec §5: non-empty and containing '@'), tightened so it is
 * a single address: no spaces, separators or angle brackets, one '@' with text on both sides.
 * Addresses are compared and stored in lower case, so a bidder's capitals do not split their
 * validation from their bids.
 *
 * @returns the trimmed, lower-cased address, or null when it is not acceptable.
 */
export function normalizeBidderEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const email = value.trim()
  if (email.length === 0 || email.length > BID_LIMITS.email) return null
  return /^[^\s@,;<>()"]+@[^\s@,;<>()"]+$/.test(email) ? email.toLowerCase() : null
}

/** A phone number a person could dial: digits with spaces, dots, dashes, brackets and '+'; 6–15 digits. */
export function isPlausiblePhone(value: string): boolean {
  if (!/^[\d\s+().-]+$/.test(value)) return false
  const digits = value.replace(/\D/g, '').length
  return digits >= 6 && digits <= 15
}
