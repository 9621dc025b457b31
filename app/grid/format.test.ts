import { describe, expect, it } from 'vitest'
import { formatDayMonYear, formatDayMonYearTime, parseDayInput } from './format'

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
