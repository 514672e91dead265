import { lazy, type ReactNode } from 'react'
import { CHART_COLORS, ChartDataTable, ClientChart } from '#app/components/admin/charts/client-chart'
import { Card } from '#app/components/ui/card'
import type { PriceChart } from '#app/lib/auction-price-chart'
import { centsToAmount } from '#app/lib/auction-rules'
import { formatPrice } from '#app/lib/format'
import { dateTimeFormat } from '#app/lib/intl-formats'
import { countLabel } from '#app/lib/pagination'
import { useTimeZone } from '#app/lib/use-time-zone'

const PriceChartDrawing = lazy(() => import('./admin-price-chart-drawing'))

/** The chart's height, px. */
const PRICE_CHART_HEIGHT = 260
/** From this span the times show their day too, in ms. */
const SAME_DAY_MS = 24 * 3_600_000

/** One slot of the price chart: the start, then each bid in acceptance order. Amounts in euros. */
export type PriceChartRow = {
  slot: number
  /** The horizontal axis' label: the time (with the day when the bids span days). */
  tick: string
  /** The time in full, for the tooltip and the table. */
  time: string
  /** The price from this slot on. */
  price: number
  /** The bid's amount when a bidder placed it, for its disc. */
  bid?: number
  /** The bid's amount when an automatic-bid maximum placed it, for its diamond. */
  auto?: number
  /** What the slot is: 'Prix de départ', 'Mise de Lina', 'Enchère automatique de Paul'. */
  kind: string
  /** The end this bid moved the auction to (soft close), in full, when it did. */
  extendedTo?: string
}

const euros = (cents: number) => Number(centsToAmount(cents))

/**
 * The rows the drawing and the table show: the start price (unless `withStart` is false: the
 * chart draws only the latest bids, which the start price would flatten), then each bid with its
 * time, amount, kind and the soft-close extension it caused. A row's `slot` is its index.
 */
function chartRows(chart: PriceChart, timeZone: string, withStart: boolean): PriceChartRow[] {
  const last = chart.points.at(-1)?.at ?? chart.start.at
  const first = chart.points[0]?.at ?? chart.start.at
  const withDay = last - first >= SAME_DAY_MS
  const full = dateTimeFormat('fr-FR', {
    timeZone,
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
  const short = dateTimeFormat(
    'fr-FR',
    withDay
      ? { timeZone, day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' }
      : { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit' },
  )
  const extensions = new Map(chart.extensions.map((extension) => [extension.at, extension.until]))
  const start: PriceChartRow = {
    slot: 0,
    tick: 'Départ',
    time: full.format(new Date(chart.start.at)),
    price: euros(chart.start.cents),
    kind: 'Prix de départ',
  }
  const offset = withStart ? 1 : 0
  return [
    ...(withStart ? [start] : []),
    ...chart.points.map((point, index): PriceChartRow => {
      const amount = euros(point.cents)
      const until = extensions.get(point.at)
      // Several bids of one instant: the extension is drawn at the last of them.
      const isLastOfInstant = chart.points[index + 1]?.at !== point.at
      return {
        slot: index + offset,
        tick: short.format(new Date(point.at)),
        time: full.format(new Date(point.at)),
        price: amount,
        ...(point.automatique ? { auto: amount } : { bid: amount }),
        kind: point.automatique ? `Enchère automatique de ${point.prenom}` : `Mise de ${point.prenom}`,
        ...(until !== undefined && isLastOfInstant ? { extendedTo: full.format(new Date(until)) } : {}),
      }
    }),
  ]
}

/** One entry of the legend: its glyph, drawn as in the chart, and its French name. */
function LegendItem({ glyph, children }: { glyph: ReactNode; children: ReactNode }) {
  return (
    <li className="inline-flex items-center gap-2">
      <svg aria-hidden="true" width="22" height="14" viewBox="0 0 22 14" className="shrink-0">
        {glyph}
      </svg>
      {children}
    </li>
  )
}

/**
 * 'Évolution du prix' (issue #10 §4, issue #36 §3): the card auction's price, bid by bid — a chart
 * drawn in the browser by Recharts ({@link PriceChartDrawing}: axes, grid, reserve line,
 * soft-close marks, bids and automatic bids told apart, tooltips), its legend, a summary, and the
 * same data as a table for screen readers. The screen revalidates on live events, so the chart
 * follows the bids.
 *
 * @param chart - from buildPriceChart (app/lib/auction-price-chart.ts); nothing shown without a bid.
 * @param bidCount - the auction's validated bids, all counted: when the chart draws only the latest
 *   of them (CHART_BIDS_LIMIT), the summary says so.
 */
export function AdminPriceChart({ chart, bidCount }: { chart: PriceChart; bidCount: number }) {
  const timeZone = useTimeZone()
  if (chart.points.length === 0) return null
  const drawn = chart.points.length
  const count = Math.max(bidCount, drawn)
  const rows = chartRows(chart, timeZone, drawn === count)
  const high = Math.max(...chart.points.map((point) => point.cents))
  const automatic = chart.points.filter((point) => point.automatique).length
  const summary = [
    `De ${formatPrice(euros(chart.start.cents))} à ${formatPrice(euros(high))} en ${countLabel(count, 'mise', 'mises')}`,
    drawn < count ? `les ${drawn} dernières tracées` : null,
    automatic > 0 ? `dont ${automatic} automatique${automatic > 1 ? 's' : ''}` : null,
    chart.extensions.length > 0
      ? `${chart.extensions.length} prolongation${chart.extensions.length > 1 ? 's' : ''}`
      : null,
  ]
    .filter(Boolean)
    .join(', ')
  const reserve = chart.reserveCents === null ? null : euros(chart.reserveCents)

  return (
    <Card>
      <h2 className="text-lg font-semibold text-gray-900">Évolution du prix</h2>
      <figure className="mt-3" data-testid="graphique-prix">
        <figcaption className="text-sm text-gray-700">{`${summary}.`}</figcaption>
        <ul aria-label="Légende" className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-gray-700">
          <LegendItem
            glyph={<circle cx="11" cy="7" r="5" fill={CHART_COLORS.accent} stroke="#fff" strokeWidth="1.5" />}
          >
            Mise
          </LegendItem>
          <LegendItem glyph={<path d="M11,0L18,7L11,14L4,7Z" fill={CHART_COLORS.ink} />}>
            Enchère automatique
          </LegendItem>
          {reserve === null ? null : (
            <LegendItem
              glyph={
                <line
                  x1="0"
                  x2="22"
                  y1="7"
                  y2="7"
                  stroke={CHART_COLORS.muted}
                  strokeWidth="2"
                  strokeDasharray="8 4"
                />
              }
            >
              {`Prix de réserve (${formatPrice(reserve)})`}
            </LegendItem>
          )}
          {chart.extensions.length > 0 ? (
            <LegendItem
              glyph={
                <>
                  <path d="M5,0h12l-6,8z" fill={CHART_COLORS.extension} />
                  <line x1="11" x2="11" y1="8" y2="14" stroke={CHART_COLORS.extension} strokeWidth="2" />
                </>
              }
            >
              Prolongation de fin d'enchère
            </LegendItem>
          ) : null}
        </ul>
        <div className="mt-2">
          <ClientChart height={PRICE_CHART_HEIGHT}>
            <PriceChartDrawing rows={rows} reserve={reserve} />
          </ClientChart>
        </div>
        <ChartDataTable
          caption="Mises de l'enchère, dans l'ordre"
          columns={['Heure', 'Montant', 'Mise', 'Prolongation']}
          rows={rows.map((row) => ({
            key: String(row.slot),
            cells: [
              row.time,
              formatPrice(row.price),
              row.kind,
              row.extendedTo ? `Fin repoussée à ${row.extendedTo}` : '',
            ],
          }))}
        />
      </figure>
    </Card>
  )
}
