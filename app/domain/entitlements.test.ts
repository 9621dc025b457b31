import { describe, expect, it } from 'vitest'
import {
  DEPLOYED,
  ELASTIC_LICENSE_MODEL,
  ENTITLEMENT_TYPES,
  addDays,
  classifyElastic,
  classifyLease,
  daysBetween,
  elasticRemainingDaysColor,
  entitlementTiming,
  formatDay,
  formatNumber,
  isBorrowableModel,
  isDay,
  isElasticIncluded,
  isEntitlementType,
  leaseRemainingDaysColor,
  licenseModelGroup,
  maintenanceText,
  rateTableLabel,
  remainingAmount,
  remainingDaysText,
  todayUtc,
  usedPercentage,
  usedPercentageColor,
} from './entitlements'

const today = '2025-06-15'
const day = (n: number) => addDays(today, n)

describe('entitlement types and constants', () => {
  it('lists the five types', () => {
    expect(ENTITLEMENT_TYPES).toEqual(['ELASTIC', 'SSL', 'FSA', 'SUBSCRIPTION', 'CONCURRENT'])
    expect(isEntitlementType('SSL')).toBe(true)
    expect(isEntitlementType('ALL')).toBe(false)
    expect(isEntitlementType('ssl')).toBe(false)
    expect(isEntitlementType(3)).toBe(false)
  })

  it('names the elastic model and the deployed state', () => {
    expect(ELASTIC_LICENSE_MODEL).toBe('Elastic-AEU')
    expect(DEPLOYED).toBe('Deployed')
  })
})

describe('licenseModelGroup', () => {
  it.each([
    ['Shared Web', 'Shared Web'],
    ['SharedWeb', 'Shared Web'],
    ['shared-web borrow', 'Shared Web'],
    ['ConcurrentProduct', 'Shared Web'],
    ['FSA', 'FSA'],
    ['Flexible Spending Account', 'FSA'],
    ['Node Locked', 'Node Locked'],
    ['Node-Locked Borrow', 'Node Locked'],
    ['Named User', 'Named User'],
    ['NamedUser', 'Named User'],
    ['Network', 'Network'],
    ['Network-Borrow', 'Network'],
    ['Lease', 'Network'],
    ['Paid-Up', 'Network'],
    [ELASTIC_LICENSE_MODEL, 'Network'],
    ['Something New', 'Network'],
    ['', 'Network'],
  ])('maps %j to %s', (model, group) => {
    expect(licenseModelGroup(model, 'Ansys Mechanical Enterprise')).toBe(group)
  })

  it('puts a product named "(node)" in Node Locked whatever its model', () => {
    expect(licenseModelGroup('Network', 'Ansys Mechanical Pro (node)')).toBe('Node Locked')
    expect(licenseModelGroup('Shared Web', 'Ansys Fluent (NODE)')).toBe('Node Locked')
    expect(licenseModelGroup('Network', 'Ansys Nodes')).toBe('Network')
  })
})

describe('isBorrowableModel', () => {
  it('is true when the model contains Borrow, in any case', () => {
    expect(isBorrowableModel('Network-Borrow')).toBe(true)
    expect(isBorrowableModel('lease borrow')).toBe(true)
    expect(isBorrowableModel('Network')).toBe(false)
  })
})

describe('days', () => {
  it('counts whole UTC days between two days, leap years included', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2)
    expect(daysBetween('2023-02-28', '2023-03-01')).toBe(1)
    expect(daysBetween('2025-06-15', '2025-06-15')).toBe(0)
    expect(daysBetween('2025-06-15', '2025-06-10')).toBe(-5)
    expect(daysBetween('2024-12-31', '2026-01-01')).toBe(366)
  })

  it('reads only the day of a timestamp', () => {
    expect(daysBetween('2025-06-15 23:59:59', '2025-06-16 00:00:01')).toBe(1)
    expect(daysBetween('2025-06-15T10:00:00Z', '2025-06-15')).toBe(0)
  })

  it('adds days across month and year ends, and subtracts them', () => {
    expect(addDays('2025-01-31', 1)).toBe('2025-02-01')
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01')
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29')
    expect(addDays('2025-06-15', 0)).toBe('2025-06-15')
  })

  it('refuses text that is not a real day', () => {
    for (const bad of ['2024-02-30', '2025-13-01', 'tomorrow', '', '15/06/2025']) {
      expect(isDay(bad)).toBe(false)
      expect(() => daysBetween(bad, today)).toThrow(RangeError)
      expect(() => addDays(bad, 1)).toThrow(RangeError)
    }
    expect(isDay('2024-02-29')).toBe(true)
  })

  it('takes today in UTC', () => {
    expect(todayUtc(new Date('2025-06-15T23:30:00-02:00'))).toBe('2025-06-16')
    expect(todayUtc(new Date('2025-06-15T00:00:00Z'))).toBe('2025-06-15')
    expect(todayUtc()).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })
})

describe('entitlementTiming', () => {
  it('derives used, remaining and total days and the share of the term gone', () => {
    expect(entitlementTiming({ startDate: day(-10), endDate: day(90), today })).toEqual({
      usedDays: 10,
      remainingDays: 90,
      totalDays: 100,
      usedDaysPercentage: 10,
      permanent: false,
    })
  })

  it('is 0 % before the start and 100 % from the end on', () => {
    expect(entitlementTiming({ startDate: day(1), endDate: day(10), today })).toMatchObject({
      usedDays: -1,
      remainingDays: 10,
      usedDaysPercentage: 0,
    })
    expect(entitlementTiming({ startDate: day(-10), endDate: today, today })).toMatchObject({
      remainingDays: 0,
      usedDaysPercentage: 100,
    })
    expect(entitlementTiming({ startDate: day(-10), endDate: day(-1), today }).usedDaysPercentage).toBe(100)
  })

  it('shows at least 1 % on the first day of a long term and at most 99 % on its last days', () => {
    expect(entitlementTiming({ startDate: day(-1), endDate: day(999), today }).usedDaysPercentage).toBe(1)
    expect(entitlementTiming({ startDate: day(-999), endDate: day(1), today }).usedDaysPercentage).toBe(99)
  })

  it('treats a missing end date as permanent, 100 % used (spec 3 section 4)', () => {
    for (const endDate of [null, '']) {
      expect(entitlementTiming({ startDate: day(-10), endDate, today })).toEqual({
        usedDays: 10,
        remainingDays: null,
        totalDays: null,
        usedDaysPercentage: 100,
        permanent: true,
      })
    }
  })
})

describe('isElasticIncluded', () => {
  it('includes only Elastic-AEU entitlements in the Deployed state', () => {
    expect(isElasticIncluded({ licenseModel: 'Elastic-AEU', state: 'Deployed' })).toBe(true)
    expect(isElasticIncluded({ licenseModel: 'Network', state: 'Deployed' })).toBe(false)
    expect(isElasticIncluded({ licenseModel: 'Elastic-AEU', state: 'Obsolete' })).toBe(false)
    expect(isElasticIncluded({ licenseModel: 'elastic-aeu', state: 'deployed' })).toBe(false)
  })
})

describe('classifyElastic', () => {
  const elastic = (over: Partial<Parameters<typeof classifyElastic>[0]>) =>
    classifyElastic({ startDate: day(-30), endDate: day(60), quantity: 1000, used: 250, today, ...over })

  it('is NOT STARTED before the start day, and active from the start day', () => {
    expect(elastic({ startDate: day(1) })).toEqual({ status: 'NOT STARTED', active: false })
    expect(elastic({ startDate: today })).toEqual({ status: 'ACTIVE', active: true })
  })

  it('is EXPIRED on its last day and after, active the day before', () => {
    expect(elastic({ endDate: today })).toEqual({ status: 'EXPIRED', active: false })
    expect(elastic({ endDate: day(-1) })).toEqual({ status: 'EXPIRED', active: false })
    expect(elastic({ endDate: day(1) })).toEqual({ status: 'ACTIVE', active: true })
  })

  it('is USED UP when the whole quantity is used, active a cent short of it', () => {
    expect(elastic({ used: 1000 })).toEqual({ status: 'USED UP', active: false })
    expect(elastic({ used: 1000.5 })).toEqual({ status: 'USED UP', active: false })
    expect(elastic({ used: 999.99 })).toEqual({ status: 'ACTIVE', active: true })
    expect(elastic({ quantity: 0, used: 0 })).toEqual({ status: 'USED UP', active: false })
  })

  it('applies the rules in the spec order', () => {
    expect(elastic({ startDate: day(1), endDate: day(-1), used: 1000 }).status).toBe('NOT STARTED')
    expect(elastic({ endDate: today, used: 1000 }).status).toBe('EXPIRED')
  })

  it('never expires without an end date', () => {
    expect(elastic({ endDate: null })).toEqual({ status: 'ACTIVE', active: true })
  })
})

describe('classifyLease', () => {
  const lease = (over: Partial<Parameters<typeof classifyLease>[0]>) =>
    classifyLease({ startDate: day(-30), endDate: day(60), today, ...over })

  it('is NOT STARTED before the start day, and active from it', () => {
    expect(lease({ startDate: day(1) })).toEqual({ status: 'NOT STARTED', active: false })
    expect(lease({ startDate: day(1), endDate: null })).toEqual({ status: 'NOT STARTED', active: false })
    expect(lease({ startDate: today })).toEqual({ status: 'ACTIVE', active: true })
  })

  it('is EXPIRED on its last day and after, active the day before', () => {
    expect(lease({ endDate: today })).toEqual({ status: 'EXPIRED', active: false })
    expect(lease({ endDate: day(-1) })).toEqual({ status: 'EXPIRED', active: false })
    expect(lease({ endDate: day(1) })).toEqual({ status: 'ACTIVE', active: true })
  })

  it('is PERMANENT and active without an end date', () => {
    expect(lease({ endDate: null })).toEqual({ status: 'PERMANENT', active: true })
    expect(lease({ endDate: '' })).toEqual({ status: 'PERMANENT', active: true })
  })
})

describe('usedPercentage', () => {
  it.each([
    [0, 100, 0],
    [-5, 100, 0],
    [0.001, 100, 1],
    [1.4, 100, 1],
    [1.5, 100, 2],
    [57.5, 100, 58],
    [0.145, 1, 15],
    [50, 100, 50],
    [98.4, 100, 98],
    [98.5, 100, 99],
    [99.6, 100, 99],
    [99.999, 100, 99],
    [100, 100, 100],
    [120, 100, 100],
    [5, 0, 100],
    [1, -1, 100],
    [0, 0, 0],
  ])('used %d of %d is %d %%', (used, total, pct) => {
    expect(usedPercentage(used, total)).toBe(pct)
  })
})

describe('remainingAmount', () => {
  it.each([
    [100, 0, 100],
    [100, 40.04, 60],
    [100, 40.06, 59.9],
    [10, 8.85, 1.2],
    [1.1, 1.05, 0.1],
    [100, 99.94, 0.1],
    [100, 99.96, 0],
    [100, 100, 0],
    [100, 120, 0],
    [100, -5, 100],
    [-3, 0, 0],
  ])('total %d, used %d leaves %d', (total, used, remaining) => {
    expect(remainingAmount(total, used)).toBe(remaining)
  })
})

describe('usedPercentageColor', () => {
  it.each([
    [0, 'green'],
    [79, 'green'],
    [79.9, 'green'],
    [80, 'orange'],
    [81, 'orange'],
    [94, 'orange'],
    [95, 'red'],
    [96, 'red'],
    [99, 'red'],
    [100, 'red'],
    [101, 'red'],
  ])('%d %% is %s', (pct, color) => {
    expect(usedPercentageColor(pct)).toBe(color)
  })
})

describe('elasticRemainingDaysColor', () => {
  it.each([
    [-1, 'red'],
    [0, 'red'],
    [29, 'red'],
    [30, 'red'],
    [31, 'orange'],
    [89, 'orange'],
    [90, 'orange'],
    [91, 'green'],
    [365, 'green'],
    [null, 'green'],
  ])('%s days is %s', (days, color) => {
    expect(elasticRemainingDaysColor(days)).toBe(color)
  })
})

describe('leaseRemainingDaysColor', () => {
  it.each([
    [29, 'red'],
    [30, 'red'],
    [31, 'orange'],
    [89, 'orange'],
    [90, 'orange'],
    [91, 'green'],
    [null, 'green'],
  ])('%s days, not expired, is %s', (days, color) => {
    expect(leaseRemainingDaysColor(days, false)).toBe(color)
  })

  it('is red whenever expired', () => {
    expect(leaseRemainingDaysColor(0, true)).toBe('red')
    expect(leaseRemainingDaysColor(-10, true)).toBe('red')
    expect(leaseRemainingDaysColor(200, true)).toBe('red')
  })

  it('agrees with the classification of a lease', () => {
    const expired = classifyLease({ startDate: day(-30), endDate: today, today }).status === 'EXPIRED'
    expect(leaseRemainingDaysColor(0, expired)).toBe('red')
    const permanent = entitlementTiming({ startDate: day(-30), endDate: null, today })
    expect(leaseRemainingDaysColor(permanent.remainingDays, false)).toBe('green')
  })
})

describe('texts', () => {
  it('labels a rate table by the part before the first dot', () => {
    expect(rateTableLabel('2024.1')).toBe('2024')
    expect(rateTableLabel('2025.1.3')).toBe('2025')
    expect(rateTableLabel('2024')).toBe('2024')
    expect(rateTableLabel('')).toBe('')
    expect(rateTableLabel(null)).toBe('')
    expect(rateTableLabel(undefined)).toBe('')
  })

  it('formats numbers with thousands commas', () => {
    expect(formatNumber(12345.5)).toBe('12,345.5')
    expect(formatNumber(1234567)).toBe('1,234,567')
    expect(formatNumber(999)).toBe('999')
    expect(formatNumber(1000)).toBe('1,000')
    expect(formatNumber(0)).toBe('0')
    expect(formatNumber(-1234.5)).toBe('-1,234.5')
  })

  it('formats numbers to a fixed number of decimals, rounding halves up', () => {
    expect(formatNumber(1234.567, 2)).toBe('1,234.57')
    expect(formatNumber(1.005, 2)).toBe('1.01')
    expect(formatNumber(5, 2)).toBe('5.00')
    expect(formatNumber(1234.5, 0)).toBe('1,235')
    expect(formatNumber(1234567.25, 1)).toBe('1,234,567.3')
  })

  it('formats a missing or non-finite number as empty', () => {
    expect(formatNumber(null)).toBe('')
    expect(formatNumber(undefined)).toBe('')
    expect(formatNumber(Number.NaN)).toBe('')
    expect(formatNumber(Infinity, 2)).toBe('')
  })

  it('cuts dates to the day', () => {
    expect(formatDay('2025-06-15 10:20:30')).toBe('2025-06-15')
    expect(formatDay('2025-06-15')).toBe('2025-06-15')
    expect(formatDay('')).toBe('')
    expect(formatDay(null)).toBe('')
    expect(formatDay(undefined)).toBe('')
  })

  it('writes Remaining Days as the grids show it', () => {
    expect(remainingDaysText({ usedDays: -1, remainingDays: 10 })).toBe('NOT STARTED')
    expect(remainingDaysText({ usedDays: -1, remainingDays: null })).toBe('NOT STARTED')
    expect(remainingDaysText({ usedDays: 0, remainingDays: 0 })).toBe('EXPIRED')
    expect(remainingDaysText({ usedDays: 40, remainingDays: -3 })).toBe('EXPIRED')
    expect(remainingDaysText({ usedDays: 40, remainingDays: null })).toBe('PERMANENT')
    expect(remainingDaysText({ usedDays: 0, remainingDays: 1 })).toBe('1')
    expect(remainingDaysText({ usedDays: 5, remainingDays: 1234 })).toBe('1,234')
  })

  it('agrees with the timing of an entitlement', () => {
    expect(remainingDaysText(entitlementTiming({ startDate: day(-5), endDate: day(45), today }))).toBe('45')
    expect(remainingDaysText(entitlementTiming({ startDate: day(-5), endDate: null, today }))).toBe('PERMANENT')
  })

  it('writes the maintenance line of a permanent entitlement', () => {
    expect(maintenanceText('2026-03-31')).toBe('Maintenance ends on 2026-03-31')
    expect(maintenanceText('2026-03-31 00:00:00')).toBe('Maintenance ends on 2026-03-31')
    expect(maintenanceText('')).toBe('')
    expect(maintenanceText(null)).toBe('')
  })
})
