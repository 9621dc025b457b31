/**
 * The statement of a customer's elastic entitlements for a period, as POST
 * /statements answers it and the statement PDF and e-mails show it.
 *
 * Every figure comes from usage_day_charges (the charges of ended sessions per
 * entitlement, product and day, kept with the sessions): one grouped read of the
 * charges before the period and one of the charges within it, whatever the number
 * of sessions.
 */
import { and, between, eq, inArray, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { entitlements, usageDayCharges } from '../db/tables'
import {
  buildStatement,
  periodProblem,
  statementPeriod,
  statementRecords,
  type EntitlementCharge,
  type StatementEntitlement,
  type StatementPeriod,
} from '../app/domain/statement'
import { NO_ACTIVE_ENTITLEMENTS, type StatementData } from '../app/domain/statement-types'
import { requireCustomerAccess, type Account } from './access'
import type { Tx } from './audit-log'
import type { ApiUser } from './auth'
import type { StatementInput } from './contract/statements'
import { badRequest, notFound } from './envelope'

/** The period of a request, or a 400 naming what is wrong with it. */
export function requestPeriod(from: string, to: string): StatementPeriod {
  const problem = periodProblem(from, to)
  if (problem) throw badRequest(problem)
  return statementPeriod(from, to)
}

const entitlementColumns = {
  id: entitlements.id,
  activationId: entitlements.activationId,
  poNumber: entitlements.poNumber,
  startDate: entitlements.startDate,
  endDate: entitlements.endDate,
  quantity: entitlements.quantity,
  currency: entitlements.currency,
  licenseModel: entitlements.licenseModel,
  state: entitlements.state,
}

/** The customer's elastic entitlements. */
export async function elasticEntitlements(db: Db | Tx, accountId: string): Promise<StatementEntitlement[]> {
  return await db
    .select(entitlementColumns)
    .from(entitlements)
    .where(and(eq(entitlements.accountId, accountId), eq(entitlements.type, 'ELASTIC')))
}

const cents = sql<number>`sum(${usageDayCharges.cents})`.mapWith(Number)

/** The charges of the entitlements before the period (by entitlement) and within it (by entitlement and product). */
async function chargesOf(db: Db | Tx, ids: number[], period: StatementPeriod) {
  if (ids.length === 0) return { centsBefore: new Map<number, number>(), within: [] as EntitlementCharge[] }
  const mine = inArray(usageDayCharges.entitlementId, ids)
  const before = await db
    .select({ entitlementId: usageDayCharges.entitlementId, cents })
    .from(usageDayCharges)
    .where(and(mine, lt(usageDayCharges.day, period.firstDay)))
    .groupBy(usageDayCharges.entitlementId)
  const within = await db
    .select({ entitlementId: usageDayCharges.entitlementId, product: usageDayCharges.product, cents })
    .from(usageDayCharges)
    .where(and(mine, between(usageDayCharges.day, period.firstDay, period.lastDay)))
    .groupBy(usageDayCharges.entitlementId, usageDayCharges.product)
  return { centsBefore: new Map(before.map((r) => [r.entitlementId, r.cents])), within }
}

type Customer = Pick<Account, 'accountId' | 'accountName'>

/**
 * The statement of the given entitlements over the period, or of the customer's
 * statement records when none are given; 404 'No active entitlements for account'
 * when there is no record.
 */
export async function computeStatement(
  db: Db | Tx,
  account: Customer,
  period: StatementPeriod,
  today: string,
  only?: StatementEntitlement[],
): Promise<StatementData> {
  const candidates = only ?? (await elasticEntitlements(db, account.accountId))
  const { centsBefore, within } = await chargesOf(
    db,
    candidates.map((e) => e.id),
    period,
  )
  const records = only ?? statementRecords(candidates, period, new Set(within.map((c) => c.entitlementId)))
  if (records.length === 0) throw notFound(NO_ACTIVE_ENTITLEMENTS)
  return buildStatement({
    customer: { customerNumber: account.accountId, customerName: account.accountName },
    period,
    today,
    records,
    centsBefore,
    within,
  })
}

/** The statement a request asks for, after the access check (another customer, export control). */
export async function statementFor(db: Db, user: ApiUser, input: StatementInput): Promise<StatementData> {
  const { account } = await requireCustomerAccess(db, user, input.customerNumber)
  return await computeStatement(db, account, requestPeriod(input.from, input.to), input.today)
}
