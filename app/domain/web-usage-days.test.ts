import { describe, expect, it } from 'vitest'
import { daySplit, dayOf, fillRunning, hourBit, hoursSet, rollForwardDays } from './web-usage-days'

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

describe('fillRunning', () => {
  it('leaves the rows as they are when no seat runs', () => {
    const rows = [{ day: 10, peak: 2, seatMs: 5, granted: 2 }]
    expect(fillRunning(rows, [], day10 + 5 * D)).toEqual(rows)
  })
  it('adds the running seats’ time so far and their count as the peak of the days after the last row', () => {
    const rows = [
      { day: 10, peak: 2, seatMs: H },
      { day: 11, peak: 2, seatMs: 0 },
    ]
    const starts = [day10 + 20 * H, day10 + D + 12 * H]
    expect(fillRunning(rows, starts, day10 + 2 * D + 6 * H)).toEqual([
      { day: 10, peak: 2, seatMs: H + 4 * H },
      { day: 11, peak: 2, seatMs: D + 12 * H },
      { day: 12, peak: 2, seatMs: 12 * H },
    ])
  })
  it('works from the first seat’s day when there is no row', () => {
    expect(fillRunning([], [day10 + 23 * H], day10 + D + H)).toEqual([
      { day: 10, peak: 1, seatMs: H },
      { day: 11, peak: 1, seatMs: H },
    ])
  })
  it('reads days as dayOf does', () => {
    expect(dayOf(day10 - 1)).toBe(9)
  })
})
