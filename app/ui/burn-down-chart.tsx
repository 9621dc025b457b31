/**
 * A small burn-down chart of an elastic entitlement's credit: what remained on each
 * recorded day, the projection at the recent rate (dashed) and the low-balance
 * threshold. Drawn as SVG on the server, so it shows without JavaScript; the figures
 * it shows are also given as its text alternative.
 */
import { LinePath } from '@visx/shape'
import { scaleLinear } from '@visx/scale'
import type { BurnDownPoint } from '../domain/credit-forecast'

const WIDTH = 320
const HEIGHT = 170
const MARGIN = { top: 12, right: 12, bottom: 28, left: 56 }
const DAY_MS = 86_400_000

const dayNumber = (day: string) => Math.floor(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) / DAY_MS)

function shortNumber(n: number) {
  return n.toLocaleString('en-US', { maximumFractionDigits: n >= 100 ? 0 : 1 })
}

export interface BurnDownChartProps {
  /** Unique on the page (the SVG's title and description are named from it). */
  id: string
  title: string
  /** The text alternative: the figures the chart shows, in words. */
  summary: string
  actual: BurnDownPoint[]
  projected: BurnDownPoint[]
  total: number
  threshold: number | null
}

export function BurnDownChart({ id, title, summary, actual, projected, total, threshold }: BurnDownChartProps) {
  const points = [...actual, ...projected]
  const days = points.map((p) => dayNumber(p.day)).filter(Number.isFinite)
  const first = days.length ? Math.min(...days) : 0
  const last = days.length ? Math.max(...days, first + 1) : 1
  const top = Math.max(total, ...points.map((p) => p.remaining), threshold ?? 0, 1)
  const x = scaleLinear<number>({ domain: [first, last], range: [MARGIN.left, WIDTH - MARGIN.right] })
  const y = scaleLinear<number>({ domain: [0, top], range: [HEIGHT - MARGIN.bottom, MARGIN.top] })
  const px = (p: BurnDownPoint) => x(dayNumber(p.day))
  const py = (p: BurnDownPoint) => y(Math.max(0, p.remaining))
  const firstDay = points.length ? points.find((p) => dayNumber(p.day) === first)!.day : ''
  const lastDay = points.length ? (points.find((p) => dayNumber(p.day) === last)?.day ?? '') : ''
  const titleId = `${id}-title`
  const descId = `${id}-desc`
  return (
    <figure className="w-full max-w-md space-y-1">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        className="h-auto w-full text-gray-900"
        data-chart="burn-down"
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>{summary}</desc>
        <g aria-hidden="true" fontSize="12" fill="currentColor">
          <line x1={MARGIN.left} x2={MARGIN.left} y1={MARGIN.top} y2={HEIGHT - MARGIN.bottom} stroke="#4b5563" />
          <line
            x1={MARGIN.left}
            x2={WIDTH - MARGIN.right}
            y1={HEIGHT - MARGIN.bottom}
            y2={HEIGHT - MARGIN.bottom}
            stroke="#4b5563"
          />
          <text x={MARGIN.left - 6} y={y(top) + 4} textAnchor="end">
            {shortNumber(top)}
          </text>
          <text x={MARGIN.left - 6} y={HEIGHT - MARGIN.bottom + 4} textAnchor="end">
            0
          </text>
          <text x={MARGIN.left} y={HEIGHT - 8} textAnchor="start">
            {firstDay}
          </text>
          <text x={WIDTH - MARGIN.right} y={HEIGHT - 8} textAnchor="end">
            {lastDay}
          </text>
          {threshold !== null ? (
            <line
              x1={MARGIN.left}
              x2={WIDTH - MARGIN.right}
              y1={y(threshold)}
              y2={y(threshold)}
              stroke="#b91c1c"
              strokeWidth={1.5}
              strokeDasharray="2 3"
              data-line="threshold"
            />
          ) : null}
          <LinePath
            data={projected}
            x={px}
            y={py}
            stroke="#374151"
            strokeWidth={2}
            strokeDasharray="6 4"
            fill="none"
            data-line="projected"
          />
          <LinePath data={actual} x={px} y={py} stroke="#174c99" strokeWidth={2.5} fill="none" data-line="actual" />
        </g>
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 text-xs text-gray-700" aria-hidden="true">
        <span>
          <span className="legend-line legend-actual" /> Recorded
        </span>
        <span>
          <span className="legend-line legend-projected" /> Projected
        </span>
        {threshold !== null ? (
          <span>
            <span className="legend-line legend-threshold" /> Threshold
          </span>
        ) : null}
      </figcaption>
    </figure>
  )
}
