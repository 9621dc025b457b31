import { describe, expect, it } from 'vitest'
import {
  durationsEndingOn,
  durationsOffered,
  endDateFor,
  firstDuration,
  lineCost,
  parseAmount,
  REMAINDER,
  remainingContractDays,
  toCents,
  unitCost,
  type FsaProduct,
} from './fsa-pricing'

const product = (prices: Partial<FsaProduct>): FsaProduct => ({
  ansysbpn: 'BPN-1',
  ansysproduct: 'Ansys HFSS',
  ...prices,
})
const ALL = product({
  price7Days: 70,
  price30Days: '1,200.00',
  price60Days: 2_000,
  price90Days: 2_700,
  price180Days: 5_000,
  price1Year: '9,125',
})

describe('amounts', () => {
  it('drop thousands commas and keep cents; anything else is not a number', () => {
    expect(parseAmount('1,234,567.89')).toBe(1234567.89)
    expect(parseAmount(' 12 ')).toBe(12)
    expect(parseAmount('.5')).toBe(0.5)
    expect(parseAmount(42)).toBe(42)
    for (const bad of ['', 'abc', '1.2.3', '12a', null, undefined, Number.NaN, Infinity])
      expect(parseAmount(bad)).toBeNull()
  })

  it('round to cents, half away from zero', () => {
    expect(toCents(1.005)).toBe(1.01)
    expect(toCents(2.675)).toBe(2.68)
    expect(toCents(10)).toBe(10)
    expect(lineCost(33.333, 3)).toBe(100)
  })
})

describe('durations', () => {
  it('offers each priced duration that ends by the contract end, then Remainder', () => {
    // 2026-01-01 to 2026-12-31 is 365 days: a year fits exactly.
    expect(durationsOffered(ALL, '2026-01-01', '2026-12-31')).toEqual(['7', '30', '60', '90', '180', '1y', REMAINDER])
    // One day less: no year.
    expect(durationsOffered(ALL, '2026-01-02', '2026-12-31')).toEqual(['7', '30', '60', '90', '180', REMAINDER])
    // Seven days left: 7 days fits, 30 does not.
    expect(durationsOffered(ALL, '2026-12-25', '2026-12-31')).toEqual(['7', REMAINDER])
    expect(durationsOffered(ALL, '2026-12-26', '2026-12-31')).toEqual([REMAINDER])
  })

  it('offers only durations with a positive price, and nothing for a product without prices', () => {
    expect(durationsOffered(product({ price30Days: 100, price90Days: 0 }), '2026-01-01', '2026-12-31')).toEqual([
      '30',
      REMAINDER,
    ])
    expect(durationsOffered(product({}), '2026-01-01', '2026-12-31')).toEqual([])
  })

  it('offers nothing for a start after the contract end or a day that is not one', () => {
    expect(durationsOffered(ALL, '2027-01-01', '2026-12-31')).toEqual([])
    expect(durationsOffered(ALL, '2026-02-30', '2026-12-31')).toEqual([])
  })

  it('starts a line with the first duration that fits, else Remainder', () => {
    expect(firstDuration(product({ price90Days: 1, price1Year: 2 }), '2026-01-01', '2026-12-31')).toBe('90')
    expect(firstDuration(product({ price1Year: 2 }), '2026-06-01', '2026-12-31')).toBe(REMAINDER)
    expect(firstDuration(product({}), '2026-06-01', '2026-12-31')).toBeNull()
  })

  it('ends on the last day of its term, or with the contract', () => {
    expect(endDateFor('7', '2026-01-01', '2026-12-31')).toBe('2026-01-07')
    expect(endDateFor('1y', '2026-01-01', '2026-12-31')).toBe('2026-12-31')
    expect(endDateFor(REMAINDER, '2026-03-15', '2026-12-31')).toBe('2026-12-31')
  })
})

describe('unit cost', () => {
  it('is the listed price of a fixed duration', () => {
    expect(unitCost(ALL, '30', '2026-01-01', '2026-12-31')).toBe(1200)
    expect(unitCost(product({ price30Days: 5 }), '90', '2026-01-01', '2026-12-31')).toBeNull()
  })

  it('for Remainder is the remaining days over the longest priced period, a year counting 365 days', () => {
    expect(remainingContractDays('2026-07-02', '2026-12-31')).toBe(183)
    // 183 / 365 * 9,125 = 4,575
    expect(unitCost(ALL, REMAINDER, '2026-07-02', '2026-12-31')).toBeCloseTo(4575, 9)
    // Without a year price: 183 / 90 * 2,700 = 5,490
    expect(
      unitCost(product({ price7Days: 70, price90Days: 2_700 }), REMAINDER, '2026-07-02', '2026-12-31'),
    ).toBeCloseTo(5490, 9)
    // The last day of the contract is one day.
    expect(lineCost(unitCost(ALL, REMAINDER, '2026-12-31', '2026-12-31')!, 3)).toBe(75)
  })
})

describe('the durations of a line’s dates', () => {
  it('are those whose term ends on the end date: a year ending with the contract is also its Remainder', () => {
    expect(durationsEndingOn(ALL, '2026-01-01', '2026-01-30', '2026-12-31')).toEqual(['30'])
    expect(durationsEndingOn(ALL, '2026-01-01', '2026-12-31', '2026-12-31')).toEqual(['1y', REMAINDER])
    expect(durationsEndingOn(ALL, '2026-01-01', '2026-01-31', '2026-12-31')).toEqual([])
  })
})
