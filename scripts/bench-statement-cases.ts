/**
 * The statement scenario's cases and figures (scripts/bench-statement.ts):
 * the periods measured, the page's URLs and the lines the PDF cases print.
 * Pure, so the rules are unit-tested.
 */
import { percentile } from './bench-stats'

export const STATEMENT_SCREEN = '/statementv2'
export const STATEMENT_ROUTE_ID = 'routes/_portal.statementv2'
export const STATEMENT_TARGET_MS = 200
export const PDF_WARM_TARGET_MS = 400
export const PDF_COLD_TARGET_MS = 1500
/** Exports fired at once in the concurrency case. */
export const CONCURRENT_EXPORTS = 5

export interface Period {
  name: 'month' | 'year'
  from: string
  to: string
}

const DAY_MS = 86_400_000
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** Last calendar month, and the year of days up to yesterday (UTC). */
export function benchPeriods(now: number): Period[] {
  const today = new Date(now)
  const firstOfMonth = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1)
  const firstOfLastMonth = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1)
  const yesterday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - DAY_MS
  return [
    { name: 'month', from: day(firstOfLastMonth), to: day(firstOfMonth - DAY_MS) },
    { name: 'year', from: day(yesterday - 364 * DAY_MS), to: day(yesterday) },
  ]
}

/** The page's data request for a period (what a script's navigation asks for). */
export function statementDataUrl(customer: string, period: Period): string {
  const params = new URLSearchParams({ customer, from: period.from, to: period.to, _routes: STATEMENT_ROUTE_ID })
  return `${STATEMENT_SCREEN}.data?${params}`
}

export function statementPdfUrl(customer: string, period: Period): string {
  return `${STATEMENT_SCREEN}/pdf?${new URLSearchParams({ customer, from: period.from, to: period.to })}`
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits

export interface PdfLine {
  case: string
  p50Ms: number
  p95Ms: number
  targetMs: number
  met: boolean
  n: number
  /** Requests that did not answer a PDF. */
  errors: number
  /** The most Chromium browsers (direct children of the server) seen at once. */
  browsers?: number
}

/** A PDF case's line: p50 within its target, no error, and (when counted) one browser at most. */
export function pdfLine(name: string, ms: readonly number[], targetMs: number, errors: number, browsers?: number) {
  const sorted = [...ms].sort((a, b) => a - b)
  const p50 = percentile(sorted, 0.5)
  const line: PdfLine = {
    case: name,
    p50Ms: round(p50),
    p95Ms: round(percentile(sorted, 0.95)),
    targetMs,
    met: sorted.length > 0 && p50 <= targetMs && errors === 0 && (browsers === undefined || browsers <= 1),
    n: sorted.length,
    errors,
  }
  if (browsers !== undefined) line.browsers = browsers
  return line
}
