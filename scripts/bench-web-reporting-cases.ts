/**
 * The cases of the web-reporting bench and the figures it prints, as pure functions: each case is
 * a view of Web Transactions or Web Reporting (its URL parameters), the API request that view
 * stands for (built by the list's own grid code, as the screen's loader builds it, so the SQL run
 * in the bench process is the loader's) and its target. scripts/bench-web-reporting.ts runs them.
 */
import { encodeFilter, pageCount, parseGridState, toPageRequest, type GridPageRequest } from '../app/grid/grid-state'
import { andCriteria } from '../app/grid/fixed-criteria'
import { webTransactionCriteria, webTransactionsGrid } from '../app/grid/web-transactions'
import { webTransactionsSelection } from '../app/grid/web-transactions.server'
import { WEB_TRANSACTION_LINK_COLUMNS } from '../app/web-usage/transactions-href'
import { reportCsv } from '../app/web-report/report-text'
import type { WebReport } from '../api/contract/web-report'
import { caseLine, type CaseLine } from './bench-usage-cases'

export const WEB_TRANSACTIONS_SCREEN = '/webtransactions'
export const WEB_REPORTING_SCREEN = '/webreporting'
/** The routes whose loaders the screens' `.data` requests run (single fetch). */
export const WEB_TRANSACTIONS_ROUTE_ID = 'routes/_portal.webtransactions'
export const WEB_REPORTING_ROUTE_ID = 'routes/_portal.webreporting'
/** The grids' resource route: a view's CSV. */
export const WEB_TRANSACTIONS_CSV = `/resources/grid/${webTransactionsGrid.tableName}`
export const PAGE_SIZE = webTransactionsGrid.defaultPageSize
/** A page's p50, ms. */
export const PAGE_TARGET_MS = 150
/** The CSV of up to EXPORT_MAX_ROWS transactions, p50 ms (and MAX_RSS_GROWTH_MB of server memory). */
export const EXPORT_TARGET_MS = 1500
/** Rows the streamed CSV fetches at a time (app/grid/csv.server.ts). */
export const CSV_CHUNK = 500
/** The preset of the user filter and of the last page: a month of the default view is too short to be deep. */
export const YEAR_PRESET = '1y'
export const REPORT_DAYS = 365

/** What the cases are built from: values found in the data when the run starts. */
export interface WebFacts {
  customer: string
  /** The user with the most transactions under the 1 Year preset (exact e-mail). */
  busyUser: string
  /** Transactions under the 1 Year preset (gives the last page). */
  yearTotal: number
  /** Whole days (both included) ending today whose transactions number at most EXPORT_MAX_ROWS, and that number. */
  exportDays: { from: string; to: string; count: number }
  /** The report's period: REPORT_DAYS days up to today. */
  reportDays: { from: string; to: string }
}

/**
 * Web Transactions' data request ('page'), its CSV ('export'), Web Reporting's data request
 * ('report') and its daily figures as CSV ('report-csv').
 */
export type WebCaseKind = 'page' | 'export' | 'report' | 'report-csv'

export interface WebCase {
  name: string
  kind: WebCaseKind
  targetMs: number
  /** The screen's URL parameters besides `customer`. */
  view: [string, string][]
}

const yearView: [string, string][] = [['range', YEAR_PRESET]]

/** The cases in the order they run. */
export function webCases(facts: WebFacts): WebCase[] {
  const userFilter = encodeFilter({ type: 'text', op: 'equals', text: facts.busyUser })
  const report: [string, string][] = [
    ['from', facts.reportDays.from],
    ['to', facts.reportDays.to],
  ]
  return [
    { name: 'transactions-default', kind: 'page', targetMs: PAGE_TARGET_MS, view: [] },
    {
      name: 'transactions-user',
      kind: 'page',
      targetMs: PAGE_TARGET_MS,
      view: [...yearView, [`f.${WEB_TRANSACTION_LINK_COLUMNS.user}`, userFilter]],
    },
    {
      name: 'transactions-last-page',
      kind: 'page',
      targetMs: PAGE_TARGET_MS,
      view: [...yearView, ['page', String(pageCount(facts.yearTotal, PAGE_SIZE))]],
    },
    {
      name: 'transactions-export',
      kind: 'export',
      targetMs: EXPORT_TARGET_MS,
      view: [
        ['from', facts.exportDays.from],
        ['to', facts.exportDays.to],
      ],
    },
    { name: 'report-year', kind: 'report', targetMs: PAGE_TARGET_MS, view: report },
    { name: 'report-year-csv', kind: 'report-csv', targetMs: PAGE_TARGET_MS, view: report },
  ]
}

/** The path and query the bench requests for a case. */
export function caseUrl(c: WebCase, customer: string): string {
  const params = new URLSearchParams([['customer', customer], ...c.view])
  switch (c.kind) {
    case 'page':
      params.set('_routes', WEB_TRANSACTIONS_ROUTE_ID)
      return `${WEB_TRANSACTIONS_SCREEN}.data?${params}`
    case 'export':
      return `${WEB_TRANSACTIONS_CSV}?${params}`
    case 'report':
      params.set('_routes', WEB_REPORTING_ROUTE_ID)
      return `${WEB_REPORTING_SCREEN}.data?${params}`
    case 'report-csv':
      return `${WEB_REPORTING_SCREEN}.csv?${params}`
  }
}

/**
 * The list request a Web Transactions view stands for at `now`: the grid's filters, sorting and
 * page, with the view's date range added (as the screen's source adds it to every call).
 */
export function transactionsRequest(view: readonly [string, string][], now: number): GridPageRequest {
  const params = new URLSearchParams([...view])
  const request = toPageRequest(webTransactionsGrid, parseGridState(webTransactionsGrid, params))
  const { range, group } = webTransactionsSelection(params, now)
  return { ...request, filter: andCriteria(request.filter, webTransactionCriteria(range, group)) }
}

/** The same request for the CSV: from the first row, CSV_CHUNK rows at a time. */
export function exportRequest(view: readonly [string, string][], now: number): GridPageRequest {
  return { ...transactionsRequest(view, now), offset: 0, limit: CSV_CHUNK }
}

/** Whole days: the last `days` days up to and including `today` ('YYYY-MM-DD'). */
export function lastDays(today: string, days: number): { from: string; to: string } {
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10)
  return { from, to: today }
}

/**
 * What the report's data request must hold for the report: per entitlement its activation id and
 * the figures that do not move while seats run (peak, days at full use, days and numbers of
 * denials), and the top user's e-mail. The data request writes strings quoted, numbers bare.
 */
export function reportMarkers(report: Pick<WebReport, 'entitlements' | 'topUsers'>): string[] {
  const markers: string[] = []
  for (const e of report.entitlements) {
    markers.push(JSON.stringify(e.activationId))
    for (const n of [e.peak, e.fullUseDays, e.deniedDays, e.deniedNoSeat]) markers.push(String(n))
  }
  if (report.topUsers[0]) markers.push(JSON.stringify(report.topUsers[0].email))
  return markers
}

/** The markers the answer lacks, in order. */
export function missingMarkers(body: string, markers: readonly string[]): string[] {
  return markers.filter((marker) => !body.includes(marker))
}

/**
 * The lines of the server's report CSV that differ from the one the report computed here gives,
 * leaving out today's rows (a running seat's hours grow between the two); [] when they agree.
 */
export function reportCsvDifferences(served: string, report: Pick<WebReport, 'entitlements' | 'today'>): string[] {
  const lines = (text: string) =>
    text
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter((line) => line !== '' && !line.startsWith(report.today))
  const expected = lines(reportCsv(report.entitlements))
  const got = lines(served)
  const differing = got.filter((line, i) => line !== expected[i])
  if (got.length !== expected.length) differing.push(`${got.length} lines, expected ${expected.length}`)
  return differing
}

/** Records of a CSV (lines after the header; no field of these lists holds a line break). */
export function csvRecords(body: string): string[] {
  return body
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line !== '')
    .slice(1)
}

/**
 * A case's line in the usage scenario's shape; `met` is the time target (and, for the export,
 * the memory limit) only: the ratio to the SQL is reported, but a page that renders a chart
 * or streams a CSV has a cost of its own that no query plan removes.
 */
export function webLine(
  c: Pick<WebCase, 'name' | 'targetMs'>,
  pageMs: readonly number[],
  sqlMs: readonly number[],
  rssGrowthMb?: number,
): CaseLine {
  const line = caseLine(c, pageMs, sqlMs, rssGrowthMb)
  return { ...line, met: line.timeMet }
}
