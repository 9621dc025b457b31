import { describe, expect, it } from 'vitest'
import {
  changedColumns,
  currentDirectHolders,
  heldWithTicks,
  keepTicks,
  overSeatsMessage,
  parseSeatValues,
  readSeatValue,
  seatValue,
} from './web-matrix'

describe('seat values', () => {
  it('round-trip a user and an activation id that holds a colon', () => {
    const ticks = parseSeatValues([seatValue(7, 'ACT:1'), seatValue(8, 'ACT:1'), seatValue(7, 'B')])
    expect(ticks).toEqual(
      new Map([
        ['ACT:1', new Set([7, 8])],
        ['B', new Set([7])],
      ]),
    )
  })

  it('read one value, or none when it is not a seat', () => {
    expect(readSeatValue(seatValue(12, 'A:B'))).toEqual({ userId: 12, activationId: 'A:B' })
    expect(readSeatValue('12')).toBeNull()
  })

  it('skip values that are not a user and an activation id', () => {
    expect(parseSeatValues(['', 'x:A', '0:A', '3:', ':A', '1.5:A', '-2:A'])).toEqual(new Map())
  })
})

describe('current direct holders', () => {
  it('leave out seats past their end date and keep those ending today', () => {
    const seats = [
      { id: 1, endDate: null },
      { id: 2, endDate: '2026-11-26' },
      { id: 3, endDate: '2026-11-27' },
    ]
    expect(currentDirectHolders(seats, '2026-11-27')).toEqual([1, 3])
  })
})

describe('changed columns', () => {
  const seen = new Map([
    ['A', [1, 2, 90]],
    ['B', [3]],
  ])

  it('replace only the page’s users, keeping holders on other pages', () => {
    const ticked = new Map([
      ['A', new Set([1, 3])],
      ['B', new Set([3])],
    ])
    expect(changedColumns(seen, [1, 2, 3], ticked)).toEqual([
      { activationId: 'A', previous: [1, 2, 90], holders: [1, 90, 3], added: [3], removed: [2] },
    ])
  })

  it('find nothing when the ticks are what the page was drawn with', () => {
    const ticked = new Map([
      ['A', new Set([1, 2])],
      ['B', new Set([3])],
    ])
    expect(changedColumns(seen, [1, 2, 3], ticked)).toEqual([])
  })

  it('ignore ticks of users not on the page and of columns not drawn', () => {
    const ticked = new Map([
      ['A', new Set([1, 2, 4])],
      ['B', new Set([3])],
      ['C', new Set([1])],
    ])
    expect(changedColumns(seen, [1, 2, 3], ticked)).toEqual([])
  })

  it('read a column with no ticks as every page user unticked', () => {
    expect(changedColumns(seen, [3], new Map())).toEqual([
      { activationId: 'B', previous: [3], holders: [], added: [], removed: [3] },
    ])
  })
})

describe('ticks kept after a refused save', () => {
  it('apply the user’s own changes to what is stored now', () => {
    expect(keepTicks([1, 5], { added: [3], removed: [1] })).toEqual(new Set([5, 3]))
  })

  it('show what is stored when the user changed nothing in the column', () => {
    expect(keepTicks([1, 5], undefined)).toEqual(new Set([1, 5]))
  })
})

describe('live counts', () => {
  const viaGroup = (id: number) => id === 9

  it('count a tick and an untick, but not for someone holding through a group', () => {
    expect(heldWithTicks(4, [1, 9], [], viaGroup)).toBe(5)
    expect(heldWithTicks(4, [], [2, 9], viaGroup)).toBe(3)
  })

  it('never go below zero', () => {
    expect(heldWithTicks(0, [], [1], viaGroup)).toBe(0)
  })

  it('say which column and how many over', () => {
    expect(overSeatsMessage('Ansys HFSS - Named User', { seats: 3, held: 5 })).toBe(
      'Ansys HFSS - Named User has 3 seats: the ticks need 5, 2 over.',
    )
    expect(overSeatsMessage('X', { seats: 1, held: 2 })).toBe('X has 1 seat: the ticks need 2, 1 over.')
    expect(overSeatsMessage('X', { seats: 3, held: 3 })).toBeNull()
  })
})
