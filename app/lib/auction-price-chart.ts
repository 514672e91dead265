import { amountToCents, softCloseExtension } from './auction-rules'

/** One step of the price line: from `at` (ms since the epoch) the price is `cents`. */
export type PricePoint = { at: number; cents: number }
/** A soft-close extension: a bid at `at` (ms) moved the end to `until` (ms). */
export type ChartExtension = { at: number; until: number }

/** What the back-office's price chart draws (issue #10 §4). */
export type PriceChart = {
  /** The start price at the start, then each accepted bid, in acceptance order. */
  points: PricePoint[]
  extensions: ChartExtension[]
}

/**
 * The price of an auction over time and its soft-close extensions, for the back-office chart
 * (issue #10 §4). Accepted bids only raise the price, so their amounts in ascending order are
 * their acceptance order; a bid's time is its `cree_le`, never before the previous point. The
 * extensions are not stored: they are found again by replaying the soft-close rule
 * ({@link softCloseExtension}) over the bids from the original end, with the current setting.
 *
 * @param auction.prixDepart - euros ('100.00'); dates as ISO strings or Dates.
 * @param auction.dateFinInitiale - the end before any extension, or null (then `dateFin`, never extended).
 * @param bids - the validated bids in any order: amount in euros, `creeLe` ISO string or Date.
 * @param softCloseMinutes - the soft-close setting in minutes (0: off).
 * @returns the points (at least the start) and the extensions, times in ms.
 */
export function buildPriceChart(
  auction: {
    prixDepart: string
    dateDebut: string | Date
    dateFin: string | Date
    dateFinInitiale: string | Date | null
  },
  bids: ReadonlyArray<{ montant: string; creeLe: string | Date }>,
  softCloseMinutes: number,
): PriceChart {
  const points: PricePoint[] = [
    { at: new Date(auction.dateDebut).getTime(), cents: amountToCents(auction.prixDepart) },
  ]
  const extensions: ChartExtension[] = []
  const initial = new Date(auction.dateFinInitiale ?? auction.dateFin)
  let state = { date_fin: initial, date_fin_initiale: null as Date | null }
  const ordered = [...bids].sort((a, b) => amountToCents(a.montant) - amountToCents(b.montant))
  for (const bid of ordered) {
    const previous = points.at(-1) as PricePoint
    const at = Math.max(previous.at, new Date(bid.creeLe).getTime())
    points.push({ at, cents: amountToCents(bid.montant) })
    const extension = softCloseExtension(state, new Date(at), softCloseMinutes)
    if (extension) {
      extensions.push({ at, until: extension.date_fin.getTime() })
      state = extension
    }
  }
  return { points, extensions }
}
