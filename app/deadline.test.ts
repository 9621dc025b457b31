import { describe, expect, it } from 'vitest'
import { withDeadline } from './deadline'

class Late extends Error {}

describe('withDeadline', () => {
  it('passes on what settles in time, value or error, and leaves no timer behind', async () => {
    expect(await withDeadline(Promise.resolve(7), 1_000, () => new Late())).toBe(7)
    await expect(withDeadline(Promise.reject(new Error('no')), 1_000, () => new Late())).rejects.toThrow('no')
  })

  it('rejects with the given error when the work takes longer', async () => {
    let expiredCalls = 0
    const never = new Promise<number>(() => {})
    await expect(withDeadline(never, 20, () => (expiredCalls++, new Late()))).rejects.toBeInstanceOf(Late)
    expect(expiredCalls).toBe(1)
  })
})
