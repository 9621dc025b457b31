import { describe, expect, it } from 'vitest'
import type { ThresholdState } from './credit-forecast'
import {
  alertAffects,
  elasticFigures,
  endingWindow,
  endsSoon,
  homeCards,
  sortCustomerFigures,
  weekChangeText,
  weekOnWeek,
  weekWindows,
  type CustomerFigures,
} from './home-cards'
import { EXPORT_STATUS_FIELD } from './product'
import { makeInfo, makeUser } from '../../tests/support/domain-builders'

const admin = makeUser(['user'])

describe('homeCards', () => {
  it('shows every card to an administrator of a customer with elastic, SSL and FSA', () => {
    const info = makeInfo({ hasElastic: 1, hasSSL: 1, hasFSA: 1, isPortalEdit: 1 })
    expect(homeCards(admin, info)).toEqual(['elastic', 'ending', 'hosts', 'usage', 'alerts', 'emails'])
  })

  it('shows the web licences card to a customer with shared web or named-user licences', () => {
    expect(homeCards(admin, makeInfo({ hasSharedLicense: 1 }))).toContain('web')
    expect(homeCards(admin, makeInfo({ hasNamedLicense: 1 }))).toContain('web')
    expect(homeCards(admin, makeInfo({}))).not.toContain('web')
  })

  it('has no elastic or usage card for an SSL-only customer', () => {
    const cards = homeCards(admin, makeInfo({ hasSSL: 1, orgType: 'Indirect' }))
    expect(cards).not.toContain('elastic')
    expect(cards).not.toContain('usage')
    expect(cards).toContain('ending')
  })

  it('leaves out hosts without the activations permission and e-mails for an Indirect customer', () => {
    const cards = homeCards(admin, makeInfo({ hasElastic: 1, hasSSL: 0, orgType: 'Indirect' }))
    expect(cards).toEqual(['elastic', 'usage', 'alerts'])
  })

  it('shows nothing for a customer under export control, or without its info', () => {
    expect(homeCards(admin, makeInfo({ hasElastic: 1, [EXPORT_STATUS_FIELD]: 'Denied' }))).toEqual([])
    expect(homeCards(admin, null)).toEqual([])
  })
})

describe('alertAffects', () => {
  const elasticOnly = makeInfo({ hasElastic: 1 })
  const leasesOnly = makeInfo({ hasSSL: 1 })
  it("keeps an alert to the customers whose services it names, the portal's to everyone", () => {
    expect(alertAffects(['els'], elasticOnly)).toBe(true)
    expect(alertAffects(['els'], leasesOnly)).toBe(false)
    expect(alertAffects(['cls'], leasesOnly)).toBe(false)
    expect(alertAffects(['fnp'], leasesOnly)).toBe(true)
    expect(alertAffects(['fnp'], elasticOnly)).toBe(false)
    expect(alertAffects(['fnp'], makeInfo({ hasFSA: 1 }))).toBe(true)
    expect(alertAffects(['portal'], leasesOnly)).toBe(true)
    expect(alertAffects(['els', 'fnp'], leasesOnly)).toBe(true)
  })

  it('shows an alert naming no service, or one it does not know, to everyone', () => {
    expect(alertAffects([], leasesOnly)).toBe(true)
    expect(alertAffects(['billing'], leasesOnly)).toBe(true)
  })
})

describe('endingWindow and endsSoon', () => {
  const today = '2026-11-27'
  it('counts a term from tomorrow (its last day is already expired) and maintenance from today, to 90 days ahead', () => {
    expect(endingWindow('term', today)).toEqual({ from: '2026-11-28', to: '2027-02-25' })
    expect(endingWindow('maintenance', today)).toEqual({ from: today, to: '2027-02-25' })
  })

  const started = '2026-01-01'
  it.each([
    ['term', '2026-11-27', false],
    ['term', '2026-11-28', true],
    ['term', '2027-02-25', true],
    ['term', '2027-02-26', false],
    ['maintenance', '2026-11-27', true],
    ['maintenance', '2026-11-26', false],
    ['maintenance', '2027-02-25', true],
    ['term', '2026-12-01T00:00:00Z', true],
    ['term', null, false],
    ['term', 'soon', false],
  ] as const)('a %s ending %s ends soon: %s', (kind, end, expected) => {
    expect(endsSoon(kind, { startDate: started, end }, today)).toBe(expected)
  })

  it('leaves out what has not started yet', () => {
    expect(endsSoon('term', { startDate: '2026-11-28', end: '2026-12-20' }, today)).toBe(false)
    expect(endsSoon('term', { startDate: today, end: '2026-12-20' }, today)).toBe(true)
  })
})

describe('the week on week', () => {
  it('compares today and the 6 days before with the 7 before them', () => {
    expect(weekWindows('2026-11-27')).toEqual({
      current: { from: '2026-11-21', to: '2026-11-27' },
      previous: { from: '2026-11-14', to: '2026-11-20' },
    })
  })

  it('gives the change, its share of last week and its direction', () => {
    expect(weekOnWeek(150, 100)).toEqual({ change: 50, percent: 50, direction: 'up' })
    expect(weekOnWeek(80.1, 100.2)).toEqual({ change: -20.1, percent: -20, direction: 'down' })
    expect(weekOnWeek(10, 10)).toEqual({ change: 0, percent: 0, direction: 'flat' })
    expect(weekOnWeek(10, 0)).toEqual({ change: 10, percent: null, direction: 'up' })
  })

  it('says it in words', () => {
    const money = (n: number) => n.toFixed(2)
    expect(weekChangeText(weekOnWeek(150, 100), money)).toBe('up 50.00 (50%) on the 7 days before')
    expect(weekChangeText(weekOnWeek(50, 100), money)).toBe('down 50.00 (50%) on the 7 days before')
    expect(weekChangeText(weekOnWeek(5, 0), money)).toBe('up 5.00 on the 7 days before')
    expect(weekChangeText(weekOnWeek(0, 0), money)).toBe('the same as the 7 days before')
  })
})

describe('sortCustomerFigures', () => {
  const row = (customerNumber: string, customerName: string, more: Partial<CustomerFigures> = {}): CustomerFigures => ({
    customerNumber,
    customerName,
    elasticRemaining: null,
    currency: null,
    belowThreshold: null,
    endingSoon: null,
    activeHosts: null,
    restricted: false,
    ...more,
  })
  const rows = [
    row('1000003', 'cobalt', { endingSoon: 2, activeHosts: 1 }),
    row('1000001', 'Acme', {
      elasticRemaining: 500,
      currency: 'USD',
      belowThreshold: 1,
      endingSoon: 2,
      activeHosts: 4,
    }),
    row('1000005', 'Embargo', { restricted: true }),
    row('1000002', 'Borealis', {
      elasticRemaining: 9000,
      currency: 'USD',
      belowThreshold: 0,
      endingSoon: 0,
      activeHosts: 4,
    }),
  ]
  const order = (r: CustomerFigures[]) => r.map((c) => c.customerNumber)

  it('sorts by name in any case', () => {
    expect(order(sortCustomerFigures(rows, 'customer', 'asc'))).toEqual(['1000001', '1000002', '1000003', '1000005'])
    expect(order(sortCustomerFigures(rows, 'customer', 'desc'))).toEqual(['1000005', '1000003', '1000002', '1000001'])
  })

  it('sorts by a figure, ties by number', () => {
    expect(order(sortCustomerFigures(rows, 'endingSoon', 'desc'))).toEqual(['1000001', '1000003', '1000002', '1000005'])
    expect(order(sortCustomerFigures(rows, 'endingSoon', 'asc'))).toEqual(['1000002', '1000001', '1000003', '1000005'])
    expect(order(sortCustomerFigures(rows, 'activeHosts', 'asc'))).toEqual(['1000003', '1000001', '1000002', '1000005'])
    expect(order(sortCustomerFigures(rows, 'activeHosts', 'desc'))).toEqual([
      '1000001',
      '1000002',
      '1000003',
      '1000005',
    ])
  })

  it('puts the customers without the figure last in either direction, by number', () => {
    expect(order(sortCustomerFigures(rows, 'elasticRemaining', 'asc'))).toEqual([
      '1000001',
      '1000002',
      '1000003',
      '1000005',
    ])
    expect(order(sortCustomerFigures(rows, 'elasticRemaining', 'desc'))).toEqual([
      '1000002',
      '1000001',
      '1000003',
      '1000005',
    ])
  })

  it('sorts by the entitlements below their threshold', () => {
    expect(order(sortCustomerFigures(rows, 'belowThreshold', 'desc'))).toEqual([
      '1000001',
      '1000002',
      '1000003',
      '1000005',
    ])
    expect(order(sortCustomerFigures(rows, 'belowThreshold', 'asc'))).toEqual([
      '1000002',
      '1000001',
      '1000003',
      '1000005',
    ])
  })

  it('leaves the rows it is given as they are', () => {
    const before = order(rows)
    sortCustomerFigures(rows, 'activeHosts', 'desc')
    expect(order(rows)).toEqual(before)
  })
})

describe('elasticFigures', () => {
  const credit = (remaining: number, currency: string, thresholdState: ThresholdState = 'none') => ({
    remaining,
    currency,
    thresholdState,
  })

  it('sums the remaining to cents and counts the entitlements below their threshold', () => {
    expect(elasticFigures([credit(0.1, 'USD', 'below'), credit(0.2, 'USD', 'above'), credit(1000.5, 'USD')])).toEqual({
      elasticRemaining: 1000.8,
      currency: 'USD',
      belowThreshold: 1,
    })
  })

  it('sums the currency most of them are in, the first one on a tie, and counts every one below', () => {
    expect(elasticFigures([credit(1, 'EUR', 'below'), credit(2, 'USD', 'below'), credit(4, 'USD')])).toEqual({
      elasticRemaining: 6,
      currency: 'USD',
      belowThreshold: 2,
    })
    expect(elasticFigures([credit(1, 'EUR'), credit(2, 'USD')])).toMatchObject({ elasticRemaining: 1, currency: 'EUR' })
  })

  it('has nothing left and no currency without an active elastic entitlement', () => {
    expect(elasticFigures([])).toEqual({ elasticRemaining: 0, currency: null, belowThreshold: 0 })
  })
})
