import { describe, expect, it } from 'vitest'
import {
  caseLine,
  caseUrl,
  containsTextOf,
  mostDaysWithin,
  rangeCriteria,
  summaryLine,
  usageCases,
  type UsageFacts,
} from './bench-usage-cases'

const DAY = 86_400_000
const NOW = Date.UTC(2026, 4, 20, 12)
const facts: UsageFacts = {
  customer: '1000001',
  oneDay: { from: NOW - DAY, to: NOW },
  max: { from: Date.UTC(2018, 0, 1), to: NOW },
  startTimeText: '2024-0',
  startTimeRange: { from: Date.UTC(2024, 0, 1), to: Date.UTC(2024, 9, 1) - 1 },
  product: 'Mechanical, Pro',
  userText: 'ate',
  maxTotal: 1_000_010,
  exportDays: {
    from: '2026-03-27',
    to: '2026-05-20',
    range: { from: Date.UTC(2026, 2, 27), to: Date.UTC(2026, 4, 21) },
  },
}
const cases = usageCases(facts)
const byName = (name: string) => {
  const found = cases.find((c) => c.name === name)
  if (!found) throw new Error(`no case ${name}`)
  return found
}
const maxRange = rangeCriteria(facts.max)

describe('usageCases', () => {
  it('has every case of the bench, each with its target', () => {
    expect(cases.map((c) => [c.name, c.targetMs])).toEqual([
      ['default', 50],
      ['max', 50],
      ['max-product', 50],
      ['max-user-contains', 150],
      ['max-start-time-partial', 50],
      ['max-active', 50],
      ['max-hours-desc', 150],
      ['max-last-page', 100],
      ['distinct-users', 100],
      ['export', 1500],
    ])
  })

  it('asks for sessions overlapping the range: ending after its start, starting before its end', () => {
    expect(rangeCriteria({ from: 10, to: 20 })).toEqual([
      { name: 'EndTime_ts', method: 'AFTER', value: 10 },
      { name: 'StartTime_ts', method: 'BEFORE', value: 20 },
    ])
  })

  it('opens the screen without a view for the default case (the default 1 Day, newest first)', () => {
    const c = byName('default')
    expect(caseUrl(c, facts.customer)).toBe('/transactions.data?customer=1000001&_routes=routes%2F_portal.transactions')
    expect(c.request).toMatchObject({
      filter: { condition: 'ALL', criteria: rangeCriteria(facts.oneDay) },
      sorting: [{ name: 'StartTime_ts', direction: 'desc' }],
      offset: 0,
      limit: 20,
    })
  })

  it('writes each filter in the grid URL and as the API criterion the screen sends', () => {
    const product = byName('max-product')
    expect(new URL(caseUrl(product, '1000001'), 'http://x').searchParams.get('f.product')).toBe('in:Mechanical\\, Pro')
    expect(product.request.filter.criteria).toEqual([
      ...maxRange,
      { name: 'Product', method: 'IN', value: ['Mechanical, Pro'] },
    ])

    const user = byName('max-user-contains')
    expect(caseUrl(user, '1000001')).toContain('f.user=c%3Aate')
    expect(user.request.filter.criteria.at(-1)).toEqual({
      name: 'User',
      method: 'CONTAINS',
      value: 'ate',
      casefold: true,
    })

    const partial = byName('max-start-time-partial')
    expect(caseUrl(partial, '1000001')).toContain('f.startTime=c%3A2024-0')
    expect(partial.request.filter.criteria.at(-1)).toEqual({
      name: 'StartTime_ts',
      method: 'RANGE',
      value: [Date.UTC(2024, 0, 1), Date.UTC(2024, 9, 1) - 1],
    })

    const active = byName('max-active')
    expect(caseUrl(active, '1000001')).toContain('&active=1')
    expect(active.request.filter.criteria.at(-1)).toEqual({ name: 'Active', method: 'EQUALS', value: true })
  })

  it('sorts by Hours descending for the sorted case', () => {
    const c = byName('max-hours-desc')
    expect(caseUrl(c, '1000001')).toContain('sort=hours.desc')
    expect(c.request).toMatchObject({ sorting: [{ name: 'Hours', direction: 'desc' }] })
  })

  it('asks for the last page of Max, from the total', () => {
    const c = byName('max-last-page')
    expect(caseUrl(c, '1000001')).toContain('&page=50001')
    expect(c.request).toMatchObject({ offset: 1_000_000, limit: 20, filter: { criteria: maxRange } })
  })

  it('lists the distinct users under Max on the grid resource route', () => {
    const c = byName('distinct-users')
    expect(caseUrl(c, '1000001')).toBe(
      '/resources/grid/UsageTransactions?customer=1000001&range=max&distinct=user&search=',
    )
    expect(c.request).toEqual({ filter: { condition: 'ALL', criteria: maxRange }, key: 'User', limit: 500 })
  })

  it('exports a custom range, both days included, in chunks of 1000 rows', () => {
    const c = byName('export')
    expect(caseUrl(c, '1000001')).toBe(
      '/resources/grid/UsageTransactions?customer=1000001&from=2026-03-27&to=2026-05-20&size=20',
    )
    expect(c.request).toMatchObject({
      filter: { criteria: rangeCriteria(facts.exportDays.range) },
      offset: 0,
      limit: 1000,
    })
  })
})

describe('containsTextOf', () => {
  it('takes letters 2 to 4 of the middle user, so the filter is not a prefix match', () => {
    expect(containsTextOf(['adams', 'bkowalski', 'cdoe'])).toBe('kow')
    expect(containsTextOf(['x'])).toBe('x')
  })
})

describe('mostDaysWithin', () => {
  it('finds the most days whose count stays within the limit', async () => {
    const asked: number[] = []
    const count = async (days: number) => {
      asked.push(days)
      return days * 548
    }
    expect(await mostDaysWithin(30_000, 3000, count)).toBe(54)
    expect(asked.length).toBeLessThan(15)
  })

  it('is 0 when one day is already over the limit, and maxDays when everything fits', async () => {
    expect(await mostDaysWithin(10, 100, async (days) => 11 * days)).toBe(0)
    expect(await mostDaysWithin(10_000, 100, async (days) => days)).toBe(100)
  })
})

describe('caseLine', () => {
  const ms = (...values: number[]) => values

  it('reports p50, p95, the SQL p50, their ratio; met when the p50 is within target and the ratio at most 1.5', () => {
    const loader = Array.from({ length: 20 }, (_, i) => 20 + i)
    const sql = Array.from({ length: 20 }, (_, i) => 20 + i / 2)
    expect(caseLine({ name: 'max', targetMs: 50 }, loader, sql)).toEqual({
      case: 'max',
      p50Ms: 29,
      p95Ms: 38,
      sqlP50Ms: 24.5,
      ratio: 1.18,
      targetMs: 50,
      met: true,
      timeMet: true,
      ratioMet: true,
      overheadMs: 4.5,
      n: 20,
    })
  })

  it('is not met when the p50 is over target, or the loader takes more than 1.5 times its SQL', () => {
    expect(caseLine({ name: 'a', targetMs: 50 }, ms(51, 52, 53), ms(40, 40, 40)).met).toBe(false)
    expect(caseLine({ name: 'b', targetMs: 50 }, ms(31, 31, 31), ms(20, 20, 20))).toMatchObject({
      ratio: 1.55,
      met: false,
      timeMet: true,
      ratioMet: false,
      overheadMs: 11,
    })
    expect(caseLine({ name: 'c', targetMs: 50 }, ms(30, 30, 30), ms(20, 20, 20)).met).toBe(true)
    expect(caseLine({ name: 'd', targetMs: 50 }, [], []).met).toBe(false)
  })

  it('adds the memory growth for the export and needs it under 50 MB', () => {
    expect(caseLine({ name: 'export', targetMs: 1500 }, ms(900), ms(800), 12.345)).toMatchObject({
      rssGrowthMb: 12.3,
      met: true,
    })
    expect(caseLine({ name: 'export', targetMs: 1500 }, ms(900), ms(800), 50)).toMatchObject({
      met: false,
      timeMet: false,
      ratioMet: true,
    })
  })
})

describe('summaryLine', () => {
  it('counts the cases and those met, naming the missed ones', () => {
    const lines = [caseLine({ name: 'a', targetMs: 50 }, [10], [9]), caseLine({ name: 'b', targetMs: 50 }, [60], [59])]
    expect(summaryLine(lines, { quick: true })).toEqual({
      summary: 'usage',
      cases: 2,
      met: 1,
      timeMet: 1,
      ratioMet: 2,
      missed: ['b'],
      quick: true,
    })
  })
})
