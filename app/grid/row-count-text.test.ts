import { describe, expect, it } from 'vitest'
import { rowCountText } from './row-count-text'

describe('rowCountText', () => {
  it('uses the singular for one row', () => {
    expect(rowCountText(1, 'entitlements', false)).toBe('1 entitlement')
    expect(rowCountText(1, 'emails', true)).toBe('1 email matches the filters')
  })

  it('uses the plural otherwise, with thousands separators', () => {
    expect(rowCountText(2, 'entitlements', false)).toBe('2 entitlements')
    expect(rowCountText(12_345, 'emails', true)).toBe('12,345 emails match the filters')
  })
})
