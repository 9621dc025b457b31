import { describe, expect, it } from 'vitest'
import {
  classifyFsa,
  contractLabel,
  fsaRemainingDays,
  fsaUsedColor,
  fsaUsedPercentage,
  isManualLine,
  orderHistoryCsvName,
  pickableContracts,
} from './fsa-entitlements'

describe('the used share of an FSA balance', () => {
  it('is the rounded percentage of the total, within 0 and 100', () => {
    expect(fsaUsedPercentage(0, 1000)).toBe(0)
    expect(fsaUsedPercentage(4, 1000)).toBe(0)
    expect(fsaUsedPercentage(5, 1000)).toBe(1)
    expect(fsaUsedPercentage(1000, 1000)).toBe(100)
    expect(fsaUsedPercentage(1200, 1000)).toBe(100)
    expect(fsaUsedPercentage(10, 0)).toBe(0)
  })

  it('is green below 80, orange from 80 and red from 95', () => {
    expect([79, 80, 94, 95, 100].map(fsaUsedColor)).toEqual(['green', 'orange', 'orange', 'red', 'red'])
  })
})

describe('classifying an FSA entitlement', () => {
  const today = '2026-11-26'
  const at = (startDate: string, endDate: string, usedPercentage = 10) =>
    classifyFsa({ startDate, endDate, today, usedPercentage })

  it('counts today and the end day in the remaining days', () => {
    expect(fsaRemainingDays(today, '2026-11-26')).toBe(1)
    expect(fsaRemainingDays(today, '2026-11-25T00:00:00Z')).toBe(0)
  })

  it('keeps a contract that has not started among the active ones', () => {
    expect(at('2026-11-27', '2027-11-26')).toEqual({ status: 'NOT STARTED', active: true })
  })

  it('is active on its last day and expired the day after', () => {
    expect(at('2026-01-01', '2026-11-26')).toEqual({ status: 'ACTIVE', active: true })
    expect(at('2026-01-01', '2026-11-25')).toEqual({ status: 'EXPIRED', active: false })
  })

  it('is inactive when its whole balance is used', () => {
    expect(at('2026-01-01', '2026-12-31', 100)).toEqual({ status: 'USED UP', active: false })
    expect(at('2026-01-01', '2026-12-31', 99)).toEqual({ status: 'ACTIVE', active: true })
  })
})

describe('the contract picker', () => {
  const contracts = [
    { EntitlementID: 'FSA-001', EndDate: '2026-11-26' },
    { EntitlementID: 'FSA-002', EndDate: '2026-11-25' },
    { EntitlementID: '', EndDate: '2027-03-31' },
  ]

  it('lists contracts ending today or later whose id or end date holds the text, in any case', () => {
    expect(pickableContracts(contracts, '', '2026-11-26').map((c) => c.EndDate)).toEqual(['2026-11-26', '2027-03-31'])
    expect(pickableContracts(contracts, 'fsa-0', '2026-11-26').map((c) => c.EntitlementID)).toEqual(['FSA-001'])
    expect(pickableContracts(contracts, '2027-03', '2026-11-26').map((c) => c.EndDate)).toEqual(['2027-03-31'])
  })

  it("labels a contract without an id 'Invalid FSA Order'", () => {
    expect(contractLabel('')).toBe('Invalid FSA Order')
    expect(contractLabel('  ')).toBe('Invalid FSA Order')
    expect(contractLabel('FSA-001')).toBe('FSA-001')
  })
})

describe('manual lines and the history file', () => {
  it('treats the placeholder part number and per-seat products as manual spends', () => {
    expect(isManualLine({ partNumber: 'FSA0030216' })).toBe(true)
    expect(isManualLine({ productName: 'Ansys Fluent - Shared Web' })).toBe(true)
    expect(isManualLine({ productName: 'Ansys HFSS - Named User' })).toBe(true)
    expect(isManualLine({ partNumber: 'ANS-1', productName: 'Ansys HFSS' })).toBe(false)
  })

  it('names the history CSV for the day and the customer', () => {
    expect(orderHistoryCsvName('2026-11-26', '1000001')).toBe('OrderHistory_2026-11-26_1000001.csv')
  })
})
