import { describe, expect, it } from 'vitest'
import {
  addMonths,
  canApply,
  clickDay,
  dayLabel,
  monthGrid,
  monthOf,
  monthTitle,
  NO_PICKS,
  parseDay,
  parseMonth,
  pickOf,
  readPicks,
} from './range-calendar'

describe('clickDay', () => {
  it('sets the start with the first click', () => {
    expect(clickDay(NO_PICKS, '2026-10-05')).toEqual({ start: '2026-10-05', end: null })
  })

  it('sets the end with a later click after the start', () => {
    expect(clickDay({ start: '2026-10-05', end: null }, '2026-11-02')).toEqual({
      start: '2026-10-05',
      end: '2026-11-02',
    })
  })

  it('restarts from a click before the start', () => {
    expect(clickDay({ start: '2026-10-05', end: null }, '2026-09-30')).toEqual({ start: '2026-09-30', end: null })
  })

  it('restarts from any click once the range is complete', () => {
    const complete = { start: '2026-10-05', end: '2026-10-20' }
    expect(clickDay(complete, '2026-10-25')).toEqual({ start: '2026-10-25', end: null })
    expect(clickDay(complete, '2026-10-10')).toEqual({ start: '2026-10-10', end: null })
    expect(clickDay(complete, '2026-10-01')).toEqual({ start: '2026-10-01', end: null })
  })

  it('makes a one-day range from a second click on the start day', () => {
    expect(clickDay({ start: '2026-10-05', end: null }, '2026-10-05')).toEqual({
      start: '2026-10-05',
      end: '2026-10-05',
    })
  })
})

describe('canApply', () => {
  it('allows Okay only when both days are picked, in order', () => {
    expect(canApply(NO_PICKS)).toBe(false)
    expect(canApply({ start: '2026-10-05', end: null })).toBe(false)
    expect(canApply({ start: null, end: '2026-10-05' })).toBe(false)
    expect(canApply({ start: '2026-10-05', end: '2026-10-04' })).toBe(false)
    expect(canApply({ start: '2026-10-05', end: '2026-10-05' })).toBe(true)
    expect(canApply({ start: '2026-10-05', end: '2027-01-04' })).toBe(true)
  })
})

describe('readPicks', () => {
  it('keeps valid picks and drops what no click could have made', () => {
    expect(readPicks('2026-10-05', '2026-10-20')).toEqual({ start: '2026-10-05', end: '2026-10-20' })
    expect(readPicks('2026-10-05', null)).toEqual({ start: '2026-10-05', end: null })
    expect(readPicks(null, '2026-10-20')).toEqual(NO_PICKS)
    expect(readPicks('2026-10-05', '2026-10-01')).toEqual({ start: '2026-10-05', end: null })
    expect(readPicks('2026-02-30', '2026-03-02')).toEqual(NO_PICKS)
    expect(readPicks('2026-10-05', 'x')).toEqual({ start: '2026-10-05', end: null })
  })
})

describe('pickOf', () => {
  it('marks the start, the end and the days between', () => {
    const picks = { start: '2026-10-05', end: '2026-10-07' }
    expect(['04', '05', '06', '07', '08'].map((d) => pickOf(picks, `2026-10-${d}`))).toEqual([
      null,
      'start',
      'between',
      'end',
      null,
    ])
    expect(pickOf({ start: '2026-10-05', end: null }, '2026-10-06')).toBeNull()
  })
})

describe('monthGrid', () => {
  it('lays a month out in weeks starting on Monday, padded with nulls', () => {
    // 1 October 2026 is a Thursday; the 31st a Saturday.
    const grid = monthGrid('2026-10')
    expect(grid).toHaveLength(5)
    expect(grid[0]).toEqual([null, null, null, '2026-10-01', '2026-10-02', '2026-10-03', '2026-10-04'])
    expect(grid[4]).toEqual(['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31', null])
    expect(grid.every((week) => week.length === 7)).toBe(true)
    expect(grid.flat().filter(Boolean)).toHaveLength(31)
  })

  it('starts a month that begins on a Monday without padding, and knows leap Februaries', () => {
    // 1 February 2027 is a Monday: four whole weeks.
    expect(monthGrid('2027-02')).toHaveLength(4)
    expect(monthGrid('2027-02')[0][0]).toBe('2027-02-01')
    expect(monthGrid('2024-02').flat().filter(Boolean).at(-1)).toBe('2024-02-29')
    // 1 June 2025 is a Sunday: six rows.
    expect(monthGrid('2025-06')).toHaveLength(6)
    expect(monthGrid('2025-06')[0]).toEqual([null, null, null, null, null, null, '2025-06-01'])
  })
})

describe('months', () => {
  it('adds and subtracts months across years', () => {
    expect(addMonths('2026-10', 1)).toBe('2026-11')
    expect(addMonths('2026-12', 1)).toBe('2027-01')
    expect(addMonths('2027-01', -1)).toBe('2026-12')
    expect(addMonths('2026-10', -22)).toBe('2024-12')
    expect(addMonths('2026-10', 15)).toBe('2028-01')
    expect(addMonths('2026-10', 0)).toBe('2026-10')
  })

  it('names months and days in full', () => {
    expect(monthOf('2026-10-05')).toBe('2026-10')
    expect(monthTitle('2026-10')).toBe('October 2026')
    expect(monthTitle('2027-01')).toBe('January 2027')
    expect(dayLabel('2026-10-05')).toBe('Monday, 5 October 2026')
    expect(dayLabel('2026-10-04')).toBe('Sunday, 4 October 2026')
  })
})

describe('validators', () => {
  it('accept only real days written YYYY-MM-DD', () => {
    expect(parseDay('2026-10-05')).toBe('2026-10-05')
    expect(parseDay('2024-02-29')).toBe('2024-02-29')
    for (const text of [
      '2023-02-29',
      '2026-13-01',
      '2026-10-32',
      '2026-10-5',
      ' 2026-10-05',
      '2026-10-05x',
      '',
      null,
    ]) {
      expect(parseDay(text), String(text)).toBeNull()
    }
  })

  it('accept only months written YYYY-MM', () => {
    expect(parseMonth('2026-10')).toBe('2026-10')
    expect(parseMonth('2026-01')).toBe('2026-01')
    for (const text of ['2026-00', '2026-13', '2026-1', '2026-10-05', 'october', '', undefined]) {
      expect(parseMonth(text), String(text)).toBeNull()
    }
  })
})
