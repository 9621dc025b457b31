/**
 * Web Reporting's chart of one entitlement: the peak of seats in use at once per day as bars,
 * the seats the entitlement has as a line. Drawn as SVG on the server (seats-chart.server.tsx);
 * its description and the daily table beside it are its text alternative.
 */
import { Bar, LinePath } from '@visx/shape'
import { scaleBand, scaleLinear } from '@visx/scale'

const WIDTH = 640
const HEIGHT = 180
const MARGIN = { top: 10, right: 8, bottom: 24, left: 40 }

export interface SeatsChartProps {
  /** Unique on the page (names the SVG's title and description). */
  id: string
  title: string
  summary: string
  days: { date: string; seats: number; peak: number; denied: boolean }[]
}

export function SeatsChart({ id, title, summary, days }: SeatsChartProps) {
  const top = Math.max(1, ...days.map((d) => Math.max(d.seats, d.peak)))
  const x = scaleBand<string>({
    domain: days.map((d) => d.date),
    range: [MARGIN.left, WIDTH - MARGIN.right],
    padding: days.length > 90 ? 0 : 0.2,
  })
  const y = scaleLinear<number>({ domain: [0, top], range: [HEIGHT - MARGIN.bottom, MARGIN.top] })
  const base = HEIGHT - MARGIN.bottom
  const step = x.step()
  const seatLine = days.flatMap((d) => {
    const left = (x(d.date) ?? 0) - (step - x.bandwidth()) / 2
    return [
      { x: left, y: y(d.seats) },
      { x: left + step, y: y(d.seats) },
    ]
  })
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      className="h-auto w-full max-w-3xl text-gray-900"
      data-chart="web-seats"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{summary}</desc>
      <g aria-hidden="true" fontSize="11" fill="currentColor">
        <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={base} y2={base} stroke="#4b5563" />
        <text x={MARGIN.left - 6} y={y(top) + 4} textAnchor="end">
          {top}
        </text>
        <text x={MARGIN.left - 6} y={base + 4} textAnchor="end">
          0
        </text>
        {days.length > 0 ? (
          <>
            <text x={MARGIN.left} y={HEIGHT - 6} textAnchor="start">
              {days[0].date}
            </text>
            <text x={WIDTH - MARGIN.right} y={HEIGHT - 6} textAnchor="end">
              {days[days.length - 1].date}
            </text>
          </>
        ) : null}
        {days.map((d) => (
          <Bar
            key={d.date}
            x={x(d.date) ?? 0}
            y={y(d.peak)}
            width={Math.max(1, x.bandwidth())}
            height={Math.max(0, base - y(d.peak))}
            fill={d.denied ? '#b91c1c' : '#174c99'}
            data-day={d.date}
            data-peak={d.peak}
          />
        ))}
        <LinePath
          data={seatLine}
          x={(p) => p.x}
          y={(p) => p.y}
          stroke="#111827"
          strokeWidth={2}
          strokeDasharray="4 3"
          fill="none"
        />
      </g>
    </svg>
  )
}
