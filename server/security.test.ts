import { describe, expect, it } from 'vitest'
import { cspNonce } from './security'

describe('cspNonce', () => {
  it('gives 16 random bytes in base64, never the same twice, across several draws of the pool', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 1000; i++) {
      const nonce = cspNonce()
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
      seen.add(nonce)
    }
    expect(seen.size).toBe(1000)
  })
})
