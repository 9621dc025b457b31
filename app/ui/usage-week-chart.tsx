/**
 * The Home usage card's chart: the cost of each of the last 14 days as bars, the
 * 7 days before in grey and the last 7 in blue. Drawn as SVG on the server (see
 * usage-week-chart.server.tsx); its figures are also its text alternative.
 */
import { Bar } from '@visx/shape'
import { scaleBand, scaleLinear } from '@visx/scale'

const WIDTH = 320
const HEIGHT = 140
const MARGIN = { top: 10, right: 8, bottom: 24, left: 52 }

export interface UsageWeekChartProps {
  /** Unique on the page (names the SVG's title and description). */
  id: string
  title: string
  /** The text alternative: the figures the chart shows, in words. */
  summary: string
  days: { day: string; cost: number; current: boolean }[]
}

const shortNumber = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: n >= 100 ? 0 : 1 })

export function UsageWeekChart({ id, title, summary, days }: UsageWeekChartProps) {
  const top = Math.max(1, ...days.map((d) => d.cost))
  const x = scaleBand<string>({
    domain: days.map((d) => d.day),
    range: [MARGIN.left, WIDTH - MARGIN.right],
    padding: 0.2,
  })
  const y = scaleLinear<number>({ domain: [0, top], range: [HEIGHT - MARGIN.bottom, MARGIN.top] })
  const base = HEIGHT - MARGIN.bottom
  const titleId = `${id}-title`
  const descId = `${id}-desc`
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={titleId}
      aria-describedby={descId}
      className="h-auto w-full max-w-md text-gray-900"
      data-chart="usage-week"
    >
      <title id={titleId}>{title}</title>
      <desc id={descId}>{summary}</desc>
      <g aria-hidden="true" fontSize="11" fill="currentColor">
        <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={base} y2={base} stroke="#4b5563" />
        <text x={MARGIN.left - 6} y={y(top) + 4} textAnchor="end">
          {shortNumber(top)}
        </text>
        <text x={MARGIN.left - 6} y={base + 4} textAnchor="end">
          0
        </text>
        {days.length > 0 ? (
          <>
            <text x={MARGIN.left} y={HEIGHT - 6} textAnchor="start">
              {days[0].day.slice(5)}
            </text>
            <text x={WIDTH - MARGIN.right} y={HEIGHT - 6} textAnchor="end">
              {days[days.length - 1].day.slice(5)}
            </text>
          </>
        ) : null}
        {days.map((d) => {
          const barTop = y(d.cost)
          return (
            <Bar
              key={d.day}
              x={x(d.day) ?? 0}
              y={barTop}
              width={x.bandwidth()}
              height={Math.max(0, base - barTop)}
              fill={d.current ? '#174c99' : '#9ca3af'}
              data-day={d.day}
              data-cost={d.cost}
            />
          )
        })}
      </g>
    </svg>
  )
}
