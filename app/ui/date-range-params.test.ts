import { describe, expect, it } from 'vitest'
import { dateRangeSearch, readChosenRange, readPickerState } from './date-range-params'

const params = (text: string) => new URLSearchParams(text)

describe('readChosenRange', () => {
  it('reads a preset, or a custom range in day order', () => {
    expect(readChosenRange(params('range=lastQuarter&from=2026-10-05&to=2026-10-20'))).toEqual({
      preset: 'lastQuarter',
    })
    expect(readChosenRange(params('from=2026-10-05&to=2026-10-20'))).toEqual({ from: '2026-10-05', to: '2026-10-20' })
    expect(readChosenRange(params('from=2026-10-20&to=2026-10-05'))).toEqual({ from: '2026-10-05', to: '2026-10-20' })
  })

  it('names no range when the address has none or a broken one', () => {
    expect(readChosenRange(params('customer=1'))).toBeNull()
    expect(readChosenRange(params('range=2d'))).toBeNull()
    expect(readChosenRange(params('from=2026-10-05'))).toBeNull()
    expect(readChosenRange(params('from=2026-10-05&to=2026-02-30'))).toBeNull()
  })
})

describe('readPickerState', () => {
  it('is closed unless the address opens it', () => {
    expect(readPickerState(params('cal=2026-10&ps=2026-10-05'))).toBeNull()
  })

  it('reads the month and the picks, dropping broken ones', () => {
    expect(readPickerState(params('picker=custom&cal=2026-10&ps=2026-10-05&pe=2026-10-20'))).toEqual({
      month: '2026-10',
      picks: { start: '2026-10-05', end: '2026-10-20' },
    })
    expect(readPickerState(params('picker=custom&cal=2026-13&pe=2026-10-20'))).toEqual({
      month: null,
      picks: { start: null, end: null },
    })
  })
})

describe('dateRangeSearch', () => {
  const open = '?customer=1000001&range=1d&picker=custom&cal=2026-10&ps=2026-10-05&sort=hours.desc'

  it('writes the calendar state, keeping every other parameter', () => {
    expect(
      dateRangeSearch(open, {
        kind: 'picker',
        picker: { month: '2026-11', picks: { start: '2026-10-05', end: '2026-11-02' } },
      }),
    ).toBe('?customer=1000001&range=1d&picker=custom&cal=2026-11&ps=2026-10-05&sort=hours.desc&pe=2026-11-02')
    expect(
      dateRangeSearch('?customer=1', { kind: 'picker', picker: { month: null, picks: { start: null, end: null } } }),
    ).toBe('?customer=1&picker=custom')
  })

  it('closes the calendar', () => {
    expect(dateRangeSearch(open, { kind: 'picker', picker: null })).toBe('?customer=1000001&range=1d&sort=hours.desc')
  })

  it('applies a preset in place of a custom range and closes the calendar', () => {
    expect(
      dateRangeSearch('?from=2026-10-05&to=2026-10-20&picker=custom&active=1', { kind: 'preset', preset: 'max' }),
    ).toBe('?active=1&range=max')
  })

  it('applies a custom range in place of a preset and closes the calendar', () => {
    expect(dateRangeSearch(open, { kind: 'range', from: '2026-10-05', to: '2026-10-20' })).toBe(
      '?customer=1000001&sort=hours.desc&from=2026-10-05&to=2026-10-20',
    )
  })
})
