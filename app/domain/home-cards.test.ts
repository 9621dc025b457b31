import { describe, expect, it } from 'vitest'
import {
  endsWithin,
  homeCards,
  sortCustomerFigures,
  weekChangeText,
  weekOnWeek,
  weekWindows,
  type CustomerFigures,
} from './home-cards'
import { EXPORT_STATUS_FIELD } from './product'
import { makeInfo, makeUser } from './test-support'

const admin = makeUser(['user'])

describe('homeCards', () => {
  it('shows every card to an administrator of a customer with elastic, SSL and FSA', () => {
    const info = makeInfo({ hasElastic: 1, hasSSL: 1, hasFSA: 1, isPortalEdit: 1 })
    expect(homeCards(admin, info)).toEqual(['elastic', 'ending', 'hosts', 'usage', 'alerts', 'emails'])
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

describe('endsWithin', () => {
  const today = '2026-11-27'
  it.each([
    ['2026-11-27', true],
    ['2027-02-25', true],
    ['2027-02-26', false],
    ['2026-11-26', false],
    ['2026-12-01T00:00:00Z', true],
    [null, false],
    ['soon', false],
  ])('%s ends within 90 days: %s', (day, expected) => {
    expect(endsWithin(day, today)).toBe(expected)
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
    endingSoon: 0,
    activeHosts: 0,
    ...more,
  })
  const rows = [
    row('1000003', 'cobalt', { endingSoon: 2, activeHosts: 1 }),
    row('1000001', 'Acme', { elasticRemaining: 500, endingSoon: 2, activeHosts: 4 }),
    row('1000002', 'Borealis', { elasticRemaining: 9000, activeHosts: 4 }),
  ]
  const order = (r: CustomerFigures[]) => r.map((c) => c.customerNumber)

  it('sorts by name in any case', () => {
    expect(order(sortCustomerFigures(rows, 'customer', 'asc'))).toEqual(['1000001', '1000002', '1000003'])
    expect(order(sortCustomerFigures(rows, 'customer', 'desc'))).toEqual(['1000003', '1000002', '1000001'])
  })

  it('sorts by a figure, ties by number, customers without the figure last', () => {
    expect(order(sortCustomerFigures(rows, 'endingSoon', 'desc'))).toEqual(['1000001', '1000003', '1000002'])
    expect(order(sortCustomerFigures(rows, 'activeHosts', 'asc'))).toEqual(['1000003', '1000001', '1000002'])
    expect(order(sortCustomerFigures(rows, 'elasticRemaining', 'asc'))).toEqual(['1000001', '1000002', '1000003'])
    expect(order(sortCustomerFigures(rows, 'elasticRemaining', 'desc'))).toEqual(['1000002', '1000001', '1000003'])
  })
})
