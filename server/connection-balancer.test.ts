import { describe, expect, it } from 'vitest'
import { leastLoaded } from './connection-balancer'

describe('leastLoaded', () => {
  it('picks the worker with the fewest open connections, the first one on a tie', () => {
    expect(leastLoaded([1, 2], new Map([[1, 3], [2, 1]]))).toBe(2)
    expect(leastLoaded([1, 2], new Map([[1, 2], [2, 2]]))).toBe(1)
    expect(leastLoaded([4, 7], new Map())).toBe(4)
  })

  it('spreads a burst evenly when each pick is counted', () => {
    const open = new Map<number, number>()
    for (let i = 0; i < 50; i++) {
      const id = leastLoaded([1, 2], open)!
      open.set(id, (open.get(id) ?? 0) + 1)
    }
    expect(open).toEqual(new Map([[1, 25], [2, 25]]))
  })

  it('has no one to pick without workers', () => {
    expect(leastLoaded([], new Map())).toBeUndefined()
  })
})
