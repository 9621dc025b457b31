/**
 * The rules of an FSA order's lines (spec 3 section 5 and "FSA order lifecycle"),
 * the same on the page and in the API: the count (empty counts as 1), the dates
 * within the contract and not before today, one line per set of attributes, and
 * the balance, whose refusal names what the user changed last.
 */
import { isDay } from './entitlements'
import type { DurationKey } from './fsa-pricing'

export const FSA_ORDER_MESSAGES = {
  count: 'Count should be a positive number.',
  startDate: 'Start date is invalid.',
  endDate: 'End date is invalid.',
  endBeforeStart: 'End Date can not be greater than start date',
  duplicate: 'Product with same attributes already exists.',
  noProducts: 'Error: Selected FSA Contract has no products defined',
  invalidOrder: 'Invalid FSA Order',
  someFailed: 'Some entitlements were not successfully created. Please check for errors and try again.',
  created: 'Entitlements successfully created.',
} as const

/** What the user changed last on a line: the balance refusal names it. */
export type BalanceField = 'product' | 'count' | 'startDate' | 'duration' | 'cost'

const BALANCE_SUBJECT: Record<BalanceField, string> = {
  product: 'selected product',
  count: 'selected count',
  startDate: 'selected start date',
  duration: 'selected duration',
  cost: 'entered cost',
}

export const balanceMessage = (field: BalanceField) =>
  `You do not have sufficient balance for the ${BALANCE_SUBJECT[field]}.`

/** A line's count: empty counts as 1; otherwise a whole number of at least 1, else null. */
export function readCount(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return 1
  const text = String(value).trim()
  if (text === '') return 1
  if (!/^\d+$/.test(text)) return null
  const count = Number(text)
  return count >= 1 && Number.isSafeInteger(count) ? count : null
}

export interface ContractDates {
  startDate: string
  endDate: string
}

/** The days a line may use: from the later of today and the contract's start to the contract's end. */
export function dateWindow(contract: ContractDates, today: string): { min: string; max: string } {
  const start = contract.startDate.slice(0, 10)
  return { min: start > today ? start : today, max: contract.endDate.slice(0, 10) }
}

export interface LineDates {
  startDate: string
  endDate: string
}

export type LineDateErrors = Partial<Record<'startDate' | 'endDate', string>>

/** A calendar day written exactly 'YYYY-MM-DD', nothing before or after. */
export const isExactDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && isDay(text)

/** The date messages of a line: each date a day within the window, the end not before the start. */
export function lineDateErrors(line: LineDates, window: { min: string; max: string }): LineDateErrors {
  const errors: LineDateErrors = {}
  const inWindow = (day: string) => isExactDay(day) && day >= window.min && day <= window.max
  if (!inWindow(line.startDate)) errors.startDate = FSA_ORDER_MESSAGES.startDate
  if (!inWindow(line.endDate)) errors.endDate = FSA_ORDER_MESSAGES.endDate
  else if (!errors.startDate && line.endDate < line.startDate) errors.endDate = FSA_ORDER_MESSAGES.endBeforeStart
  return errors
}

export interface LineAttributes {
  product: string
  count: number
  startDate: string
  duration: DurationKey | string
  endDate: string
}

/** The lines that repeat an earlier line's product, count, start, duration and end (the first copy stays). */
export function duplicateLines(lines: readonly LineAttributes[]): Set<number> {
  const seen = new Set<string>()
  const repeated = new Set<number>()
  lines.forEach((line, i) => {
    const key = JSON.stringify([line.product, line.count, line.startDate, line.duration, line.endDate])
    if (seen.has(key)) repeated.add(i)
    seen.add(key)
  })
  return repeated
}

/** Sum of the lines' costs (each already in cents), added in whole cents so no binary error creeps in. */
export function totalCost(costs: readonly number[]): number {
  return costs.reduce((sum, c) => sum + Math.round(c * 100), 0) / 100
}

/**
 * Whether the order fits the balance; when it does not, the line to blame: the
 * one changed last (or the last line), with the message naming that change.
 */
export function balanceRefusal(
  costs: readonly number[],
  available: number,
  changed: { line: number; field: BalanceField } | null,
): { line: number; message: string } | null {
  if (totalCost(costs) <= available || costs.length === 0) return null
  const line = changed && changed.line < costs.length ? changed.line : costs.length - 1
  return { line, message: balanceMessage(changed?.field ?? 'product') }
}
