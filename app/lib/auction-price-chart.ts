import { amountToCents, softCloseExtension } from './auction-rules'

/** An accepted bid as the chart places it: from `at` (ms since the epoch) the price is `cents`. */
export type PricePoint = {
  at: number
  cents: number
  /** Placed by the bidder's automatic-bid maximum rather than by the bidder (issue #36 §3). */
  automatique: boolean
  /** The bidder's first name, for the tooltip and the table (the back-office only). */
  prenom: string
}
/** A soft-close extension: the bid at `at` (ms) moved the end to `until` (ms). */
export type ChartExtension = { at: number; until: number }

/** What the back-office's price chart draws (issue #10 §4, issue #36 §3). */
export type PriceChart = {
  /** The start price (cents) from the start of the auction (ms). */
  start: { at: number; cents: number }
  /** Each accepted bid, in acceptance order. */
  points: PricePoint[]
  extensions: ChartExtension[]
  /** The reserve price, cents; null without one. */
  reserveCents: number | null
}

/**
 * The price of an auction over time, its bids (by hand or automatic), its reserve and its
 * soft-close extensions, for the back-office chart (issue #10 §4, issue #36 §3). Accepted bids
 * only raise the price, so their amounts in ascending order are their acceptance order; a bid's
 * time is its `cree_le`, never before the previous point. The extensions are not stored: they are
 * found again by replaying the soft-close rule ({@link softCloseExtension}) over the bids from the
 * original end, with the current setting.
 *
 * @param auction.prixDepart - euros ('100.00'); `prixReserve` euros or null; dates as ISO strings or Dates.
 * @param auction.dateFinInitiale - the end before any extension, or null (then `dateFin`, never extended).
 * @param bids - the validated bids in any order: amount in euros, `creeLe` ISO string or Date,
 *   whether the server placed it (`automatique`) and the bidder's first name.
 * @param softCloseMinutes - the soft-close setting in minutes (0: off).
 * @returns the start, the bids and the extensions (times in ms, amounts in cents), the reserve.
 */
export function buildPriceChart(
  auction: {
    prixDepart: string
    prixReserve: string | null
    dateDebut: string | Date
    dateFin: string | Date
    dateFinInitiale: string | Date | null
  },
  bids: ReadonlyArray<{ montant: string; creeLe: string | Date; automatique: boolean; prenom: string }>,
  softCloseMinutes: number,
): PriceChart {
  const start = { at: new Date(auction.dateDebut).getTime(), cents: amountToCents(auction.prixDepart) }
  const points: PricePoint[] = []
  const extensions: ChartExtension[] = []
  const initial = new Date(auction.dateFinInitiale ?? auction.dateFin)
  let state = { date_fin: initial, date_fin_initiale: null as Date | null }
  const ordered = [...bids].sort((a, b) => amountToCents(a.montant) - amountToCents(b.montant))
  for (const bid of ordered) {
    const at = Math.max(points.at(-1)?.at ?? start.at, new Date(bid.creeLe).getTime())
    points.push({ at, cents: amountToCents(bid.montant), automatique: bid.automatique, prenom: bid.prenom })
    const extension = softCloseExtension(state, new Date(at), softCloseMinutes)
    if (extension) {
      extensions.push({ at, until: extension.date_fin.getTime() })
      state = extension
    }
  }
  return {
    start,
    points,
    extensions,
    reserveCents: auction.prixReserve === null ? null : amountToCents(auction.prixReserve),
  }
}
