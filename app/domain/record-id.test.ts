import { describe, expect, it } from 'vitest'
import { parseRecordId, recordIdSchema } from './record-id'

describe('record ids', () => {
  it('takes positive whole numbers and their decimal text', () => {
    expect(recordIdSchema.parse(16)).toBe(16)
    expect(recordIdSchema.parse('16')).toBe(16)
    expect(recordIdSchema.parse('999999999999999')).toBe(999_999_999_999_999)
    expect(parseRecordId('16')).toBe(16)
  })

  it('refuses every other spelling Number() would accept', () => {
    for (const text of [
      '0x10',
      '0o20',
      '0b10000',
      '1e1',
      ' 16',
      '16 ',
      '+16',
      '-16',
      '016',
      '16.0',
      '',
      '0',
      '1'.repeat(16),
    ]) {
      expect(recordIdSchema.safeParse(text).success, text).toBe(false)
      expect(parseRecordId(text), text).toBeNull()
    }
    for (const value of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN, null, true]) {
      expect(recordIdSchema.safeParse(value).success, String(value)).toBe(false)
    }
    expect(parseRecordId(null)).toBeNull()
  })
})
