/**
 * A statement's pie chart: the share of each product (or purchase order) in a
 * period's total, drawn as SVG with @visx/shape. It is drawn once on the server
 * (statement-pie.server.tsx) and shown as markup on the page and in the PDF, so
 * it needs neither JavaScript nor the drawing code in the page's script.
 *
 * The page shows the markup with StatementPieFrame (statement-pie-frame.tsx).
 *
 * The table after the chart is its text alternative and the source for screen
 * readers (every slice with its amount and share); the labels and the table, not
 * the colours, say which slice is which.
 */
import { Pie } from '@visx/shape'
import { formatNumber } from '../../domain/entitlements'
import { OTHER_LABEL, pieSlices, type PieInput, type PieSlice } from '../../view/pie-slices'

export interface StatementPieProps {
  /** The chart's title: the table's caption. */
  title: string
  slices: PieInput[]
  /** The currency of every amount. */
  currency: string
  /** Unique in the document (ids inside the chart are made from it). */
  id: string
  /**
   * Whether the chart brings its own table (the default). Without it, the
   * document shows the same figures in a table of its own next to the chart.
   */
  table?: boolean
}

/**
 * Fills in slice order, one for each named slice (pie-slices: MAX_NAMED_SLICES + 1): each at least 4.5:1 against white (the white share
 * labels on them and the white page around them), and neighbours of clearly
 * different hue. 'Other' is always grey.
 */
export const PIE_COLORS = [
  '#1d4ed8',
  '#b45309',
  '#047857',
  '#7e22ce',
  '#be123c',
  '#0e7490',
  '#4d7c0f',
  '#a21caf',
  '#854d0e',
] as const
export const OTHER_COLOR = '#4b5563'

const SIZE = 180
const RADIUS = SIZE / 2 - 2
/** A slice shows its share inside when it spans at least this angle (about 14 %): room for '100.0 %'. */
const LABEL_MIN_ANGLE = 0.9
/** Where a share sits on its slice, from the centre. */
const LABEL_RADIUS = RADIUS * 0.6

export function sliceColor(slice: PieSlice, index: number): string {
  return slice.label === OTHER_LABEL && slice.count > 1 ? OTHER_COLOR : PIE_COLORS[index % PIE_COLORS.length]
}

function sliceName(slice: PieSlice): string {
  return slice.count > 1 ? `${slice.label} (${slice.count} products)` : slice.label
}

export const periodUsedText = (value: number, currency: string) => `${formatNumber(value, 2)} ${currency}`.trim()

export function StatementPie({ title, slices: inputs, currency, id, table = true }: StatementPieProps) {
  const slices = pieSlices(inputs)
  if (slices.length === 0) {
    return (
      <div className="statement-pie" data-chart="pie" id={id}>
        <p className="text-sm text-gray-700">{title}: no usage in this period.</p>
      </div>
    )
  }
  const total = slices.reduce((sum, slice) => sum + Math.round(slice.value * 100), 0) / 100
  return (
    <div className="statement-pie space-y-2" data-chart="pie" id={id}>
      <div className="statement-pie-chart flex flex-wrap items-center gap-4">
        <svg
          viewBox={`0 0 ${SIZE} ${SIZE}`}
          width={SIZE}
          height={SIZE}
          role="img"
          aria-label={`Pie chart: ${title}. ${table ? 'Its figures are in the table that follows.' : 'Its shares are listed beside it.'}`}
          className="h-auto w-44 max-w-full shrink-0"
        >
          <g aria-hidden="true" transform={`translate(${SIZE / 2} ${SIZE / 2})`}>
            <Pie<PieSlice>
              data={slices}
              pieValue={(slice) => slice.value}
              pieSort={null}
              pieSortValues={null}
              outerRadius={RADIUS}
            >
              {({ arcs, path }) =>
                arcs.map((arc, index) => {
                  const middle = (arc.startAngle + arc.endAngle) / 2
                  // A whole circle has its label in the middle; angles run clockwise from 12 o'clock.
                  const [x, y] =
                    slices.length === 1 ? [0, 0] : [LABEL_RADIUS * Math.sin(middle), -LABEL_RADIUS * Math.cos(middle)]
                  const fits = arc.endAngle - arc.startAngle >= LABEL_MIN_ANGLE
                  return (
                    <g key={index} data-slice={arc.data.label}>
                      <path
                        d={path(arc) ?? ''}
                        fill={sliceColor(arc.data, index)}
                        stroke="#ffffff"
                        strokeWidth={slices.length > 1 ? 1.5 : 0}
                      />
                      {fits ? (
                        <text
                          x={x}
                          y={y}
                          dy="0.35em"
                          textAnchor="middle"
                          fill="#ffffff"
                          fontSize={12}
                          fontWeight={600}
                          fontFamily="system-ui, sans-serif"
                        >
                          {arc.data.share}
                        </text>
                      ) : null}
                    </g>
                  )
                })
              }
            </Pie>
          </g>
        </svg>
        {/* Without its table, the legend is the text alternative: each product with its share. */}
        <ul
          className="statement-pie-legend min-w-0 space-y-1 text-sm"
          aria-hidden={table ? true : undefined}
          aria-label={table ? undefined : `Shares: ${title}`}
        >
          {slices.map((slice, index) => (
            <li key={index} className="flex items-start gap-2">
              <svg width="12" height="12" viewBox="0 0 12 12" className="mt-1 shrink-0">
                <rect width="12" height="12" fill={sliceColor(slice, index)} />
              </svg>
              <span className="break-words">
                {sliceName(slice)}: {slice.share}
              </span>
            </li>
          ))}
        </ul>
      </div>
      {table ? (
        <table className="statement-pie-table w-full max-w-xl text-left text-sm">
          <caption className="text-left font-semibold text-gray-900">{title}</caption>
          <thead>
            <tr className="border-b border-gray-300">
              <th scope="col" className="py-1 pr-3">
                Product
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                Period Used
              </th>
              <th scope="col" className="py-1 text-right">
                Share
              </th>
            </tr>
          </thead>
          <tbody>
            {slices.map((slice, index) => (
              <tr key={index} className="border-b border-gray-200">
                <th scope="row" className="py-1 pr-3 font-normal break-words">
                  {sliceName(slice)}
                </th>
                <td className="py-1 pr-3 text-right whitespace-nowrap tabular-nums">
                  {periodUsedText(slice.value, currency)}
                </td>
                <td className="py-1 text-right whitespace-nowrap tabular-nums">{slice.share}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <th scope="row" className="py-1 pr-3">
                Total
              </th>
              <td className="py-1 pr-3 text-right whitespace-nowrap tabular-nums">{periodUsedText(total, currency)}</td>
              <td className="py-1 text-right whitespace-nowrap tabular-nums">100.0 %</td>
            </tr>
          </tfoot>
        </table>
      ) : null}
    </div>
  )
}
