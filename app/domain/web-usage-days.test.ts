import { describe, expect, it } from 'vitest'
import { daySplit, dayOf, hourBit, hoursSet, rollForwardDays } from './web-usage-days'

const H = 3_600_000
const D = 24 * H
const day10 = 10 * D

describe('daySplit', () => {
  it('keeps an interval within one day whole', () => {
    expect(daySplit(day10 + H, day10 + 3 * H)).toEqual([{ day: 10, ms: 2 * H }])
  })
  it('splits at each UTC midnight', () => {
    expect(daySplit(day10 + 22 * H, day10 + 2 * D + H)).toEqual([
      { day: 10, ms: 2 * H },
      { day: 11, ms: D },
      { day: 12, ms: H },
    ])
  })
  it('gives nothing for an empty interval and ends exactly at midnight without a zero part', () => {
    expect(daySplit(day10, day10)).toEqual([])
    expect(daySplit(day10 + 23 * H, day10 + D)).toEqual([{ day: 10, ms: H }])
  })
})

describe('rollForwardDays', () => {
  it('fills the days after the last row while seats run', () => {
    expect(rollForwardDays(7, 10, 2)).toEqual([8, 9, 10])
  })
  it('needs only the day of the change when nothing runs, there is no row yet, or the row is that day', () => {
    expect(rollForwardDays(7, 10, 0)).toEqual([10])
    expect(rollForwardDays(null, 10, 3)).toEqual([10])
    expect(rollForwardDays(10, 10, 3)).toEqual([10])
  })
})

describe('hourBit and hoursSet', () => {
  it('sets the bit of the UTC hour', () => {
    expect(hourBit(day10)).toBe(1)
    expect(hourBit(day10 + 23 * H + 59 * 60_000)).toBe(1 << 23)
  })
  it('counts the hours of denials', () => {
    expect(hoursSet(0)).toBe(0)
    expect(hoursSet(hourBit(day10 + 9 * H) | hourBit(day10 + 14 * H) | (1 << 23))).toBe(3)
  })
})

describe('dayOf', () => {
  it('reads a time as its UTC day', () => {
    expect(dayOf(day10 - 1)).toBe(9)
    expect(dayOf(day10)).toBe(10)
  })
})
