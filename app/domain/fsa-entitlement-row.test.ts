import { describe, expect, it } from 'vitest'
import { fsaEntitlementRow } from './fsa-entitlements'

const TODAY = '2026-06-01'
const contract = (over: Partial<Parameters<typeof fsaEntitlementRow>[0]> = {}) => ({
  EntitlementID: 'ACT-FSA-1',
  ProductName: 'Flexible Spending Account',
  StartDate: '2026-01-01',
  EndDate: '2026-12-31',
  Used: 1_000,
  ...over,
})

describe('an FSA contract’s row', () => {
  it('carries the contract, its term and its balance used and left', () => {
    expect(fsaEntitlementRow(contract({ EndDate: '2026-12-31T00:00:00Z' }), 4_000, 'EUR', TODAY)).toEqual({
      entitlementId: 'ACT-FSA-1',
      ansysproduct: 'Flexible Spending Account',
      entitlement: 'Flexible Spending Account ACT-FSA-1',
      startdate: '2026-01-01',
      enddate: '2026-12-31',
      // 2026-06-01 to 2026-12-31, both counted.
      remainingdays: 214,
      remainingText: '214',
      // 2026-01-01 to 2026-06-01; 151 of the term's 365 days is 41 %.
      usedDays: 151,
      usedDaysPercentage: 41,
      quantity: 4_000,
      remaining: 3_000,
      currency: 'EUR',
      usedpercentage: 25,
      status: 'ACTIVE',
      active: true,
    })
  })

  it('counts today and the end day in the remaining days', () => {
    const lastDay = fsaEntitlementRow(contract({ EndDate: TODAY }), 4_000, 'USD', TODAY)
    expect([lastDay.remainingdays, lastDay.remainingText, lastDay.status, lastDay.active]).toEqual([
      1,
      '1',
      'ACTIVE',
      true,
    ])
  })

  it('keeps a contract that has not started among the active ones', () => {
    const row = fsaEntitlementRow(contract({ StartDate: '2026-06-02', EndDate: '2027-06-01' }), 4_000, 'USD', TODAY)
    expect(row).toMatchObject({
      status: 'NOT STARTED',
      active: true,
      remainingText: 'NOT STARTED',
      usedDaysPercentage: 0,
    })
  })

  it('puts an expired contract among the inactive ones', () => {
    const row = fsaEntitlementRow(contract({ EndDate: '2026-05-31' }), 4_000, 'USD', TODAY)
    expect(row).toMatchObject({
      status: 'EXPIRED',
      active: false,
      remainingdays: 0,
      remainingText: 'EXPIRED',
      usedDaysPercentage: 100,
    })
  })

  it('puts a contract whose whole balance is used among the inactive ones', () => {
    const row = fsaEntitlementRow(contract({ Used: 4_000 }), 4_000, 'USD', TODAY)
    expect(row).toMatchObject({
      status: 'USED UP',
      active: false,
      usedpercentage: 100,
      remaining: 0,
      remainingText: '214',
    })
    // Just short of the whole balance (99.4 % rounds to 99): still active.
    expect(fsaEntitlementRow(contract({ Used: 3_976 }), 4_000, 'USD', TODAY)).toMatchObject({
      status: 'ACTIVE',
      active: true,
      usedpercentage: 99,
    })
  })

  it('never shows less than nothing left, and leaves the rest in cents', () => {
    expect(fsaEntitlementRow(contract({ Used: 4_500 }), 4_000, 'USD', TODAY).remaining).toBe(0)
    expect(fsaEntitlementRow(contract({ Used: 333.333 }), 1_000, 'USD', TODAY).remaining).toBe(666.67)
  })

  it('shows USD when the contract has no currency', () => {
    expect(fsaEntitlementRow(contract(), 4_000, '', TODAY).currency).toBe('USD')
    expect(fsaEntitlementRow(contract(), 4_000, 'GBP', TODAY).currency).toBe('GBP')
  })
})
