/**
 * Elastic Statements (spec 2, Elastic Statements screen): what the page, its
 * PDF and its grids share. The period is a preset of the statement menu (Last
 * month by default) or a custom range of whole days, in the URL as `range` or
 * `from`/`to` and in the saved view elasticTransaction.
 */
import { STATEMENT_PRESETS, rangeDays } from '../domain/date-presets'
import { dateRangeExtras } from '../grid/date-range-extras'

export const STATEMENT_TABLE = 'elasticTransaction'

export const statementRange = dateRangeExtras(STATEMENT_PRESETS, 'lastMonth')

/** The statement's period as days ('YYYY-MM-DD', both included) for the URL's choice at `now`. */
export function statementDays(params: URLSearchParams, now: number): { from: string; to: string } {
  return rangeDays(statementRange.range(statementRange.choice(statementRange.parse(params)), now))
}

/** Spec 2 section 9: the PDF is named 'summary statement' with the customer number, from and to. */
export function statementPdfName(customerNumber: string, from: string, to: string): string {
  return `SummaryStatement_${customerNumber}_${from}_${to}.pdf`
}
