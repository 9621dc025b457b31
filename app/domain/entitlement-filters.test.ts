import { describe, expect, it } from 'vitest'
import { endDateCriteria, endDateRangeText, remainingDaysCriteria } from './entitlement-filters'

const today = '2025-06-15'
const permanent = { name: 'IsActivationPermanent', method: 'EQUALS', value: 'true' }

describe('remainingDaysCriteria', () => {
  it('turns a number N into "ends on or after today + N − 1"', () => {
    expect(remainingDaysCriteria('30', today)).toEqual([{ name: 'EndDate', method: '>=', value: '2025-07-14' }])
    expect(remainingDaysCriteria(' 1 ', today)).toEqual([{ name: 'EndDate', method: '>=', value: today }])
    expect(remainingDaysCriteria('0', today)).toEqual([{ name: 'EndDate', method: '>=', value: '2025-06-14' }])
    expect(remainingDaysCriteria('-2', today)).toEqual([{ name: 'EndDate', method: '>=', value: '2025-06-12' }])
  })

  it("turns text containing 'permanent', in any case, into the permanent criterion", () => {
    expect(remainingDaysCriteria('permanent', today)).toEqual([permanent])
    expect(remainingDaysCriteria('PERMANENT', today)).toEqual([permanent])
    expect(remainingDaysCriteria('perm', today)).toBeNull()
  })

  it('has no special meaning for other text', () => {
    for (const text of ['', '  ', '12.5', '1e3', 'EXPIRED', '30 days'])
      expect(remainingDaysCriteria(text, today)).toBeNull()
  })
})

describe('endDateCriteria', () => {
  it('matches an exact day against the end date', () => {
    expect(endDateCriteria('2025-12-31')).toEqual([{ name: 'EndDate', method: 'EQUALS', value: '2025-12-31' }])
    expect(endDateCriteria(' 2025-12-31 ')).toEqual([{ name: 'EndDate', method: 'EQUALS', value: '2025-12-31' }])
  })

  it("matches 'Maintenance ends on DAY' against the version date of a permanent entitlement", () => {
    const criteria = [{ name: 'VersionDate', method: 'EQUALS', value: '2026-03-31' }, permanent]
    expect(endDateCriteria('Maintenance ends on 2026-03-31')).toEqual(criteria)
    expect(endDateCriteria('maintenance ENDS on  2026-03-31')).toEqual(criteria)
  })

  it("matches a range 'FROM..TO' against the end date, or the version date after 'Maintenance ends on'", () => {
    expect(endDateCriteria('2025-06-15..2025-09-13')).toEqual([
      { name: 'EndDate', method: 'RANGE', value: ['2025-06-15', '2025-09-13'] },
    ])
    expect(endDateCriteria(' 2025-06-15 .. 2025-06-15 ')).toEqual([
      { name: 'EndDate', method: 'RANGE', value: ['2025-06-15', '2025-06-15'] },
    ])
    expect(endDateCriteria('Maintenance ends on 2025-06-15..2025-09-13')).toEqual([
      { name: 'VersionDate', method: 'RANGE', value: ['2025-06-15', '2025-09-13'] },
      permanent,
    ])
  })

  it('writes the range filter the way it reads it', () => {
    expect(endDateCriteria(endDateRangeText('2025-06-15', '2025-09-13'))).toEqual([
      { name: 'EndDate', method: 'RANGE', value: ['2025-06-15', '2025-09-13'] },
    ])
    expect(endDateCriteria(endDateRangeText('2025-06-15', '2025-09-13', true))?.[0]).toMatchObject({
      name: 'VersionDate',
    })
  })

  it('has no special meaning for partial, impossible or other text', () => {
    for (const text of [
      '2025-09-13..2025-06-15',
      '2025-06-15..2025-02-30',
      '2025-06..2025-09',
      '2025-06-15..',
      '2025-12',
      '2025-02-30',
      '2025-12-31 10:00',
      'Maintenance ends on 2026-02-30',
      'Maintenance',
      '',
    ])
      expect(endDateCriteria(text)).toBeNull()
  })
})
