/**
 * The rules of the web usage pre-aggregates (decision 0029): how one web transaction changes
 * its entitlement's rows of web_usage_days. What the seats still running add is read by the
 * report (app/domain/web-report.ts `dailySeries`).
 * Days are UTC days since 1970-01-01.
 */
import { DAY_MS } from './utc-day'

export const dayOf = (ms: number) => Math.floor(ms / DAY_MS)

/** The parts of [start, end) that fall in each UTC day, in order; none when end <= start. */
export function daySplit(start: number, end: number): { day: number; ms: number }[] {
  const parts: { day: number; ms: number }[] = []
  for (let from = start; from < end;) {
    const day = dayOf(from)
    const to = Math.min(end, (day + 1) * DAY_MS)
    parts.push({ day, ms: to - from })
    from = to
  }
  return parts
}

/**
 * The days that get `running` as their peak before a change on `day`, when the entitlement's
 * last row is on `lastDay` (null: none yet): the days after it up to `day`. The seats running
 * before the change ran all through the days without an event. With no seat running, only the
 * change's own day needs a row.
 */
export function rollForwardDays(lastDay: number | null, day: number, running: number): number[] {
  if (lastDay === null || lastDay >= day || running === 0) return [day]
  return Array.from({ length: day - lastDay }, (_, i) => lastDay + 1 + i)
}

/** The bit of denied_hours for a denial at `at`: bit h for UTC hour h. */
export const hourBit = (at: number) => 1 << new Date(at).getUTCHours()

/** How many hours have their bit set in a denied_hours value. */
export function hoursSet(bits: number): number {
  let n = 0
  for (let b = bits >>> 0; b !== 0; b &= b - 1) n++
  return n
}
