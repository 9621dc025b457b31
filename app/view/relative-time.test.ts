import { describe, expect, it } from 'vitest'
import { durationText, relativeAge } from './relative-time'

const now = new Date('2025-03-10T12:00:00Z')
const minutes = (n: number) => new Date(now.getTime() + n * 60_000)
const ago = (n: number) => minutes(-n)

describe('relativeAge', () => {
  it('counts future dates in whole days, at least one', () => {
    expect(relativeAge(minutes(1), now)).toBe('In 1 day')
    expect(relativeAge(minutes(24 * 60), now)).toBe('In 1 day')
    expect(relativeAge(minutes(2 * 24 * 60 - 1), now)).toBe('In 1 day')
    expect(relativeAge(minutes(2 * 24 * 60), now)).toBe('In 2 days')
    expect(relativeAge(minutes(2 * 24 * 60 + 6 * 60), now)).toBe('In 2 days')
    expect(relativeAge(minutes(10 * 24 * 60), now)).toBe('In 10 days')
  })

  it('counts minutes under an hour', () => {
    expect(relativeAge(now, now)).toBe('0 Minutes ago')
    expect(relativeAge(new Date(now.getTime() - 59_000), now)).toBe('0 Minutes ago')
    expect(relativeAge(ago(1), now)).toBe('1 Minute ago')
    expect(relativeAge(ago(42), now)).toBe('42 Minutes ago')
    expect(relativeAge(ago(59), now)).toBe('59 Minutes ago')
  })

  it('counts hours and minutes under a day', () => {
    expect(relativeAge(ago(60), now)).toBe('1 Hour 0 Minutes ago')
    expect(relativeAge(ago(61), now)).toBe('1 Hour 1 Minute ago')
    expect(relativeAge(ago(3 * 60 + 5), now)).toBe('3 Hours 5 Minutes ago')
    expect(relativeAge(ago(24 * 60 - 1), now)).toBe('23 Hours 59 Minutes ago')
  })

  it('counts whole days after that', () => {
    expect(relativeAge(ago(24 * 60), now)).toBe('1 day ago')
    expect(relativeAge(ago(2 * 24 * 60 - 1), now)).toBe('1 day ago')
    expect(relativeAge(ago(2 * 24 * 60), now)).toBe('2 days ago')
    expect(relativeAge(ago(30 * 24 * 60 + 600), now)).toBe('30 days ago')
  })
})

describe('durationText', () => {
  it('gives minutes under an hour', () => {
    expect(durationText(now, now)).toBe('0 Minutes')
    expect(durationText(now, minutes(1))).toBe('1 Minute')
    expect(durationText(now, minutes(45))).toBe('45 Minutes')
  })

  it('gives hours and minutes under a day', () => {
    expect(durationText(now, minutes(60))).toBe('1 Hour 0 Minutes')
    expect(durationText(now, minutes(4 * 60 + 30))).toBe('4 Hours 30 Minutes')
    expect(durationText(now, minutes(24 * 60 - 1))).toBe('23 Hours 59 Minutes')
  })

  it('gives days, hours and minutes otherwise', () => {
    expect(durationText(now, minutes(24 * 60))).toBe('1 Day 0 Hours 0 Minutes')
    expect(durationText(now, minutes(24 * 60 + 61))).toBe('1 Day 1 Hour 1 Minute')
    expect(durationText(now, minutes(3 * 24 * 60 + 5 * 60 + 15))).toBe('3 Days 5 Hours 15 Minutes')
  })

  it('counts an end before the start as no time', () => {
    expect(durationText(now, ago(90))).toBe('0 Minutes')
  })
})
