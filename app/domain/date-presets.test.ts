import { describe, expect, it } from 'vitest'
import {
  customRange,
  formatRangeDay,
  isPresetId,
  presetLabel,
  presetRange,
  rangeDays,
  STATEMENT_PRESETS,
  USAGE_PRESETS,
  type DatePresetId,
} from './date-presets'

const at = (iso: string) => Date.parse(iso)

/** A preset's range at `now`, written back as ISO texts. */
function range(id: DatePresetId, now: string) {
  const { from, to } = presetRange(id, at(now))
  return [new Date(from).toISOString(), new Date(to).toISOString()]
}

// A Wednesday afternoon.
const NOW = '2025-03-12T15:30:00.000Z'

describe('the menus', () => {
  it('lists the usage presets in menu order, with 2 Years, 5 Years and Max', () => {
    expect(USAGE_PRESETS.map((p) => p.label)).toEqual([
      '1 Day',
      '5 Days',
      '1 Month',
      '3 Months',
      '6 Months',
      'YTD',
      '1 Year',
      '2 Years',
      '5 Years',
      'Max',
      'Last month',
      'Last quarter',
      'Last year',
    ])
    expect(USAGE_PRESETS.map((p) => p.id)).toEqual([
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
  })

  it('lists the statement presets in menu order', () => {
    expect(STATEMENT_PRESETS).toEqual([
      { id: 'lastMonth', label: 'Last month' },
      { id: 'lastTwoWeeks', label: 'Last two weeks' },
      { id: 'lastWeek', label: 'Last week' },
      { id: 'thisMonth', label: 'This month' },
      { id: 'thisWeek', label: 'This week' },
      { id: 'today', label: 'Today' },
      { id: 'yesterday', label: 'Yesterday' },
    ])
  })

  it('knows its ids and labels, and nothing else', () => {
    expect(isPresetId('lastQuarter')).toBe(true)
    expect(isPresetId('5y')).toBe(true)
    expect(isPresetId('custom')).toBe(false)
    expect(isPresetId('toString')).toBe(false)
    expect(isPresetId('')).toBe(false)
    expect(isPresetId(null)).toBe(false)
    expect(presetLabel('ytd')).toBe('YTD')
    expect(presetLabel('yesterday')).toBe('Yesterday')
  })
})

describe('presetRange, every preset once', () => {
  it.each<[DatePresetId, string, string]>([
    ['1d', '2025-03-11T15:30:00.000Z', NOW],
    ['5d', '2025-03-07T15:30:00.000Z', NOW],
    ['1m', '2025-02-12T15:30:00.000Z', NOW],
    ['3m', '2024-12-12T15:30:00.000Z', NOW],
    ['6m', '2024-09-12T15:30:00.000Z', NOW],
    ['ytd', '2025-01-01T00:00:00.000Z', NOW],
    ['1y', '2024-03-12T15:30:00.000Z', NOW],
    ['2y', '2023-03-12T15:30:00.000Z', NOW],
    ['5y', '2020-03-12T15:30:00.000Z', NOW],
    ['max', '2018-01-01T00:00:00.000Z', NOW],
    ['lastMonth', '2025-02-01T00:00:00.000Z', '2025-03-01T00:00:00.000Z'],
    ['lastQuarter', '2024-10-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z'],
    ['lastYear', '2024-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z'],
    ['lastTwoWeeks', '2025-02-24T00:00:00.000Z', '2025-03-10T00:00:00.000Z'],
    ['lastWeek', '2025-03-03T00:00:00.000Z', '2025-03-10T00:00:00.000Z'],
    ['thisMonth', '2025-03-01T00:00:00.000Z', '2025-03-13T00:00:00.000Z'],
    ['thisWeek', '2025-03-10T00:00:00.000Z', '2025-03-13T00:00:00.000Z'],
    ['today', '2025-03-12T00:00:00.000Z', '2025-03-13T00:00:00.000Z'],
    ['yesterday', '2025-03-11T00:00:00.000Z', '2025-03-12T00:00:00.000Z'],
  ])('%s runs from %s to %s', (id, from, to) => {
    expect(range(id, NOW)).toEqual([from, to])
  })
})

describe('the statement menu on the first day of a year (a Thursday)', () => {
  const newYear = Date.parse('2026-01-01T09:00:00.000Z')
  it.each<[DatePresetId, string, string]>([
    ['lastMonth', '2025-12-01', '2025-12-31'],
    ['lastTwoWeeks', '2025-12-15', '2025-12-28'],
    ['lastWeek', '2025-12-22', '2025-12-28'],
    ['thisMonth', '2026-01-01', '2026-01-01'],
    ['thisWeek', '2025-12-29', '2026-01-01'],
    ['today', '2026-01-01', '2026-01-01'],
    ['yesterday', '2025-12-31', '2025-12-31'],
  ])('%s is the days %s to %s', (id, from, to) => {
    expect(STATEMENT_PRESETS.some((p) => p.id === id)).toBe(true)
    expect(rangeDays(presetRange(id, newYear))).toEqual({ from, to })
  })
})

describe('presetRange at the edges', () => {
  it('takes Last quarter as the quarter before the one of now, across a year boundary', () => {
    expect(range('lastQuarter', '2025-01-01T00:00:00.000Z')).toEqual([
      '2024-10-01T00:00:00.000Z',
      '2025-01-01T00:00:00.000Z',
    ])
    expect(range('lastQuarter', '2024-12-31T23:59:59.999Z')).toEqual([
      '2024-07-01T00:00:00.000Z',
      '2024-10-01T00:00:00.000Z',
    ])
    expect(range('lastQuarter', '2025-03-31T23:59:59.999Z')).toEqual([
      '2024-10-01T00:00:00.000Z',
      '2025-01-01T00:00:00.000Z',
    ])
    expect(range('lastQuarter', '2025-04-01T00:00:00.000Z')).toEqual([
      '2025-01-01T00:00:00.000Z',
      '2025-04-01T00:00:00.000Z',
    ])
  })

  it('starts YTD on 1 January of the year of now, at the year and quarter boundaries', () => {
    expect(range('ytd', '2024-12-31T23:59:59.999Z')).toEqual(['2024-01-01T00:00:00.000Z', '2024-12-31T23:59:59.999Z'])
    expect(range('ytd', '2025-01-01T00:00:00.000Z')).toEqual(['2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z'])
    expect(range('ytd', '2025-01-01T00:00:01.000Z')).toEqual(['2025-01-01T00:00:00.000Z', '2025-01-01T00:00:01.000Z'])
    expect(range('ytd', '2025-04-01T00:00:00.000Z')).toEqual(['2025-01-01T00:00:00.000Z', '2025-04-01T00:00:00.000Z'])
    expect(range('ytd', '2025-03-31T23:59:59.999Z')).toEqual(['2025-01-01T00:00:00.000Z', '2025-03-31T23:59:59.999Z'])
  })

  it('takes Last month in January as December of the year before', () => {
    expect(range('lastMonth', '2025-01-15T08:00:00.000Z')).toEqual([
      '2024-12-01T00:00:00.000Z',
      '2025-01-01T00:00:00.000Z',
    ])
  })

  it('takes Last year in January as the whole year before', () => {
    expect(range('lastYear', '2025-01-01T00:00:00.000Z')).toEqual([
      '2024-01-01T00:00:00.000Z',
      '2025-01-01T00:00:00.000Z',
    ])
  })

  it('starts This week on Monday, on a Sunday and on the Monday itself', () => {
    expect(range('thisWeek', '2025-03-16T23:00:00.000Z')).toEqual([
      '2025-03-10T00:00:00.000Z',
      '2025-03-17T00:00:00.000Z',
    ])
    expect(range('thisWeek', '2025-03-10T00:00:00.000Z')).toEqual([
      '2025-03-10T00:00:00.000Z',
      '2025-03-11T00:00:00.000Z',
    ])
    expect(range('lastWeek', '2025-03-16T23:00:00.000Z')).toEqual([
      '2025-03-03T00:00:00.000Z',
      '2025-03-10T00:00:00.000Z',
    ])
  })

  it('takes the last day of a shorter month when a month or year back has no such day', () => {
    expect(range('1m', '2025-03-31T10:00:00.000Z')[0]).toBe('2025-02-28T10:00:00.000Z')
    expect(range('1m', '2024-03-31T10:00:00.000Z')[0]).toBe('2024-02-29T10:00:00.000Z')
    expect(range('6m', '2025-08-31T10:00:00.000Z')[0]).toBe('2025-02-28T10:00:00.000Z')
    expect(range('1y', '2024-02-29T10:00:00.000Z')[0]).toBe('2023-02-28T10:00:00.000Z')
    expect(range('3m', '2025-01-31T10:00:00.000Z')[0]).toBe('2024-10-31T10:00:00.000Z')
  })
})

describe('custom ranges and their days', () => {
  it('runs from the start day midnight to the midnight after the end day', () => {
    const { from, to } = customRange('2026-10-05', '2026-10-20')
    expect(new Date(from).toISOString()).toBe('2026-10-05T00:00:00.000Z')
    expect(new Date(to).toISOString()).toBe('2026-10-21T00:00:00.000Z')
  })

  it('takes one day as a one-day range and days in the wrong order as swapped', () => {
    expect(customRange('2026-12-31', '2026-12-31')).toEqual({
      from: at('2026-12-31T00:00:00Z'),
      to: at('2027-01-01T00:00:00Z'),
    })
    expect(customRange('2026-10-20', '2026-10-05')).toEqual(customRange('2026-10-05', '2026-10-20'))
  })

  it('refuses a text that is not a day', () => {
    expect(() => customRange('2026-02-30', '2026-03-01')).toThrow(RangeError)
    expect(() => customRange('2026-10-05', 'today')).toThrow(RangeError)
  })

  it('shows the first and the last day included', () => {
    expect(formatRangeDay(at('2026-10-05T23:59:59.999Z'))).toBe('2026-10-05')
    expect(rangeDays(customRange('2026-10-05', '2026-10-20'))).toEqual({ from: '2026-10-05', to: '2026-10-20' })
    expect(rangeDays(presetRange('lastMonth', at(NOW)))).toEqual({ from: '2025-02-01', to: '2025-02-28' })
    expect(rangeDays(presetRange('1d', at(NOW)))).toEqual({ from: '2025-03-11', to: '2025-03-12' })
  })
})
