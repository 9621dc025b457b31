import { describe, expect, it } from 'vitest'
import { safeReturnTo } from './safe-return'

describe('safeReturnTo', () => {
  it('keeps same-origin paths', () => {
    expect(safeReturnTo('/elastic?customer=1000001')).toBe('/elastic?customer=1000001')
  })
  it.each([undefined, null, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'elastic', '/a\nb', 'x'.repeat(3000)])(
    'refuses %s',
    (value) => {
      expect(safeReturnTo(value, '/home')).toBe('/home')
    },
  )
})
