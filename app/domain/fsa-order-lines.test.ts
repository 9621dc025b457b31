import { describe, expect, it } from 'vitest'
import {
  balanceMessage,
  balanceRefusal,
  dateWindow,
  duplicateLines,
  FSA_ORDER_MESSAGES,
  lineDateErrors,
  readCount,
  totalCost,
} from './fsa-order-lines'

describe('the count of a line', () => {
  it('is 1 when empty, a whole number of at least 1 otherwise', () => {
    expect([readCount(''), readCount('  '), readCount(null), readCount(undefined)]).toEqual([1, 1, 1, 1])
    expect([readCount('1'), readCount(' 12 '), readCount(3)]).toEqual([1, 12, 3])
    for (const bad of ['0', '-1', '1.5', 'two', '1e3', 0, -2]) expect(readCount(bad)).toBeNull()
    expect(FSA_ORDER_MESSAGES.count).toBe('Count should be a positive number.')
  })
})

describe('the dates of a line', () => {
  const contract = { startDate: '2026-01-01', endDate: '2026-12-31T00:00:00Z' }

  it('may use the days from the later of today and the contract start to the contract end', () => {
    expect(dateWindow(contract, '2026-11-26')).toEqual({ min: '2026-11-26', max: '2026-12-31' })
    expect(dateWindow(contract, '2025-06-01')).toEqual({ min: '2026-01-01', max: '2026-12-31' })
  })

  it('accepts the window’s first and last day and refuses the days just outside it', () => {
    const window = { min: '2026-11-26', max: '2026-12-31' }
    expect(lineDateErrors({ startDate: '2026-11-26', endDate: '2026-12-31' }, window)).toEqual({})
    expect(lineDateErrors({ startDate: '2026-11-25', endDate: '2027-01-01' }, window)).toEqual({
      startDate: 'Start date is invalid.',
      endDate: 'End date is invalid.',
    })
    expect(lineDateErrors({ startDate: '2026-13-01', endDate: 'soon' }, window)).toEqual({
      startDate: 'Start date is invalid.',
      endDate: 'End date is invalid.',
    })
  })

  it('refuses an end before the start, and takes an end on the start day', () => {
    const window = { min: '2026-11-26', max: '2026-12-31' }
    expect(lineDateErrors({ startDate: '2026-12-10', endDate: '2026-12-09' }, window)).toEqual({
      endDate: 'End Date can not be greater than start date',
    })
    expect(lineDateErrors({ startDate: '2026-12-10', endDate: '2026-12-10' }, window)).toEqual({})
  })
})

describe('duplicate lines', () => {
  const line = { product: 'BPN-1', count: 2, startDate: '2026-12-01', duration: '30', endDate: '2026-12-30' }

  it('are the later copies of a line with the same product, count, start, duration and end', () => {
    expect(duplicateLines([line, { ...line }, { ...line, count: 3 }, { ...line }])).toEqual(new Set([1, 3]))
  })

  it('differ in any one attribute', () => {
    for (const change of [
      { product: 'BPN-2' },
      { count: 1 },
      { startDate: '2026-12-02' },
      { duration: 'remainder' },
      { endDate: '2026-12-31' },
    ]) {
      expect(duplicateLines([line, { ...line, ...change }])).toEqual(new Set())
    }
  })
})

describe('the balance', () => {
  it('adds costs in whole cents', () => {
    expect(totalCost([0.1, 0.2])).toBe(0.3)
    expect(totalCost([])).toBe(0)
  })

  it('takes an order of exactly the available amount and refuses one cent more, naming the last change', () => {
    expect(balanceRefusal([600, 400], 1000, { line: 1, field: 'count' })).toBeNull()
    expect(balanceRefusal([600, 400.01], 1000, { line: 0, field: 'count' })).toEqual({
      line: 0,
      message: 'You do not have sufficient balance for the selected count.',
    })
    expect(balanceRefusal([600, 400.01], 1000, null)).toEqual({
      line: 1,
      message: 'You do not have sufficient balance for the selected product.',
    })
  })

  it('has the five messages of the spec', () => {
    expect((['product', 'count', 'startDate', 'duration', 'cost'] as const).map(balanceMessage)).toEqual([
      'You do not have sufficient balance for the selected product.',
      'You do not have sufficient balance for the selected count.',
      'You do not have sufficient balance for the selected start date.',
      'You do not have sufficient balance for the selected duration.',
      'You do not have sufficient balance for the entered cost.',
    ])
  })
})
