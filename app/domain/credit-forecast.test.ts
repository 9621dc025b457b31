import { describe, expect, it } from 'vitest'
import {
  averageDailyUse,
  burnDownSeries,
  forecastCredit,
  forecastShortText,
  forecastText,
  shouldNotifyThreshold,
  thresholdState,
  type DailyUse,
} from './credit-forecast'
import { addDays } from './entitlements'

const today = '2025-06-15'
const day = (n: number) => addDays(today, n)

/** The last `days` days up to today, oldest first, each with `used(i)` (i = 0 for the oldest). */
function usage(used: (i: number) => number, days = 30): DailyUse[] {
  return Array.from({ length: days }, (_, i) => ({ day: day(i - days + 1), used: used(i) }))
}
const flat = (perDay: number) => usage(() => perDay)

describe('forecastCredit', () => {
  it('is exhausted when nothing remains, whatever the usage', () => {
    expect(forecastCredit({ remaining: 0, endDate: day(60), today, dailyUsed: flat(10) })).toEqual({
      kind: 'exhausted',
    })
    expect(forecastCredit({ remaining: -3, endDate: day(60), today, dailyUsed: [] })).toEqual({ kind: 'exhausted' })
  })

  it('is no-usage without usage in the window', () => {
    expect(forecastCredit({ remaining: 500, endDate: day(60), today, dailyUsed: [] })).toEqual({ kind: 'no-usage' })
    expect(forecastCredit({ remaining: 500, endDate: day(60), today, dailyUsed: flat(0) })).toEqual({
      kind: 'no-usage',
    })
  })

  it('ignores usage outside the window (older than 30 days, or after today)', () => {
    const outside = [
      { day: day(-30), used: 400 },
      { day: day(1), used: 400 },
    ]
    expect(forecastCredit({ remaining: 500, endDate: day(60), today, dailyUsed: outside })).toEqual({
      kind: 'no-usage',
    })
    expect(averageDailyUse([...outside, { day: day(-29), used: 30 }, { day: today, used: 30 }], today)).toBe(2)
  })

  it('runs out at the flat daily rate', () => {
    const forecast = forecastCredit({ remaining: 100, endDate: day(60), today, dailyUsed: flat(10) })
    expect(forecast).toEqual({ kind: 'runs-out', date: day(10), dailyRate: 10 })
    expect(forecastText(forecast)).toBe("Runs out around 2025-06-25 at the last 30 days' rate")
  })

  it('averages over the whole window, quiet days included', () => {
    const oneBusyDay = usage((i) => (i === 12 ? 300 : 0))
    expect(forecastCredit({ remaining: 100, endDate: day(60), today, dailyUsed: oneBusyDay })).toEqual({
      kind: 'runs-out',
      date: day(10),
      dailyRate: 10,
    })
  })

  it('counts a partial last day as a whole one', () => {
    expect(forecastCredit({ remaining: 105, endDate: day(60), today, dailyUsed: flat(10) })).toMatchObject({
      date: day(11),
    })
  })

  it('runs out on the end date itself, and outlasts the term one day later', () => {
    expect(forecastCredit({ remaining: 600, endDate: day(60), today, dailyUsed: flat(10) })).toEqual({
      kind: 'runs-out',
      date: day(60),
      dailyRate: 10,
    })
    expect(forecastCredit({ remaining: 601, endDate: day(60), today, dailyUsed: flat(10) })).toEqual({
      kind: 'outlasts-term',
      dailyRate: 10,
    })
  })

  it('outlasts the term when the credit would last past the end date', () => {
    const forecast = forecastCredit({ remaining: 1000, endDate: `${day(60)} 00:00:00`, today, dailyUsed: flat(10) })
    expect(forecast).toEqual({ kind: 'outlasts-term', dailyRate: 10 })
    expect(forecastText(forecast)).toBe("Not within the term at the last 30 days' rate")
  })

  it('always runs out in time without an end date', () => {
    expect(forecastCredit({ remaining: 100_000, endDate: null, today, dailyUsed: flat(10) })).toEqual({
      kind: 'runs-out',
      date: day(10_000),
      dailyRate: 10,
    })
  })

  it('takes another window length', () => {
    const dailyUsed = usage((i) => (i >= 23 ? 10 : 1000))
    const forecast = forecastCredit({ remaining: 100, endDate: day(60), today, dailyUsed, windowDays: 7 })
    expect(forecast).toEqual({ kind: 'runs-out', date: day(10), dailyRate: 10 })
    expect(forecastText(forecast, 7)).toBe("Runs out around 2025-06-25 at the last 7 days' rate")
  })
})

describe('forecastText', () => {
  it('words the quiet and the used-up cases', () => {
    expect(forecastText({ kind: 'no-usage' })).toBe('No usage in the last 30 days')
    expect(forecastText({ kind: 'exhausted' })).toBe('Used up')
  })
})

describe('thresholdState', () => {
  it('is none without a threshold, below at or under it, above over it', () => {
    expect(thresholdState(100, null)).toBe('none')
    expect(thresholdState(100, 50)).toBe('above')
    expect(thresholdState(50.01, 50)).toBe('above')
    expect(thresholdState(50, 50)).toBe('below')
    expect(thresholdState(0, 50)).toBe('below')
  })
})

describe('shouldNotifyThreshold', () => {
  it('notifies when the remaining crosses the threshold, and when it lands on it', () => {
    expect(shouldNotifyThreshold({ before: 120, after: 90, threshold: 100, alreadyNotified: false })).toBe(true)
    expect(shouldNotifyThreshold({ before: 120, after: 100, threshold: 100, alreadyNotified: false })).toBe(true)
  })

  it('does not notify while the remaining stays above, or without a threshold', () => {
    expect(shouldNotifyThreshold({ before: 150, after: 120, threshold: 100, alreadyNotified: false })).toBe(false)
    expect(shouldNotifyThreshold({ before: 150, after: 0, threshold: null, alreadyNotified: false })).toBe(false)
  })

  it('notifies for a threshold set while the remaining is already below it', () => {
    expect(shouldNotifyThreshold({ before: 80, after: 80, threshold: 100, alreadyNotified: false })).toBe(true)
  })

  it('notifies once when the threshold is crossed twice', () => {
    const threshold = 100
    let notified = false
    let emails = 0
    const record = (before: number, after: number) => {
      const notify = shouldNotifyThreshold({ before, after, threshold, alreadyNotified: notified })
      if (notify) {
        emails += 1
        notified = true
      }
      return notify
    }
    expect(record(130, 95)).toBe(true)
    expect(record(95, 80)).toBe(false)
    // A correction lifts the remaining above the threshold, and usage takes it down again.
    expect(record(80, 110)).toBe(false)
    expect(record(110, 90)).toBe(false)
    expect(emails).toBe(1)
  })
})

describe('burnDownSeries', () => {
  const total = 1000
  const usedBeforeWindow = 600

  it('draws the balance day by day and projects it to zero on the run-out day', () => {
    const dailyUsed = flat(10)
    const forecast = forecastCredit({ remaining: 100, endDate: day(60), today, dailyUsed })
    const { actual, projected } = burnDownSeries({
      total,
      usedBeforeWindow,
      dailyUsed,
      forecast,
      today,
      endDate: day(60),
    })
    expect(actual).toHaveLength(31)
    expect(actual[0]).toEqual({ day: day(-30), remaining: 400 })
    expect(actual[1]).toEqual({ day: day(-29), remaining: 390 })
    expect(actual[30]).toEqual({ day: today, remaining: 100 })
    expect(projected).toEqual([
      { day: today, remaining: 100 },
      { day: day(10), remaining: 0 },
    ])
  })

  it('projects to the balance left at the end date when the credit outlasts the term', () => {
    const dailyUsed = flat(5)
    const forecast = forecastCredit({ remaining: 250, endDate: day(20), today, dailyUsed })
    expect(forecast.kind).toBe('outlasts-term')
    const series = burnDownSeries({ total, usedBeforeWindow: 600, dailyUsed, forecast, today, endDate: day(20) })
    expect(series.projected).toEqual([
      { day: today, remaining: 250 },
      { day: day(20), remaining: 150 },
    ])
  })

  it('projects a flat line to the end date without usage, and nothing without an end date', () => {
    const dailyUsed = flat(0)
    const forecast = forecastCredit({ remaining: 400, endDate: day(20), today, dailyUsed })
    const withEnd = burnDownSeries({ total, usedBeforeWindow, dailyUsed, forecast, today, endDate: day(20) })
    expect(withEnd.actual.every((p) => p.remaining === 400)).toBe(true)
    expect(withEnd.projected).toEqual([
      { day: today, remaining: 400 },
      { day: day(20), remaining: 400 },
    ])
    expect(burnDownSeries({ total, usedBeforeWindow, dailyUsed, forecast, today, endDate: null }).projected).toEqual([])
  })

  it('stops at zero and projects nothing once used up', () => {
    const dailyUsed = flat(20)
    const forecast = forecastCredit({ remaining: 0, endDate: day(20), today, dailyUsed })
    const { actual, projected } = burnDownSeries({
      total,
      usedBeforeWindow,
      dailyUsed,
      forecast,
      today,
      endDate: day(20),
    })
    expect(actual[20]).toEqual({ day: day(-10), remaining: 0 })
    expect(actual[30]).toEqual({ day: today, remaining: 0 })
    expect(projected).toEqual([])
  })

  it('starts from today without daily figures, sorts the days and rounds to cents', () => {
    const forecast = { kind: 'no-usage' } as const
    expect(burnDownSeries({ total, usedBeforeWindow, dailyUsed: [], forecast, today, endDate: null }).actual).toEqual([
      { day: today, remaining: 400 },
    ])
    const dailyUsed = [
      { day: today, used: 1 / 3 },
      { day: day(-1), used: 1 / 3 },
    ]
    const { actual } = burnDownSeries({ total, usedBeforeWindow, dailyUsed, forecast, today, endDate: null })
    expect(actual).toEqual([
      { day: day(-2), remaining: 400 },
      { day: day(-1), remaining: 399.67 },
      { day: today, remaining: 399.33 },
    ])
  })
})

describe('forecastShortText', () => {
  it('says each forecast in a few words', () => {
    expect(forecastShortText({ kind: 'exhausted' })).toBe('Used up')
    expect(forecastShortText({ kind: 'no-usage' })).toBe('No recent usage')
    expect(forecastShortText({ kind: 'runs-out', date: '2027-01-26', dailyRate: 3 })).toBe('Runs out around 2027-01-26')
    expect(forecastShortText({ kind: 'outlasts-term', dailyRate: 1 })).toBe('Lasts the term')
  })
})
