/**
 * The rules of the two-month calendar of a Custom date range (spec 2, Usage
 * Transactions screen; Elastic Statements screen): which days a click picks,
 * when the range can be applied, and the months' grids. Days are 'YYYY-MM-DD'
 * and months 'YYYY-MM', both UTC. English names, so the server and the
 * browser render the same text.
 */
import { formatDay, parseDay, parseMonth, utcDate } from '../domain/utc-day'

export { parseDay, parseMonth }

/** The days picked so far. 'YYYY-MM-DD' texts compare in date order. */
export interface Picks {
  start: string | null
  end: string | null
}

export const NO_PICKS: Picks = { start: null, end: null }

/**
 * The picks after a click on `day`: the first click sets the start; a later
 * click on or after the start sets the end (on the start itself: a one-day
 * range); a click before the start, or any click once both are set, starts
 * again from that day.
 */
export function clickDay(picks: Picks, day: string): Picks {
  if (!picks.start || picks.end || day < picks.start) return { start: day, end: null }
  return { start: picks.start, end: day }
}

/** Whether the range is complete, so Okay may apply it. */
export function canApply(picks: Picks): picks is { start: string; end: string } {
  return picks.start !== null && picks.end !== null && picks.start <= picks.end
}

/** Picks read from an address: valid days only, no end without a start or before it. */
export function readPicks(start: string | null | undefined, end: string | null | undefined): Picks {
  const first = parseDay(start)
  if (!first) return NO_PICKS
  const last = parseDay(end)
  return { start: first, end: last && last >= first ? last : null }
}

/** Where `day` stands in the picks, for marking it. */
export function pickOf(picks: Picks, day: string): 'start' | 'end' | 'between' | null {
  if (day === picks.start) return 'start'
  if (day === picks.end) return 'end'
  if (picks.start && picks.end && day > picks.start && day < picks.end) return 'between'
  return null
}

/** The month of a day, 'YYYY-MM'. */
export function monthOf(day: string): string {
  return day.slice(0, 7)
}

function monthParts(month: string): [number, number] {
  const [year, number] = month.split('-').map(Number)
  return [year, number - 1]
}

/** The month `n` months after `month` (before it when `n` is negative). */
export function addMonths(month: string, n: number): string {
  const [year, index] = monthParts(month)
  return formatDay(utcDate(year, index + n, 1)).slice(0, 7)
}

/** The weeks of a month, Monday first: each a row of seven days, null outside the month. */
export function monthGrid(month: string): (string | null)[][] {
  const [year, index] = monthParts(month)
  const first = new Date(utcDate(year, index, 1))
  const length = new Date(utcDate(year, index + 1, 0)).getUTCDate()
  const leading = (first.getUTCDay() + 6) % 7
  const cells: (string | null)[] = Array.from({ length: leading }, () => null)
  for (let day = 1; day <= length; day++) cells.push(`${month}-${String(day).padStart(2, '0')}`)
  while (cells.length % 7) cells.push(null)
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7))
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** The calendar's columns, Monday first. */
export const WEEKDAYS = [
  { short: 'Mo', name: 'Monday' },
  { short: 'Tu', name: 'Tuesday' },
  { short: 'We', name: 'Wednesday' },
  { short: 'Th', name: 'Thursday' },
  { short: 'Fr', name: 'Friday' },
  { short: 'Sa', name: 'Saturday' },
  { short: 'Su', name: 'Sunday' },
] as const

/** A month's heading, e.g. 'October 2026'. */
export function monthTitle(month: string): string {
  const [year, index] = monthParts(month)
  return `${MONTH_NAMES[index]} ${year}`
}

/** A day's full name, e.g. 'Monday, 5 October 2026'. */
export function dayLabel(day: string): string {
  const [year, month, date] = day.split('-').map(Number)
  const weekday = WEEKDAYS[(new Date(utcDate(year, month - 1, date)).getUTCDay() + 6) % 7].name
  return `${weekday}, ${date} ${MONTH_NAMES[month - 1]} ${year}`
}
