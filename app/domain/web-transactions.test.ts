import { describe, expect, it } from 'vitest'
import { DENIAL_TEXTS } from './web-seats'
import { durationMinutes, webOutcomeLabel, webReasonText } from './web-transactions'

describe('web transactions in words', () => {
  it('tells a denial’s reason in words and leaves other rows without one', () => {
    expect(webReasonText('no-free-seat')).toBe(DENIAL_TEXTS['no-free-seat'])
    expect(webReasonText('not-in-group')).toBe(DENIAL_TEXTS['not-in-group'])
    expect(webReasonText('user-removed')).toMatch(/removed/)
    expect(webReasonText('')).toBe('')
    expect(webReasonText('something-new')).toBe('something-new')
  })

  it('names the outcomes', () => {
    expect(webOutcomeLabel('denied')).toBe('Denied')
    expect(webOutcomeLabel('expired')).toMatch(/^Expired/)
  })

  it('shows durations in minutes to one decimal', () => {
    expect(durationMinutes(null)).toBeNull()
    expect(durationMinutes(90_000)).toBe(1.5)
    expect(durationMinutes(3_600_000)).toBe(60)
    expect(durationMinutes(2_999)).toBe(0)
  })
})
