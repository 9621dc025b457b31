/**
 * The rules of an elastic statement (spec 2 sections 3, 4 and 7): the period,
 * which entitlements it lists, their balances and the products they were used
 * for, and the weekly and monthly statement e-mails.
 *
 * Days are UTC 'YYYY-MM-DD'; the period runs from 00:00 of `from` to the end of
 * `to`. A session is charged on the day it ends. Amounts are added up in integer
 * cents, so BalanceBeforeStart − Used = BalanceAtEnd to the cent; balances may
 * be negative (overdrawn).
 */
import { isElasticIncluded } from './entitlements'
import type { StatementData, StatementProductTotal, StatementRecord } from './statement-types'
import { PO_FIELD } from './statement-types'
import { DAY_MS, dayStart, formatDay, parseDay } from './utc-day'

/** The longest period a statement covers, in days (ten years and some). */
export const MAX_PERIOD_DAYS = 3700

const DAY_FORMAT = "must be a day like '2026-11-01'"

export const STATEMENT_MESSAGES = {
  dayFormat: DAY_FORMAT,
  badDay: (field: string) => `${field}: ${DAY_FORMAT}`,
  fromAfterTo: 'from: must not be after to',
  tooLong: 'The period may be at most 10 years.',
} as const

/** An amount to 2 decimals in integer cents. */
export const toCents = (amount: number) => Math.round(amount * 100)
const fromCents = (cents: number) => cents / 100

/** Days since 1970-01-01 of a 'YYYY-MM-DD' day (what the charges per day are keyed by). */
export const dayNumber = (day: string) => dayStart(day) / DAY_MS

export interface StatementPeriod {
  from: string
  to: string
  /** Days since 1970-01-01 of `from` and `to` (both included). */
  firstDay: number
  lastDay: number
  /** Epoch ms of the period's first instant and of the instant after its last. */
  startMs: number
  endMs: number
}

/** Why a from/to pair is not a period, or null when it is one. */
export function periodProblem(from: string, to: string): string | null {
  if (!parseDay(from)) return STATEMENT_MESSAGES.badDay('from')
  if (!parseDay(to)) return STATEMENT_MESSAGES.badDay('to')
  const days = dayNumber(to) - dayNumber(from) + 1
  if (days < 1) return STATEMENT_MESSAGES.fromAfterTo
  if (days > MAX_PERIOD_DAYS) return STATEMENT_MESSAGES.tooLong
  return null
}

/** The bounds of a period; throws a RangeError naming the problem when it is not one. */
export function statementPeriod(from: string, to: string): StatementPeriod {
  const problem = periodProblem(from, to)
  if (problem) throw new RangeError(problem)
  const firstDay = dayNumber(from)
  const lastDay = dayNumber(to)
  return { from, to, firstDay, lastDay, startMs: firstDay * DAY_MS, endMs: (lastDay + 1) * DAY_MS }
}

/** The week (7 days) or month (from its 1st) that ends on `date`, as a weekly or monthly e-mail covers. */
export function emailPeriod(kind: 'week' | 'month', date: string): StatementPeriod {
  if (!parseDay(date)) throw new RangeError(STATEMENT_MESSAGES.badDay('date'))
  const from = kind === 'week' ? formatDay(dayStart(date) - 6 * DAY_MS) : `${date.slice(0, 8)}01`
  return statementPeriod(from, date)
}

/** Short enough to read in a list on a phone; the entitlement is named in the statement itself. */
export function statementEmailSubject(kind: 'week' | 'month', period: StatementPeriod) {
  return `${kind === 'week' ? 'Weekly' : 'Monthly'} elastic statement ${period.from} to ${period.to}`
}

/** What a statement needs of an elastic entitlement. */
export interface StatementEntitlement {
  id: number
  activationId: string
  poNumber: string
  startDate: string
  /** null (or '') = permanent. */
  endDate: string | null
  quantity: number
  currency: string
  licenseModel: string
  state: string
}

/** Whether the entitlement's term has a day in the period. */
export function termOverlaps(e: Pick<StatementEntitlement, 'startDate' | 'endDate'>, period: StatementPeriod) {
  return e.startDate.slice(0, 10) <= period.to && (!e.endDate || e.endDate.slice(0, 10) >= period.from)
}

/**
 * The records of a statement: the entitlements Elastic Licensing lists whose term
 * overlaps the period, and any with charges in the period (so no charge goes
 * unreported), by PO then activation id.
 */
export function statementRecords<E extends StatementEntitlement>(
  entitlements: readonly E[],
  period: StatementPeriod,
  chargedInPeriod: ReadonlySet<number>,
): E[] {
  return entitlements
    .filter((e) => (isElasticIncluded(e) && termOverlaps(e, period)) || chargedInPeriod.has(e.id))
    .sort((a, b) => compareText(a.poNumber, b.poNumber) || compareText(a.activationId, b.activationId))
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

export interface RecordBalances {
  BalanceBeforeStart: number
  BalanceAtEnd: number
  Used: number
  TotalUsed: number
}

/** The balances of a record from its quantity and its charges (in cents) before and within the period. */
export function recordBalances(quantity: number, centsBefore: number, centsWithin: number): RecordBalances {
  const quantityCents = toCents(quantity)
  const totalCents = centsBefore + centsWithin
  return {
    BalanceBeforeStart: fromCents(quantityCents - centsBefore),
    BalanceAtEnd: fromCents(quantityCents - totalCents),
    Used: fromCents(centsWithin),
    TotalUsed: fromCents(totalCents),
  }
}

export interface ProductCharge {
  product: string
  cents: number
  currency: string
}

/** Charges summed by product and currency, without zero totals, largest first then by name. */
export function productTotals(charges: Iterable<ProductCharge>): StatementProductTotal[] {
  const sums = new Map<string, ProductCharge>()
  for (const c of charges) {
    const key = `${c.product}\u0000${c.currency}`
    const seen = sums.get(key)
    if (seen) seen.cents += c.cents
    else sums.set(key, { ...c })
  }
  return [...sums.values()]
    .filter((c) => c.cents !== 0)
    .sort((a, b) => b.cents - a.cents || compareText(a.product, b.product) || compareText(a.currency, b.currency))
    .map((c) => ({ product: c.product, total: fromCents(c.cents), currency: c.currency }))
}

/** The period's charges of one entitlement and product, in cents. */
export interface EntitlementCharge {
  entitlementId: number
  product: string
  cents: number
}

export interface StatementInput {
  customer: { customerNumber: string; customerName: string }
  period: StatementPeriod
  /** The report date. */
  today: string
  /** The records, in their order (statementRecords, or the one entitlement of an e-mail). */
  records: readonly StatementEntitlement[]
  /** Each entitlement's charges before the period, in cents. */
  centsBefore: ReadonlyMap<number, number>
  /** The period's charges by entitlement and product. */
  within: readonly EntitlementCharge[]
}

/** The statement of the records over the period. */
export function buildStatement({
  customer,
  period,
  today,
  records,
  centsBefore,
  within,
}: StatementInput): StatementData {
  const rows: StatementRecord[] = records.map((e) => {
    const charges = within
      .filter((c) => c.entitlementId === e.id)
      .map((c) => ({ product: c.product, cents: c.cents, currency: e.currency }))
    const centsWithin = charges.reduce((sum, c) => sum + c.cents, 0)
    return {
      [PO_FIELD]: e.poNumber,
      ActivationId: e.activationId,
      StartDate: e.startDate.slice(0, 10),
      EndDate: e.endDate ? e.endDate.slice(0, 10) : '',
      ...recordBalances(e.quantity, centsBefore.get(e.id) ?? 0, centsWithin),
      Currency: e.currency,
      LineItemQuantity: e.quantity,
      Products: productTotals(charges),
    }
  })
  const currencyOf = new Map(records.map((e) => [e.id, e.currency]))
  return {
    Customer: {
      ReportDate: today,
      CustomerNumber: customer.customerNumber,
      CustomerName: customer.customerName,
      From: period.from,
      To: period.to,
    },
    Records: rows,
    Products: productTotals(
      within
        .filter((c) => currencyOf.has(c.entitlementId))
        .map((c) => ({ product: c.product, cents: c.cents, currency: currencyOf.get(c.entitlementId)! })),
    ),
  }
}
