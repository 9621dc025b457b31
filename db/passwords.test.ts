import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from './passwords'

describe('password hashes', () => {
  it('stores scrypt$salt$hash and verifies only the right password', async () => {
    const stored = await hashPassword('demo')
    expect(stored).toMatch(/^scrypt\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/)
    expect(await verifyPassword('demo', stored)).toBe(true)
    expect(await verifyPassword('Demo', stored)).toBe(false)
    expect(await hashPassword('demo')).not.toBe(stored)
  })

  it('treats malformed stored values as a mismatch', async () => {
    for (const stored of ['', 'demo', 'scrypt$$', 'bcrypt$abc$def', 'scrypt$AAAA$AAAA']) {
      expect(await verifyPassword('demo', stored)).toBe(false)
    }
  })
})
