/**
 * The quick date ranges of the date menus (spec 2, Usage Transactions and
 * Elastic Statements screens; spec 1 section 9), and custom ranges of whole
 * days. Ranges are epoch ms, `from` included and `to` excluded, UTC.
 *
 * Two kinds of preset:
 * - rolling ones (1 Day ... 5 Years, YTD, Max) end at `now` and start that long
 *   before it; a month or year back keeps the time of day and, when that day
 *   does not exist, takes the month's last day (31 March - 1 month = 28/29
 *   February); YTD starts at 1 January's midnight, Max at 2018-01-01.
 * - calendar ones are whole UTC days: Last month/quarter/year are the period
 *   before the current one; Last week is Monday to Sunday before the current
 *   week and Last two weeks the two weeks before it; This month and This week
 *   (weeks start on Monday) run from their first day through today, Today and
 *   Yesterday are the one day.
 */
import { DAY_MS, dayStart, formatDay, parseDay, startOfDay, utcDate } from './utc-day'

const LABELS = {
  '1d': '1 Day',
  '5d': '5 Days',
  '1m': '1 Month',
  '3m': '3 Months',
  '6m': '6 Months',
  ytd: 'YTD',
  '1y': '1 Year',
  '2y': '2 Years',
  '5y': '5 Years',
  max: 'Max',
  lastMonth: 'Last month',
  lastQuarter: 'Last quarter',
  lastYear: 'Last year',
  lastTwoWeeks: 'Last two weeks',
  lastWeek: 'Last week',
  thisMonth: 'This month',
  thisWeek: 'This week',
  today: 'Today',
  yesterday: 'Yesterday',
} as const

/** A preset's name in URLs and saved views. */
export type DatePresetId = keyof typeof LABELS

export interface DatePreset {
  id: DatePresetId
  label: string
}

export interface DateRange {
  /** Epoch ms, included. */
  from: number
  /** Epoch ms, excluded. */
  to: number
}

/** The first instant of the Max range. */
export const MAX_RANGE_START = utcDate(2018, 0, 1)

const presets = (ids: DatePresetId[]): readonly DatePreset[] => ids.map((id) => ({ id, label: LABELS[id] }))

/** The Usage Transactions menu, in menu order (the variant with 2 Years, 5 Years and Max from 2018). */
export const USAGE_PRESETS = presets([
  '1d',
  '5d',
  '1m',
  '3m',
  '6m',
  'ytd',
  '1y',
  '2y',
  '5y',
  'max',
  'lastMonth',
  'lastQuarter',
  'lastYear',
])

/** The Elastic Statements menu, in menu order. */
export const STATEMENT_PRESETS = presets([
  'lastMonth',
  'lastTwoWeeks',
  'lastWeek',
  'thisMonth',
  'thisWeek',
  'today',
  'yesterday',
])

export function isPresetId(text: string | null | undefined): text is DatePresetId {
  return typeof text === 'string' && Object.hasOwn(LABELS, text)
}

export function presetLabel(id: DatePresetId): string {
  return LABELS[id]
}

/** `ms` moved `months` calendar months, keeping the time of day; a day past the month's end becomes its last day. */
function addMonthsClamped(ms: number, months: number): number {
  const date = new Date(ms)
  const target = utcDate(date.getUTCFullYear(), date.getUTCMonth() + months, 1)
  const targetDate = new Date(target)
  const lastDay = new Date(utcDate(targetDate.getUTCFullYear(), targetDate.getUTCMonth() + 1, 1) - 1).getUTCDate()
  return target + (Math.min(date.getUTCDate(), lastDay) - 1) * DAY_MS + (ms - startOfDay(ms))
}

/** Epoch ms of the first day of the month `months` from the month of `ms`. */
function monthStart(ms: number, months = 0): number {
  const date = new Date(ms)
  return utcDate(date.getUTCFullYear(), date.getUTCMonth() + months, 1)
}

/** Epoch ms of the Monday that starts the week of `ms`. */
function weekStart(ms: number): number {
  const day = startOfDay(ms)
  return day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS
}

/** The range a preset stands for at `now` (epoch ms). */
export function presetRange(id: DatePresetId, now: number): DateRange {
  const today = startOfDay(now)
  const tomorrow = today + DAY_MS
  const rolling = (from: number) => ({ from, to: now })
  switch (id) {
    case '1d':
      return rolling(now - DAY_MS)
    case '5d':
      return rolling(now - 5 * DAY_MS)
    case '1m':
      return rolling(addMonthsClamped(now, -1))
    case '3m':
      return rolling(addMonthsClamped(now, -3))
    case '6m':
      return rolling(addMonthsClamped(now, -6))
    case 'ytd':
      return rolling(monthStart(now, -new Date(now).getUTCMonth()))
    case '1y':
      return rolling(addMonthsClamped(now, -12))
    case '2y':
      return rolling(addMonthsClamped(now, -24))
    case '5y':
      return rolling(addMonthsClamped(now, -60))
    case 'max':
      return rolling(MAX_RANGE_START)
    case 'lastMonth':
      return { from: monthStart(now, -1), to: monthStart(now) }
    case 'lastQuarter': {
      const quarterStart = monthStart(now, -(new Date(now).getUTCMonth() % 3))
      return { from: monthStart(quarterStart, -3), to: quarterStart }
    }
    case 'lastYear': {
      const yearStart = monthStart(now, -new Date(now).getUTCMonth())
      return { from: monthStart(yearStart, -12), to: yearStart }
    }
    case 'lastTwoWeeks':
      return { from: weekStart(now) - 14 * DAY_MS, to: weekStart(now) }
    case 'lastWeek':
      return { from: weekStart(now) - 7 * DAY_MS, to: weekStart(now) }
    case 'thisMonth':
      return { from: monthStart(now), to: tomorrow }
    case 'thisWeek':
      return { from: weekStart(now), to: tomorrow }
    case 'today':
      return { from: today, to: tomorrow }
    case 'yesterday':
      return { from: today - DAY_MS, to: today }
  }
}

/**
 * The range of whole days from `startDay` through `endDay` ('YYYY-MM-DD', both
 * included): from the start day's midnight to the midnight after the end day.
 * Days given in the wrong order are swapped; a text that is not a day throws.
 */
export function customRange(startDay: string, endDay: string): DateRange {
  const start = parseDay(startDay)
  const end = parseDay(endDay)
  if (!start || !end) throw new RangeError(`Not a day range: ${startDay} to ${endDay}`)
  const [first, last] = start <= end ? [start, end] : [end, start]
  return { from: dayStart(first), to: dayStart(last) + DAY_MS }
}

/** The UTC day of an instant, 'YYYY-MM-DD', as 'From: <date> To: <date>' shows it. */
export function formatRangeDay(ms: number): string {
  return formatDay(ms)
}

/** The first and the last day a range includes, for 'From: <date> To: <date>' (the day of `to - 1 ms`). */
export function rangeDays(range: DateRange): { from: string; to: string } {
  return { from: formatDay(range.from), to: formatDay(Math.max(range.from, range.to - 1)) }
}
