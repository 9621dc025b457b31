import { describe, expect, it } from 'vitest'
import { alertTimeText, dayText, emailListDayText, momentText, momentUtcText } from './date-format'

describe('date formats', () => {
  it('writes a day as yyyy-MM-dd, whatever the API sends', () => {
    expect(dayText('2026-11-27')).toBe('2026-11-27')
    expect(dayText('2026-11-27 14:05:09')).toBe('2026-11-27')
    expect(dayText('2026-11-27T14:05:09.123Z')).toBe('2026-11-27')
    expect(dayText(Date.UTC(2026, 10, 27, 23, 59))).toBe('2026-11-27')
    expect(dayText(new Date(Date.UTC(2026, 0, 5)))).toBe('2026-01-05')
  })

  it('moves a time with a zone to UTC before taking its day', () => {
    expect(dayText('2026-11-27T23:30:00-02:00')).toBe('2026-11-28')
    expect(momentText('2026-11-27T23:30:00+0100')).toBe('2026-11-27 22:30:00')
  })

  it('writes a moment as yyyy-MM-dd HH:mm:ss in UTC', () => {
    expect(momentText('2026-11-27 14:05:09')).toBe('2026-11-27 14:05:09')
    expect(momentText('2026-11-27T14:05:09.999Z')).toBe('2026-11-27 14:05:09')
    expect(momentText('2026-11-27 14:05')).toBe('2026-11-27 14:05:00')
    expect(momentText(Date.UTC(2026, 10, 27, 4, 5, 9))).toBe('2026-11-27 04:05:09')
    expect(momentText('2026-11-27')).toBe('2026-11-27')
    expect(momentUtcText('2026-11-27 14:05:09')).toBe('2026-11-27 14:05:09 UTC')
    expect(momentUtcText('2026-11-27')).toBe('2026-11-27')
  })

  it("writes an alert's time with the hour unpadded", () => {
    expect(alertTimeText('2026-11-27 09:30:00')).toBe('2026-11-27, 9:30')
    expect(alertTimeText('2026-11-27 17:05:00', ' ')).toBe('2026-11-27 17:05')
  })

  it("writes the e-mail list's day as DD-Mon-YYYY", () => {
    expect(emailListDayText('2026-11-27 14:05:09')).toBe('27-Nov-2026')
    expect(emailListDayText('2026-03-05')).toBe('05-Mar-2026')
  })

  it('gives nothing for nothing, and any other text back as it came', () => {
    for (const format of [dayText, momentText, momentUtcText, alertTimeText, emailListDayText]) {
      expect(format(null)).toBe('')
      expect(format(undefined)).toBe('')
      expect(format('')).toBe('')
      expect(format('soon')).toBe('soon')
      expect(format('2026-13-01')).toBe('2026-13-01')
      expect(format(Number.NaN)).toBe('')
    }
  })
})
