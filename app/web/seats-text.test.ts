import { describe, expect, it } from 'vitest'
import { seatsText } from './seats-text'

describe('seats left', () => {
  it('says a shared licence’s seats in use and free', () => {
    expect(seatsText({ type: 'SHARED_WEB', seats: 10, inUse: 3, holders: 0, free: 7 })).toBe(
      '3 of 10 seats in use now: 7 free.',
    )
    expect(seatsText({ type: 'SHARED_WEB', seats: 1, inUse: 1, holders: 0, free: 0 })).toBe(
      'Its one seat is in use now.',
    )
  })

  it('says a named licence’s seats held and left', () => {
    expect(seatsText({ type: 'NAMED_USER', seats: 12, inUse: 0, holders: 4, free: 8 })).toBe(
      '4 of 12 seats held: 8 left to assign.',
    )
    expect(seatsText({ type: 'NAMED_USER', seats: 5, inUse: 0, holders: 5, free: 0 })).toBe(
      'All 5 seats are held: none is left to assign.',
    )
  })
})
