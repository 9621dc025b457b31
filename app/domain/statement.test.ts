import { describe, expect, it } from 'vitest'
import {
  buildStatement,
  emailPeriod,
  MAX_PERIOD_DAYS,
  periodProblem,
  productTotals,
  recordBalances,
  statementEmailSubject,
  statementPeriod,
  statementRecords,
  STATEMENT_MESSAGES,
  toCents,
  type StatementEntitlement,
} from './statement'
import { PO_FIELD } from './statement-types'

const iso = (ms: number) => new Date(ms).toISOString()

describe('the period', () => {
  it('runs from 00:00 UTC of from to the end of to, both days included', () => {
    const p = statementPeriod('2026-10-01', '2026-10-31')
    expect(iso(p.startMs)).toBe('2026-10-01T00:00:00.000Z')
    expect(iso(p.endMs)).toBe('2026-11-01T00:00:00.000Z')
    expect(p.lastDay - p.firstDay + 1).toBe(31)
    expect(p.firstDay).toBe(Date.UTC(2026, 9, 1) / 86_400_000)
  })

  it('crosses leap days, month ends and year ends', () => {
    expect(iso(statementPeriod('2024-02-28', '2024-02-29').endMs)).toBe('2024-03-01T00:00:00.000Z')
    expect(
      statementPeriod('2024-02-01', '2024-02-29').lastDay - statementPeriod('2024-02-01', '2024-02-29').firstDay,
    ).toBe(28)
    const yearEnd = statementPeriod('2025-12-31', '2026-01-01')
    expect([iso(yearEnd.startMs), iso(yearEnd.endMs)]).toEqual(['2025-12-31T00:00:00.000Z', '2026-01-02T00:00:00.000Z'])
    const oneDay = statementPeriod('2026-03-29', '2026-03-29')
    expect(oneDay.endMs - oneDay.startMs).toBe(86_400_000)
  })

  it('names what is wrong with a request', () => {
    expect(periodProblem('2026-02-29', '2026-03-01')).toBe("from: must be a day like '2026-11-01'")
    expect(periodProblem('2026-03-01', '2026-3-2')).toBe("to: must be a day like '2026-11-01'")
    expect(periodProblem('2026-03-02', '2026-03-01')).toBe(STATEMENT_MESSAGES.fromAfterTo)
    expect(STATEMENT_MESSAGES.fromAfterTo).toBe('from: must not be after to')
    expect(periodProblem('2026-03-01', '2026-03-01')).toBeNull()
    // 3,700 days with both ends: allowed; one more is not.
    expect(MAX_PERIOD_DAYS).toBe(3700)
    expect(periodProblem('2016-01-01', '2026-02-16')).toBeNull()
    expect(periodProblem('2016-01-01', '2026-02-17')).toBe('The period may be at most 10 years.')
    expect(() => statementPeriod('2026-03-02', '2026-03-01')).toThrow('from: must not be after to')
  })
})

describe('the e-mail periods', () => {
  it('covers the 7 days ending on the date for a week, across month and year ends', () => {
    expect(emailPeriod('week', '2026-11-22')).toMatchObject({ from: '2026-11-16', to: '2026-11-22' })
    expect(emailPeriod('week', '2026-03-03')).toMatchObject({ from: '2026-02-25', to: '2026-03-03' })
    expect(emailPeriod('week', '2024-03-03')).toMatchObject({ from: '2024-02-26', to: '2024-03-03' })
    expect(emailPeriod('week', '2027-01-02')).toMatchObject({ from: '2026-12-27', to: '2027-01-02' })
  })

  it('covers the month up to the date for a month', () => {
    expect(emailPeriod('month', '2026-11-30')).toMatchObject({ from: '2026-11-01', to: '2026-11-30' })
    expect(emailPeriod('month', '2024-02-29')).toMatchObject({ from: '2024-02-01', to: '2024-02-29' })
    expect(emailPeriod('month', '2027-01-01')).toMatchObject({ from: '2027-01-01', to: '2027-01-01' })
    expect(() => emailPeriod('month', '2026-11-31')).toThrow("date: must be a day like '2026-11-01'")
  })

  it('names the e-mail by its period and entitlement', () => {
    expect(statementEmailSubject('week', emailPeriod('week', '2026-11-22'))).toBe(
      'Weekly elastic statement 2026-11-16 to 2026-11-22',
    )
    expect(statementEmailSubject('month', emailPeriod('month', '2026-10-31'))).toBe(
      'Monthly elastic statement 2026-10-01 to 2026-10-31',
    )
  })
})

const entitlement = (over: Partial<StatementEntitlement>): StatementEntitlement => ({
  id: 1,
  activationId: 'A',
  poNumber: 'PO-1',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  quantity: 1000,
  currency: 'USD',
  licenseModel: 'Elastic-AEU',
  state: 'Deployed',
  ...over,
})

describe('the records', () => {
  const october = statementPeriod('2026-10-01', '2026-10-31')
  const ids = (list: StatementEntitlement[]) => list.map((e) => e.activationId)

  it('lists the entitlements Elastic Licensing lists whose term overlaps the period, by PO then activation id', () => {
    const list = [
      entitlement({ id: 1, activationId: 'B', poNumber: 'PO-2' }),
      entitlement({ id: 2, activationId: 'C', poNumber: 'PO-1' }),
      entitlement({ id: 3, activationId: 'A', poNumber: 'PO-1' }),
      entitlement({ id: 4, activationId: 'ends-on-from', endDate: '2026-10-01' }),
      entitlement({ id: 5, activationId: 'starts-on-to', startDate: '2026-10-31', endDate: null }),
      entitlement({ id: 6, activationId: 'permanent', endDate: null }),
      entitlement({ id: 7, activationId: 'ended-before', endDate: '2026-09-30' }),
      entitlement({ id: 8, activationId: 'starts-after', startDate: '2026-11-01' }),
      entitlement({ id: 9, activationId: 'inactive', state: 'Inactive' }),
      entitlement({ id: 10, activationId: 'other-model', licenseModel: 'Subscription' }),
    ]
    expect(ids(statementRecords(list, october, new Set()))).toEqual([
      'A',
      'C',
      'ends-on-from',
      'permanent',
      'starts-on-to',
      'B',
    ])
  })

  it('adds any entitlement with charges in the period, so no charge goes unreported', () => {
    const list = [
      entitlement({ id: 7, activationId: 'ended-before', endDate: '2026-09-30' }),
      entitlement({ id: 9, activationId: 'inactive', state: 'Inactive' }),
    ]
    expect(ids(statementRecords(list, october, new Set([7, 9])))).toEqual(['ended-before', 'inactive'])
    expect(statementRecords(list, october, new Set())).toEqual([])
  })
})

describe('the balances', () => {
  it('follow from the quantity and the charges before and within the period, to the cent', () => {
    expect(recordBalances(1000, 10_000, 2_550)).toEqual({
      BalanceBeforeStart: 900,
      Used: 25.5,
      TotalUsed: 125.5,
      BalanceAtEnd: 874.5,
    })
  })

  it('add up exactly where floating point sums would not', () => {
    // 0.1 + 0.2 charged against 0.3: nothing is left, not 5.5e-17.
    const b = recordBalances(0.3, 10, 20)
    expect(b).toEqual({ BalanceBeforeStart: 0.2, Used: 0.2, TotalUsed: 0.3, BalanceAtEnd: 0 })
    for (const [q, before, within] of [
      [45_000, 1_234_567, 98_765],
      [20_000.5, 1, 3],
      [0.1, 7, 13],
    ]) {
      const r = recordBalances(q, before, within)
      expect(toCents(r.BalanceBeforeStart) - toCents(r.Used)).toBe(toCents(r.BalanceAtEnd))
      expect(toCents(r.TotalUsed)).toBe(before + within)
    }
  })

  it('go negative when the credit is overdrawn', () => {
    expect(recordBalances(100, 9_000, 2_000)).toEqual({
      BalanceBeforeStart: 10,
      Used: 20,
      TotalUsed: 110,
      BalanceAtEnd: -10,
    })
  })
})

describe('the product totals', () => {
  it('sum by product and currency, drop zero totals, and sort largest first then by name', () => {
    expect(
      productTotals([
        { product: 'Fluent', cents: 1_000, currency: 'USD' },
        { product: 'HFSS', cents: 2_500, currency: 'USD' },
        { product: 'Fluent', cents: 1_500, currency: 'USD' },
        { product: 'CFX', cents: 2_500, currency: 'USD' },
        { product: 'Fluent', cents: 300, currency: 'EUR' },
        { product: 'Idle', cents: 0, currency: 'USD' },
      ]),
    ).toEqual([
      { product: 'CFX', total: 25, currency: 'USD' },
      { product: 'Fluent', total: 25, currency: 'USD' },
      { product: 'HFSS', total: 25, currency: 'USD' },
      { product: 'Fluent', total: 3, currency: 'EUR' },
    ])
  })
})

describe('the statement', () => {
  it("gives each record its own products and the statement the products over every record, in each one's currency", () => {
    const usd = entitlement({ id: 1, activationId: 'USD-1', poNumber: 'PO-1', quantity: 500 })
    const eur = entitlement({ id: 2, activationId: 'EUR-1', poNumber: 'PO-2', currency: 'EUR', quantity: 200 })
    const data = buildStatement({
      customer: { customerNumber: '1000001', customerName: 'Acme Aerospace' },
      period: statementPeriod('2026-10-01', '2026-10-31'),
      today: '2026-11-23',
      records: [usd, eur],
      centsBefore: new Map([[1, 10_000]]),
      within: [
        { entitlementId: 1, product: 'Fluent', cents: 1_250 },
        { entitlementId: 1, product: 'HFSS', cents: 4_000 },
        { entitlementId: 2, product: 'Fluent', cents: 99 },
      ],
    })
    expect(data.Customer).toEqual({
      ReportDate: '2026-11-23',
      CustomerNumber: '1000001',
      CustomerName: 'Acme Aerospace',
      From: '2026-10-01',
      To: '2026-10-31',
    })
    expect(data.Records).toEqual([
      {
        [PO_FIELD]: 'PO-1',
        ActivationId: 'USD-1',
        StartDate: '2026-01-01',
        EndDate: '2026-12-31',
        BalanceBeforeStart: 400,
        BalanceAtEnd: 347.5,
        Used: 52.5,
        TotalUsed: 152.5,
        Currency: 'USD',
        LineItemQuantity: 500,
        Products: [
          { product: 'HFSS', total: 40, currency: 'USD' },
          { product: 'Fluent', total: 12.5, currency: 'USD' },
        ],
      },
      {
        [PO_FIELD]: 'PO-2',
        ActivationId: 'EUR-1',
        StartDate: '2026-01-01',
        EndDate: '2026-12-31',
        BalanceBeforeStart: 200,
        BalanceAtEnd: 199.01,
        Used: 0.99,
        TotalUsed: 0.99,
        Currency: 'EUR',
        LineItemQuantity: 200,
        Products: [{ product: 'Fluent', total: 0.99, currency: 'EUR' }],
      },
    ])
    expect(data.Products).toEqual([
      { product: 'HFSS', total: 40, currency: 'USD' },
      { product: 'Fluent', total: 12.5, currency: 'USD' },
      { product: 'Fluent', total: 0.99, currency: 'EUR' },
    ])
  })

  it("shows a permanent entitlement's end as ''", () => {
    const data = buildStatement({
      customer: { customerNumber: '1', customerName: 'x' },
      period: statementPeriod('2026-10-01', '2026-10-31'),
      today: '2026-11-23',
      records: [entitlement({ endDate: null })],
      centsBefore: new Map(),
      within: [],
    })
    expect(data.Records[0]).toMatchObject({ EndDate: '', Used: 0, Products: [] })
    expect(data.Products).toEqual([])
  })
})
