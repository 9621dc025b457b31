import { describe, expect, it } from 'vitest'
import { THRESHOLD_MESSAGES, thresholdError, thresholdFormSchema } from './threshold-form'

describe('low-balance threshold form', () => {
  it('takes a number from 0 up to the total, with at most 2 decimals', () => {
    expect(thresholdError('0', 1000)).toBeNull()
    expect(thresholdError('1000', 1000)).toBeNull()
    expect(thresholdError('1,000.25', 5000)).toBeNull()
    expect(thresholdError('99.5')).toBeNull()
  })

  it('refuses other text, negatives, a third decimal and more than the total', () => {
    expect(thresholdError('abc', 10)).toBe(THRESHOLD_MESSAGES.notNumber)
    expect(thresholdError('1e3', 10)).toBe(THRESHOLD_MESSAGES.notNumber)
    expect(thresholdError('-1', 10)).toBe(THRESHOLD_MESSAGES.negative)
    expect(thresholdError('1.005', 10)).toBe(THRESHOLD_MESSAGES.decimals)
    expect(thresholdError('1000.01', 1000)).toBe(THRESHOLD_MESSAGES.aboveTotal(1000))
  })

  it('reads the threshold as a number; a missing one clears it', () => {
    const schema = thresholdFormSchema(500)
    expect(schema.parse({ activationId: 'A-1', threshold: '1,50.5' })).toEqual({
      activationId: 'A-1',
      threshold: 150.5,
    })
    expect(schema.parse({ activationId: 'A-1' })).toEqual({ activationId: 'A-1' })
    expect(schema.safeParse({ activationId: 'A-1', threshold: '600' }).success).toBe(false)
    expect(schema.safeParse({ threshold: '6' }).success).toBe(false)
  })
})
