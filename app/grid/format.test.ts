import { describe, expect, it } from 'vitest'
import { formatDayMonYear, formatDayMonYearTime, parseDayInput, parseDayRangeInput } from './format'

describe('DD-mon-YYYY', () => {
  it('formats the API date text', () => {
    expect(formatDayMonYear('2026-03-05 14:02:09')).toBe('05-Mar-2026')
    expect(formatDayMonYear('2026-12-31')).toBe('31-Dec-2026')
    expect(formatDayMonYearTime('2026-03-05 14:02:09')).toBe('05-Mar-2026 14:02')
  })

  it('returns other text unchanged and empty for nothing', () => {
    expect(formatDayMonYear('soon')).toBe('soon')
    expect(formatDayMonYear('2026-13-01')).toBe('2026-13-01')
    expect(formatDayMonYear(null)).toBe('')
    expect(formatDayMonYearTime('')).toBe('')
  })
})

describe('date filter input', () => {
  it('takes YYYY-MM-DD and DD-Mon-YYYY', () => {
    expect(parseDayInput('2026-03-05')).toBe('2026-03-05')
    expect(parseDayInput(' 5-mar-2026 ')).toBe('2026-03-05')
    expect(parseDayInput('05-Mar-2026')).toBe('2026-03-05')
  })

  it('refuses anything else', () => {
    expect(parseDayInput('2026-02-30')).toBeNull()
    expect(parseDayInput('Mar-2026')).toBeNull()
    expect(parseDayInput('05-Foo-2026')).toBeNull()
  })
})

describe('parseDayRangeInput', () => {
  it('reads a range of days, or one day as a range of one', () => {
    expect(parseDayRangeInput('2026-03-01..2026-03-15')).toEqual(['2026-03-01', '2026-03-15'])
    expect(parseDayRangeInput(' 1-mar-2026 .. 2026-03-15 ')).toEqual(['2026-03-01', '2026-03-15'])
    expect(parseDayRangeInput('05-Mar-2026')).toEqual(['2026-03-05', '2026-03-05'])
  })

  it('refuses a backwards range, a broken day, or more than two parts', () => {
    expect(parseDayRangeInput('2026-03-15..2026-03-01')).toBeNull()
    expect(parseDayRangeInput('2026-03-01..2026-02-30')).toBeNull()
    expect(parseDayRangeInput('2026-03-01..2026-03-02..2026-03-03')).toBeNull()
    expect(parseDayRangeInput('2026-03')).toBeNull()
  })
})
