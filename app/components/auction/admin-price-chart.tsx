import { Card } from '#app/components/ui/card'
import type { PriceChart } from '#app/lib/auction-price-chart'
import { centsToAmount } from '#app/lib/auction-rules'
import { formatDateTime, formatPrice } from '#app/lib/format'
import { dateTimeFormat } from '#app/lib/intl-formats'
import { useTimeZone } from '#app/lib/use-time-zone'

/** The drawing's size in SVG units; it scales to the card's width (the labels are HTML, so they stay readable). */
const WIDTH = 640
const HEIGHT = 220
const PAD = { left: 8, right: 8, top: 12, bottom: 12 }
/** Below this span the time axis shows hours only, in ms. */
const SAME_DAY_MS = 24 * 3_600_000

const price = (cents: number) => formatPrice(centsToAmount(cents))

function timeLabel(at: number, span: number, timeZone: string): string {
  if (span >= SAME_DAY_MS) return formatDateTime(new Date(at), timeZone)
  return dateTimeFormat('fr-FR', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(new Date(at))
}

/**
 * 'Évolution du prix' (issue #10 §4): the card auction's price over time as a step line drawn by
 * hand in SVG (no chart library: admin only, a few dozen lines), a dot per accepted bid and a
 * dashed mark per soft-close extension, with their values in tooltips and a text summary for
 * screen readers. The time axis runs from shortly before the first bid to the last event. The
 * screen revalidates on live events, so the chart follows the bids.
 *
 * @param chart - from buildPriceChart (app/lib/auction-price-chart.ts); nothing shown without a bid.
 */
export function AdminPriceChart({ chart }: { chart: PriceChart }) {
  const timeZone = useTimeZone()
  const [start, ...bids] = chart.points
  if (!start || bids.length === 0) return null
  const first = (bids[0] ?? start).at
  const last = Math.max(...chart.points.map((point) => point.at), ...chart.extensions.map((item) => item.at))
  const span = Math.max(last - first, 120_000)
  const t0 = Math.max(start.at, first - span * 0.1)
  const t1 = last + span * 0.05
  const low = start.cents
  const high = Math.max(...bids.map((point) => point.cents))
  // A first bid may equal the start price (issue #10 §3): the line is then flat, drawn at the bottom.
  const top = Math.max(high, low + 1)
  const x = (at: number) => PAD.left + ((at - t0) / (t1 - t0)) * (WIDTH - PAD.left - PAD.right)
  const y = (cents: number) => PAD.top + (1 - (cents - low) / (top - low)) * (HEIGHT - PAD.top - PAD.bottom)
  const path = [
    `M${x(t0)},${y(start.cents)}`,
    ...bids.map((point) => `H${x(point.at)}V${y(point.cents)}`),
    `H${x(t1)}`,
  ]
  const summary = `De ${price(low)} à ${price(high)} en ${bids.length} mise${bids.length > 1 ? 's' : ''}${
    chart.extensions.length > 0
      ? `, ${chart.extensions.length} prolongation${chart.extensions.length > 1 ? 's' : ''}`
      : ''
  }.`

  return (
    <Card>
      <h2 className="text-lg font-semibold text-gray-900">Évolution du prix</h2>
      <figure className="mt-4">
        <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
          <div
            aria-hidden
            className="flex shrink-0 flex-col justify-between py-1 text-right text-xs text-gray-600 tabular-nums"
          >
            <span>{price(high)}</span>
            <span>{price(low)}</span>
          </div>
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            className="h-auto w-full text-gray-900"
            role="img"
            aria-label={`Évolution du prix. ${summary}`}
            data-testid="graphique-prix"
          >
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(low)} y2={y(low)} className="stroke-gray-200" />
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(high)}
              y2={y(high)}
              className="stroke-gray-200"
            />
            {chart.extensions.map((extension) => (
              <g key={extension.at} data-testid="prolongation">
                <title>{`Prolongation : fin repoussée au ${formatDateTime(new Date(extension.until), timeZone)}`}</title>
                <line
                  x1={x(extension.at)}
                  x2={x(extension.at)}
                  y1={PAD.top}
                  y2={HEIGHT - PAD.bottom}
                  strokeDasharray="4 3"
                  className="stroke-amber-600"
                />
                <path d={`M${x(extension.at) - 5},${PAD.top - 8}h10l-5,7z`} className="fill-amber-600" />
              </g>
            ))}
            <path d={path.join('')} fill="none" strokeWidth={2.5} className="stroke-current" />
            {bids.map((point) => (
              <circle
                key={`${point.at}-${point.cents}`}
                cx={x(point.at)}
                cy={y(point.cents)}
                r={5}
                className="fill-current"
              >
                <title>{`${price(point.cents)} — ${formatDateTime(new Date(point.at), timeZone)}`}</title>
              </circle>
            ))}
          </svg>
          <div aria-hidden className="col-start-2 flex justify-between text-xs text-gray-600 tabular-nums">
            <span>{timeLabel(t0, t1 - t0, timeZone)}</span>
            <span>{timeLabel(last, t1 - t0, timeZone)}</span>
          </div>
        </div>
        <figcaption className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-gray-600">
          <span>{summary}</span>
          {chart.extensions.length > 0 ? (
            <span className="inline-flex items-center gap-2">
              <span aria-hidden className="inline-block h-4 border-l-2 border-dashed border-amber-600" />
              Prolongation de fin d'enchère
            </span>
          ) : null}
        </figcaption>
      </figure>
    </Card>
  )
}
