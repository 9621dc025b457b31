/**
 * When does an elastic entitlement's credit run out? A straight-line forecast
 * from the average daily use over a recent window, the low-balance threshold
 * rules and the points of the burn-down chart.
 *
 * The window is the `windowDays` days ending today, today included; days of
 * `dailyUsed` outside it are ignored, missing days count as no use.
 */
import { addDays, daysBetween } from './entitlements'
import { roundTo } from './rounding'

export const FORECAST_WINDOW_DAYS = 30

export interface DailyUse {
  day: string
  used: number
}

export type CreditForecast =
  | { kind: 'exhausted' }
  | { kind: 'no-usage' }
  | { kind: 'runs-out'; date: string; dailyRate: number }
  | { kind: 'outlasts-term'; dailyRate: number }

export interface ForecastInput {
  remaining: number
  /** null = permanent: the credit can only run out. */
  endDate: string | null
  today: string
  dailyUsed: readonly DailyUse[]
  windowDays?: number
}

/** Average use per day over the window (days without use count as zero). */
export function averageDailyUse(dailyUsed: readonly DailyUse[], today: string, windowDays = FORECAST_WINDOW_DAYS) {
  // The window's first day: ISO days compare as text.
  const first = addDays(today, -(windowDays - 1))
  const used = dailyUsed.filter((d) => d.day >= first && d.day <= today).reduce((sum, d) => sum + d.used, 0)
  return used / windowDays
}

export function forecastCredit({
  remaining,
  endDate,
  today,
  dailyUsed,
  windowDays = FORECAST_WINDOW_DAYS,
}: ForecastInput): CreditForecast {
  if (remaining <= 0) return { kind: 'exhausted' }
  const dailyRate = averageDailyUse(dailyUsed, today, windowDays)
  if (dailyRate <= 0) return { kind: 'no-usage' }
  // Partial days round up: the credit lasts through the day it reaches zero on.
  const date = addDays(today, Math.ceil(remaining / dailyRate))
  if (endDate && date > endDate.slice(0, 10)) return { kind: 'outlasts-term', dailyRate }
  return { kind: 'runs-out', date, dailyRate }
}

/** One active elastic entitlement's credit, as the licensing API's forecast call answers it. */
export interface CreditStatus {
  ActivationId: string
  product: string
  LineItemQuantity: number
  Used: number
  Remaining: number
  Currency: string
  StartDate: string
  /** '' when permanent. */
  EndDate: string
  threshold: number | null
  thresholdNotifiedAt: string | null
  /** The window's days, oldest first, every day present. */
  dailyUsed: DailyUse[]
  /** Used before the window's first day. */
  usedBeforeWindow: number
  forecast: CreditForecast
}

export function forecastText(forecast: CreditForecast, windowDays = FORECAST_WINDOW_DAYS): string {
  const rate = `at the last ${windowDays} days' rate`
  switch (forecast.kind) {
    case 'exhausted':
      return 'Used up'
    case 'no-usage':
      return `No usage in the last ${windowDays} days`
    case 'runs-out':
      return `Runs out around ${forecast.date} ${rate}`
    case 'outlasts-term':
      return `Not within the term ${rate}`
  }
}

/** The forecast in a few words, for a grid cell beside the remaining amount. */
export function forecastShortText(forecast: CreditForecast): string {
  switch (forecast.kind) {
    case 'exhausted':
      return 'Used up'
    case 'no-usage':
      return 'No recent usage'
    case 'runs-out':
      return `Runs out around ${forecast.date}`
    case 'outlasts-term':
      return 'Lasts the term'
  }
}

// ---------------------------------------------------------------------------
// Low-balance threshold

export type ThresholdState = 'none' | 'above' | 'below'

/** 'below' means at or below the threshold; 'none' when no threshold is set. */
export function thresholdState(remaining: number, threshold: number | null): ThresholdState {
  if (threshold === null) return 'none'
  return remaining <= threshold ? 'below' : 'above'
}

/**
 * Whether a low-balance e-mail is owed after the remaining changed from
 * `before` to `after`: once per threshold, the first time the remaining is at
 * or below it. That is the crossing (before above, after at or below) and also
 * a threshold set while the remaining is already below it; `alreadyNotified`
 * (cleared whenever the threshold changes) stops every later write from
 * sending another.
 */
export function shouldNotifyThreshold({
  after,
  threshold,
  alreadyNotified,
}: {
  before?: number
  after: number
  threshold: number | null
  alreadyNotified: boolean
}): boolean {
  return !alreadyNotified && thresholdState(after, threshold) === 'below'
}

// ---------------------------------------------------------------------------
// Burn-down chart

export interface BurnDownPoint {
  day: string
  remaining: number
}

export interface BurnDownSeries {
  /** The balance at the end of each day of the window, after a starting point the day before. */
  actual: BurnDownPoint[]
  /** From today's balance to the forecast's end: zero on the run-out day, or the balance left at the end date. */
  projected: BurnDownPoint[]
}

export interface BurnDownInput {
  total: number
  /** Used before the first day of `dailyUsed`. */
  usedBeforeWindow: number
  dailyUsed: readonly DailyUse[]
  forecast: CreditForecast
  today: string
  endDate: string | null
}

const point = (day: string, remaining: number, total: number): BurnDownPoint => ({
  day,
  remaining: roundTo(Math.min(Math.max(0, total), Math.max(0, remaining)), 2),
})

export function burnDownSeries({
  total,
  usedBeforeWindow,
  dailyUsed,
  forecast,
  today,
  endDate,
}: BurnDownInput): BurnDownSeries {
  const days = [...dailyUsed].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))
  let balance = total - usedBeforeWindow
  const actual = [point(days.length ? addDays(days[0].day, -1) : today, balance, total)]
  for (const { day, used } of days) {
    balance -= used
    actual.push(point(day, balance, total))
  }
  const start = point(today, actual[actual.length - 1].remaining, total)
  return { actual, projected: projectedLine(start, forecast, endDate, total) }
}

function projectedLine(
  start: BurnDownPoint,
  forecast: CreditForecast,
  endDate: string | null,
  total: number,
): BurnDownPoint[] {
  switch (forecast.kind) {
    case 'exhausted':
      return []
    case 'no-usage':
      return endDate ? [start, point(endDate.slice(0, 10), start.remaining, total)] : []
    case 'runs-out':
      return [start, point(forecast.date, 0, total)]
    case 'outlasts-term': {
      if (!endDate) return []
      const end = endDate.slice(0, 10)
      return [start, point(end, start.remaining - forecast.dailyRate * daysBetween(start.day, end), total)]
    }
  }
}
