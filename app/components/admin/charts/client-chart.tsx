import { type ReactNode, Suspense, useEffect, useState } from 'react'

/**
 * The site's colours as a back-office chart draws them (issue #36 §3): the accent is the buttons'
 * colour the artist chose (`--button-color` on `<html>`, root.tsx), the ink and the grid those of
 * the theme (app/theme.css), the soft-close marks an amber that reads on the paper.
 */
export const CHART_COLORS = {
  accent: 'var(--button-color, #0ea5e9)',
  ink: 'var(--color-ink, #111827)',
  muted: '#4b5563',
  grid: '#e5e7eb',
  paper: '#ffffff',
  extension: '#b45309',
} as const

/**
 * Where a back-office chart is drawn (issue #36 §3): a box `height` px high, empty on the server
 * and until the page has hydrated, then `children` — a chart whose code `React.lazy` loads, so the
 * chart library never runs on the server and stays out of the screen's first script (public pages
 * never load it at all). The box keeps its size while the code loads, so nothing moves.
 *
 * @param height - the chart's height, px.
 */
export function ClientChart({ height, children }: { height: number; children: ReactNode }) {
  const [isClient, setIsClient] = useState(false)
  useEffect(() => setIsClient(true), [])
  return (
    <div className="w-full min-w-0" style={{ height }}>
      {isClient ? <Suspense fallback={null}>{children}</Suspense> : null}
    </div>
  )
}

/**
 * The box of a chart's tooltip (Recharts' `Tooltip content`): always there and announced as it
 * changes, so what the arrow keys move to is read out; `children` (the point's lines) only while
 * a point is active.
 *
 * @param className - adds layout classes (a width limit).
 */
export function ChartTooltipBox({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`${className ?? ''} rounded-md border border-gray-200 bg-white px-3 py-2 text-sm shadow-sm`}
    >
      {children}
    </div>
  )
}

/**
 * A chart's data as a table, the alternative to the drawing for screen readers and for anyone who
 * wants the numbers (issue #36 §3): folded under « Voir les données du graphique », scrolling
 * within its frame when long.
 *
 * @param caption - the table's caption (read by screen readers; also names its scrolling frame).
 * @param columns - the header cells, French.
 * @param rows - one entry a row: a unique key and its cells.
 */
export function ChartDataTable({
  caption,
  columns,
  rows,
}: {
  caption: string
  columns: string[]
  rows: ReadonlyArray<{ key: string; cells: ReactNode[] }>
}) {
  return (
    <details className="mt-3 text-sm text-gray-700">
      <summary className="cursor-pointer font-medium text-gray-900 underline underline-offset-4">
        Voir les données du graphique
      </summary>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling frame must be reachable by keyboard (axe scrollable-region-focusable). */}
      <section aria-label={caption} tabIndex={0} className="mt-2 max-h-72 overflow-auto">
        <table className="w-full text-left tabular-nums">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-gray-200">
              {columns.map((column) => (
                <th key={column} scope="col" className="py-1 pr-3 font-medium text-gray-900">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-b border-gray-100">
                {row.cells.map((cell, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are fixed columns.
                  <td key={index} className="py-1 pr-3">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  )
}
