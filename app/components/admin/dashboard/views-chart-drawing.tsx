import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { CHART_COLORS, ChartTooltipBox } from '#app/components/admin/charts/client-chart'
import { formatDate } from '#app/lib/format'
import { dateTimeFormat } from '#app/lib/intl-formats'
import { countLabel, formatCount } from '#app/lib/pagination'

type Day = { jour: string; vues: number }

const viewsText = (vues: number) => countLabel(vues, 'vue', 'vues')

/** The tooltip of a day: its date in full and its views. */
function DayTooltip({
  active,
  payload,
  timeZone,
}: {
  active?: boolean
  payload?: ReadonlyArray<{ payload?: Day }>
  timeZone: string
}) {
  const day = active ? payload?.[0]?.payload : undefined
  return (
    <ChartTooltipBox>
      {day ? (
        <>
          <p className="font-medium text-gray-900">{formatDate(day.jour, timeZone)}</p>
          <p className="text-gray-700">{viewsText(day.vues)}</p>
        </>
      ) : null}
    </ChartTooltipBox>
  )
}

/**
 * The dashboard's daily views drawn with Recharts (issue #36 §3): one bar a day in the site's
 * accent colour, the dates on the horizontal axis (as many as fit the width), the views on the
 * vertical one, a grid, and the day's date and views in a tooltip on hover and on keyboard focus
 * (arrow keys move from day to day). Loaded only in the browser, by {@link ViewsChart}'s frame.
 *
 * @param days - one entry a day (YYYY-MM-DD), oldest first.
 * @param timeZone - the site's time zone (SITE_TIMEZONE).
 */
export default function ViewsChartDrawing({ days, timeZone }: { days: Day[]; timeZone: string }) {
  const dayMonth = dateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', timeZone })
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        data={days}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        accessibilityLayer
        title="Vues par jour"
      >
        <CartesianGrid vertical={false} stroke={CHART_COLORS.grid} />
        <XAxis
          dataKey="jour"
          tickFormatter={(jour: string) => dayMonth.format(new Date(jour))}
          tick={{ fill: CHART_COLORS.muted, fontSize: 12 }}
          tickLine={false}
          axisLine={{ stroke: CHART_COLORS.grid }}
          interval="preserveStartEnd"
          minTickGap={16}
        />
        <YAxis
          allowDecimals={false}
          tickFormatter={formatCount}
          // Wide enough for the largest count (12 px type: about 7 px a character).
          width={12 + 7 * formatCount(Math.max(0, ...days.map((day) => day.vues))).length}
          tick={{ fill: CHART_COLORS.muted, fontSize: 12 }}
          tickLine={false}
          axisLine={false}
        />
        <Tooltip
          cursor={{ fill: CHART_COLORS.grid, opacity: 0.5 }}
          content={(props) => (
            <DayTooltip
              active={props.active}
              payload={props.payload as ReadonlyArray<{ payload?: Day }>}
              timeZone={timeZone}
            />
          )}
        />
        <Bar
          dataKey="vues"
          name="Vues"
          fill={CHART_COLORS.accent}
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  )
}
