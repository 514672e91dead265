/**
 * The auction rules as pure functions (issue #4 §4 and §7, public spec §5 "Bid", DESIGN.md §6).
 * No database, no clock: the server's use cases (`place-bid.server.ts`, `close-auctions.server.ts`)
 * pass the state and the time in; the bid form's schema is app/lib/bid-form-schema.ts.
 * Money is handled as integer cents here; the database stores euros as numeric(12,2) strings.
 */

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
  tooManyDecimals: 'Le montant ne peut pas avoir plus de deux décimales',
  tooHigh: 'Le montant ne peut pas dépasser 1 000 000 €',
  invalidEmail: 'Veuillez saisir une adresse email valide',
  invalidPhone: 'Veuillez saisir un numéro de téléphone valide',
  tooManyRequests: 'Trop de mises en peu de temps. Veuillez réessayer dans quelques instants.',
  /** Spec §8: the auction behind the link is unknown or over (the page's toast, a bid's answer). */
  notFound: 'Enchère non trouvée ou terminée',
} as const

const NUMBER_FORMAT = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 0, maximumFractionDigits: 2 })

/**
 * The spec's refusal of a low bid: `Votre mise doit être supérieure à {amount}€` (public spec §5),
 * the amount written the French way with cents only when there are some ("125", "1 250,50").
 *
 * @param thresholdCents - the current price (or start price when no bid), in cents.
 */
export function bidTooLowMessage(thresholdCents: number): string {
  const euros = thresholdCents / 100
  const text =
    thresholdCents % 100 === 0
      ? NUMBER_FORMAT.format(euros)
      : euros.toLocaleString('fr-FR', { minimumFractionDigits: 2 })
  return `Votre mise doit être supérieure à ${text}€`
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

/**
 * The lowest value the bid form's amount input offers (public spec §5: "the input minimum is
 * that value plus 1"), in cents: the current price + 1 €.
 */
export function bidInputMinimumCents(prixActuelCents: number): number {
  return prixActuelCents + 100
}

/**
 * The bid form's minimum amount as its number input wants it (`min`, `placeholder`): euros with a
 * dot, without decimals when whole ('151', '151.50').
 *
 * @param prixActuel - the current price, euros as the database writes them ('150.00').
 */
export function bidInputMinimum(prixActuel: string): string {
  const cents = bidInputMinimumCents(amountToCents(prixActuel))
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2)
}

/**
 * Whether an amount beats the current price (public spec §5: strictly greater than the current
 * price, or the start price while there is no bid — `prix_actuel` starts at `prix_depart`).
 * An equal amount is refused: between equal bids the earlier one wins (issue #4 §4).
 */
export function isAmountAbove(amountCents: number, prixActuelCents: number): boolean {
  return amountCents > prixActuelCents
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
