import { describe, expect, it } from 'vitest'
import { presetRange } from '../app/domain/date-presets'
import { reportCsv } from '../app/web-report/report-text'
import type { WebReport } from '../api/contract/web-report'
import {
  caseUrl,
  csvRecords,
  exportRequest,
  lastDays,
  missingMarkers,
  reportCsvDifferences,
  reportMarkers,
  transactionsRequest,
  webCases,
  webLine,
  type WebFacts,
} from './bench-web-reporting-cases'
import { summaryLine } from './bench-usage-cases'

const DAY = 86_400_000
const NOW = Date.UTC(2026, 10, 28, 3, 15)
const facts: WebFacts = {
  customer: '1000001',
  busyUser: 'ana.lopez@acme.example',
  yearTotal: 1_000_010,
  exportDays: { from: '2026-11-18', to: '2026-11-28', count: 29_870 },
  reportDays: { from: '2025-11-29', to: '2026-11-28' },
}
const cases = webCases(facts)
const byName = (name: string) => {
  const found = cases.find((c) => c.name === name)
  if (!found) throw new Error(`no case ${name}`)
  return found
}
const url = (name: string) => new URL(caseUrl(byName(name), facts.customer), 'http://x')
const range = (from: number, to: number) => [
  { name: 'at', method: '>=', value: from },
  { name: 'at', method: 'BEFORE', value: to },
]

describe('webCases', () => {
  it('has the five cases of issue 36 and the report CSV, each with its target', () => {
    expect(cases.map((c) => [c.name, c.kind, c.targetMs])).toEqual([
      ['transactions-default', 'page', 150],
      ['transactions-user', 'page', 150],
      ['transactions-last-page', 'page', 150],
      ['transactions-export', 'export', 1500],
      ['report-year', 'report', 150],
      ['report-year-csv', 'report-csv', 150],
    ])
  })

  it('opens Web Transactions without a view for the default case: the last month, newest first, 20 rows', () => {
    const c = byName('transactions-default')
    expect(caseUrl(c, facts.customer)).toBe(
      '/webtransactions.data?customer=1000001&_routes=routes%2F_portal.webtransactions',
    )
    const month = presetRange('1m', NOW)
    expect(month.from).toBe(Date.UTC(2026, 9, 28, 3, 15))
    expect(transactionsRequest(c.view, NOW)).toEqual({
      filter: { condition: 'ALL', criteria: range(month.from, NOW) },
      sorting: [{ name: 'time', direction: 'desc' }],
      offset: 0,
      limit: 20,
    })
  })

  it("filters on one user's exact e-mail over the 1 Year preset, as the report's links do", () => {
    expect(url('transactions-user').searchParams.get('range')).toBe('1y')
    expect(url('transactions-user').searchParams.get('f.user')).toBe('e:ana.lopez@acme.example')
    const year = presetRange('1y', NOW)
    expect(transactionsRequest(byName('transactions-user').view, NOW).filter).toEqual({
      condition: 'ALL',
      criteria: [
        { name: 'user', method: 'EQUALS', value: 'ana.lopez@acme.example', casefold: true },
        ...range(year.from, NOW),
      ],
    })
  })

  it('asks for the last page of the year: page 50,001 of 1,000,010 rows at 20 a page', () => {
    expect(url('transactions-last-page').searchParams.get('page')).toBe('50001')
    const request = transactionsRequest(byName('transactions-last-page').view, NOW)
    expect(request).toMatchObject({ offset: 1_000_000, limit: 20, sorting: [{ name: 'time', direction: 'desc' }] })
  })

  it("downloads the CSV of whole days from the grid's resource route, read 500 rows at a time", () => {
    const c = byName('transactions-export')
    expect(caseUrl(c, facts.customer)).toBe(
      '/resources/grid/WebTransactions?customer=1000001&from=2026-11-18&to=2026-11-28',
    )
    expect(exportRequest(c.view, NOW)).toEqual({
      filter: { condition: 'ALL', criteria: range(Date.UTC(2026, 10, 18), Date.UTC(2026, 10, 29)) },
      sorting: [{ name: 'time', direction: 'desc' }],
      offset: 0,
      limit: 500,
    })
  })

  it("asks for Web Reporting's whole year of every entitlement, as the page and as its CSV", () => {
    expect(caseUrl(byName('report-year'), facts.customer)).toBe(
      '/webreporting.data?customer=1000001&from=2025-11-29&to=2026-11-28&_routes=routes%2F_portal.webreporting',
    )
    expect(caseUrl(byName('report-year-csv'), facts.customer)).toBe(
      '/webreporting.csv?customer=1000001&from=2025-11-29&to=2026-11-28',
    )
  })
})

describe('lastDays', () => {
  it('counts today as the last of the days, across a year', () => {
    expect(lastDays('2026-11-28', 1)).toEqual({ from: '2026-11-28', to: '2026-11-28' })
    expect(lastDays('2026-11-28', 365)).toEqual({ from: '2025-11-29', to: '2026-11-28' })
    expect(lastDays('2024-03-01', 2)).toEqual({ from: '2024-02-29', to: '2024-03-01' })
    expect(Date.parse('2026-11-28') - Date.parse(lastDays('2026-11-28', 11).from)).toBe(10 * DAY)
  })
})

const day = (date: string, peak: number, seatHours: number) => ({
  date,
  seats: 10,
  peak,
  seatHours,
  deniedNoSeat: peak === 10 ? 3 : 0,
  deniedOther: 0,
  denialHours: peak === 10 ? 1 : 0,
})
const report = {
  today: '2026-11-28',
  entitlements: [
    {
      activationId: 'ACT-1',
      productName: 'Discovery',
      peak: 10,
      fullUseDays: 1,
      deniedDays: 1,
      deniedNoSeat: 3,
      days: [day('2026-11-27', 10, 41.5), day('2026-11-28', 4, 2.25)],
    },
  ],
  topUsers: [{ email: 'ana.lopez@acme.example', name: null, hours: 12, checkouts: 4 }],
} as unknown as WebReport

describe('the report checks', () => {
  it("finds the report's entitlement, figures and top user in the data request, strings quoted", () => {
    expect(reportMarkers(report)).toEqual(['"ACT-1"', '10', '1', '1', '3', '"ana.lopez@acme.example"'])
    const body = '[{"_1":2},"ACT-1",10,1,3,"ana.lopez@acme.example"]'
    expect(missingMarkers(body, reportMarkers(report))).toEqual([])
    expect(missingMarkers(body.replace('"ACT-1"', '"ACT-2"'), reportMarkers(report))).toEqual(['"ACT-1"'])
  })

  it("compares the served CSV with the report's, but for today's rows (a running seat's hours grow)", () => {
    const csv = `\uFEFF${reportCsv(report.entitlements)}`
    expect(reportCsvDifferences(csv, report)).toEqual([])
    expect(reportCsvDifferences(csv.replace(',2.25,', ',2.5,'), report)).toEqual([])
    const changed = csv.replace(',41.5,', ',41.75,')
    expect(reportCsvDifferences(changed, report)).toHaveLength(1)
    const withoutYesterday = csv
      .split('\n')
      .filter((line) => !line.startsWith('2026-11-27'))
      .join('\n')
    expect(reportCsvDifferences(withoutYesterday, report)).toContain('1 lines, expected 2')
  })

  it('counts the records of a CSV after its header', () => {
    expect(csvRecords('\uFEFFTime,User\r\n2026-11-28 01:00:00,a@x\r\n2026-11-28 00:59:00,b@x\r\n')).toEqual([
      '2026-11-28 01:00:00,a@x',
      '2026-11-28 00:59:00,b@x',
    ])
  })
})

describe('webLine', () => {
  it('meets the target on the p50 alone; the ratio to the SQL is reported', () => {
    const line = webLine({ name: 'report-year', targetMs: 150 }, [40, 42, 44], [4, 4, 4])
    expect(line).toMatchObject({ case: 'report-year', p50Ms: 42, sqlP50Ms: 4, ratio: 10.5, met: true, n: 3 })
    expect(webLine({ name: 'x', targetMs: 150 }, [160, 170, 180], [150, 150, 150]).met).toBe(false)
  })

  it('fails the export when the server grew by 50 MB or more, however fast', () => {
    const line = webLine({ name: 'transactions-export', targetMs: 1500 }, [900, 950, 990], [800, 800, 800], 50)
    expect(line).toMatchObject({ rssGrowthMb: 50, met: false, timeMet: false })
  })

  it('names the scenario in the summary line', () => {
    const lines = [webLine({ name: 'a', targetMs: 150 }, [1], [1]), webLine({ name: 'b', targetMs: 150 }, [200], [1])]
    expect(summaryLine(lines, { quick: true }, 'web-reporting')).toMatchObject({
      summary: 'web-reporting',
      cases: 2,
      met: 1,
      missed: ['b'],
      quick: true,
    })
  })
})
