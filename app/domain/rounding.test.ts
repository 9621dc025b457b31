import { describe, expect, it } from 'vitest'
import { roundTo } from './rounding'

describe('roundTo', () => {
  it('rounds halves away from zero without binary error', () => {
    expect(roundTo(1.005, 2)).toBe(1.01)
    expect(roundTo(1.25, 1)).toBe(1.3)
    expect(roundTo(-1.25, 1)).toBe(-1.3)
    expect(roundTo(0.05, 1)).toBe(0.1)
    expect(roundTo(2.5, 0)).toBe(3)
  })

  it('keeps what already fits and rounds down below the half', () => {
    expect(roundTo(12.3, 1)).toBe(12.3)
    expect(roundTo(1.2344, 3)).toBe(1.234)
    expect(roundTo(0, 2)).toBe(0)
  })

  it('does not give a negative zero', () => {
    expect(Object.is(roundTo(-0.001, 1), 0)).toBe(true)
  })

  it('copes with numbers written with an exponent', () => {
    expect(roundTo(1e-21, 2)).toBe(0)
    expect(roundTo(1.5e-7, 8)).toBe(1.5e-7)
    expect(roundTo(1.5e-7, 7)).toBe(2e-7)
    expect(roundTo(1e21, 1)).toBe(1e21)
  })

  it('passes non-finite numbers through', () => {
    expect(roundTo(Number.NaN, 1)).toBeNaN()
    expect(roundTo(Infinity, 1)).toBe(Infinity)
  })
})
