import {
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { CHART_COLORS, ChartTooltipBox } from '#app/components/admin/charts/client-chart'
import { formatPrice } from '#app/lib/format'
import type { PriceChartRow } from './admin-price-chart'

/** A dot of the chart as Recharts hands it to a custom shape: its centre (px) and its row. */
type DotProps = { cx?: number; cy?: number; index?: number; payload?: PriceChartRow }

/** A bid placed by the bidder: a disc in the accent colour, ringed with white (keyed: Recharts lists the dots). */
function bidDot({ cx, cy, index, payload }: DotProps) {
  if (cx === undefined || cy === undefined || !payload?.bid) return <g key={`mise-${index}`} />
  return (
    <circle
      key={`mise-${index}`}
      cx={cx}
      cy={cy}
      r={5.5}
      fill={CHART_COLORS.accent}
      stroke={CHART_COLORS.paper}
      strokeWidth={1.5}
    />
  )
}

/** A bid placed by an automatic-bid maximum: a diamond in ink, ringed with white (keyed likewise). */
function automaticDot({ cx, cy, index, payload }: DotProps) {
  if (cx === undefined || cy === undefined || !payload?.auto) return <g key={`auto-${index}`} />
  return (
    <path
      key={`auto-${index}`}
      d={`M${cx},${cy - 7}L${cx + 7},${cy}L${cx},${cy + 7}L${cx - 7},${cy}Z`}
      fill={CHART_COLORS.ink}
      stroke={CHART_COLORS.paper}
      strokeWidth={1.5}
    />
  )
}

/** The bids' marks: discs for the bidders' own, diamonds for the automatic ones (each its own series). */
const DOT_SERIES = [
  { dataKey: 'bid', name: 'Mise', dot: bidDot },
  { dataKey: 'auto', name: 'Enchère automatique', dot: automaticDot },
] as const

/** The soft-close mark at the top of the plot: a triangle pointing at the dashed line, inside the frame. */
function ExtensionMark({ viewBox }: { viewBox?: { x?: number; y?: number } }) {
  const x = viewBox?.x ?? 0
  const y = viewBox?.y ?? 0
  return <path d={`M${x - 6},${y}h12l-6,9z`} fill={CHART_COLORS.extension} />
}

/** The tooltip of a row: the time, the amount, who placed it and how, and the extension it caused. */
function RowTooltip({
  active,
  payload,
}: {
  active?: boolean
  payload?: ReadonlyArray<{ payload?: PriceChartRow }>
}) {
  const row = active ? payload?.[0]?.payload : undefined
  return (
    <ChartTooltipBox className="max-w-64">
      {row ? (
        <>
          <p className="font-medium text-gray-900">{row.time}</p>
          <p className="text-gray-900 tabular-nums">{formatPrice(row.price)}</p>
          <p className="text-gray-700">{row.kind}</p>
          {row.extendedTo ? (
            <p className="text-amber-800">Prolongation : fin repoussée à {row.extendedTo}</p>
          ) : null}
        </>
      ) : null}
    </ChartTooltipBox>
  )
}

/**
 * The price chart drawn with Recharts (issue #36 §3): the price as a step line over the bids in
 * the order they were accepted (one slot each, so a bid and the automatic bid it caused never sit
 * on one another), the bids as discs and the automatic bids as diamonds, the reserve as a dashed
 * line, each soft-close extension as a dashed amber line with its triangle inside the frame, the
 * prices on the vertical axis and the bids' times on the horizontal one, a grid, and a tooltip on
 * hover and on keyboard focus (arrow keys move from bid to bid). Loaded only in the browser by
 * {@link AdminPriceChart}'s frame.
 *
 * @param rows - the start then each bid ({@link PriceChartRow}); amounts in euros.
 * @param reserve - the reserve price in euros, or null.
 */
export default function PriceChartDrawing({
  rows,
  reserve,
}: {
  rows: PriceChartRow[]
  reserve: number | null
}) {
  const tick = { fill: CHART_COLORS.muted, fontSize: 12 }
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart
        data={rows}
        margin={{ top: 14, right: 12, bottom: 4, left: 4 }}
        accessibilityLayer
        title="Évolution du prix, mise par mise"
      >
        <CartesianGrid stroke={CHART_COLORS.grid} />
        <XAxis
          dataKey="slot"
          tickFormatter={(slot: number) => rows[slot]?.tick ?? ''}
          tick={tick}
          tickLine={false}
          axisLine={{ stroke: CHART_COLORS.grid }}
          interval="preserveStartEnd"
          minTickGap={12}
          // The first and last dots whole, not cut by the frame.
          padding={{ left: 14, right: 14 }}
        />
        <YAxis
          domain={['auto', 'auto']}
          tickFormatter={(euros: number) => formatPrice(euros).replace(/,00/, '')}
          tick={tick}
          tickLine={false}
          axisLine={false}
          width={64}
          tickCount={5}
        />
        {rows
          .filter((row) => row.extendedTo)
          .map((row) => (
            <ReferenceLine
              key={`prolongation-${row.slot}`}
              x={row.slot}
              stroke={CHART_COLORS.extension}
              strokeDasharray="4 3"
              label={<ExtensionMark />}
            />
          ))}
        {reserve === null ? null : (
          <ReferenceLine
            y={reserve}
            ifOverflow="extendDomain"
            stroke={CHART_COLORS.muted}
            strokeDasharray="8 4"
            label={{
              value: `Réserve ${formatPrice(reserve)}`,
              position: 'insideTopRight',
              fill: CHART_COLORS.muted,
              fontSize: 12,
            }}
          />
        )}
        <Tooltip content={(props) => <RowTooltip active={props.active} payload={props.payload as never} />} />
        <Line
          dataKey="price"
          name="Prix"
          type="stepAfter"
          stroke={CHART_COLORS.ink}
          strokeWidth={2}
          dot={false}
          activeDot={false}
          isAnimationActive={false}
        />
        {DOT_SERIES.map((series) => (
          <Line
            key={series.dataKey}
            dataKey={series.dataKey}
            name={series.name}
            stroke="none"
            dot={series.dot}
            activeDot={false}
            isAnimationActive={false}
          />
        ))}
      </ComposedChart>
    </ResponsiveContainer>
  )
}
