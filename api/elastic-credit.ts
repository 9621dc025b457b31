/**
 * API: how long a customer's elastic credit lasts, and its low-balance thresholds.
 *
 * POST /entitlements/forecast {customerNumber}
 *   -> for each active elastic entitlement: its figures, threshold, the use of each of
 *      the last 30 days (oldest first, every day present) and forecastCredit's verdict
 * POST /entitlements/threshold {customerNumber, activationId, threshold: number | null}
 *   -> { threshold, notified }: sets (or with null clears) the threshold of an active
 *      elastic entitlement; `notified` tells whether the e-mail for this threshold has
 *      been written (at once when the remaining is already at or below it)
 *
 * The low-balance e-mail (`writeLowBalanceNotice`) is written once per threshold,
 * inside the transaction of the write that brought the remaining to or below it.
 */
import { transact } from '../db/transact'
import { and, asc, eq, gte, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { first, prepared } from '../db/query'
import { accountAccess, entitlements, lowBalanceAlerts, usageDayCharges, users } from '../db/tables'
import {
  addDays,
  classifyElastic,
  formatNumber,
  isElasticIncluded,
  remainingAmount,
  todayUtc,
} from '../app/domain/entitlements'
import {
  FORECAST_WINDOW_DAYS,
  forecastCredit,
  shouldNotifyThreshold,
  type CreditStatus,
} from '../app/domain/credit-forecast'
import { isViewOnly } from '../app/domain/permissions'
import { dayNumber } from '../app/domain/statement'
import { escapeHtml } from '../server/oidc/views'
import { buildAccountInfo, requireCustomerAccess, type Account } from './access'
import { recordAudit, type Tx } from './audit-log'
import type { ApiUser } from './auth'
import type { CallTable } from './call-table'
import type { ParsedInput } from './contract/define'
import { elasticCreditCalls as declared } from './contract/elastic-credit'
import { badRequest, forbidden, notFound } from './envelope'
import type { ApiDeps } from './index'
import { preparedPerDb } from './prepared'
import { outboxTime, writeOutboxEmail, type OutboxDelivery } from './outbox'

export const CREDIT_MESSAGES = {
  viewOnly: 'View-only users cannot change low-balance thresholds.',
  notFound: 'Elastic entitlement not found',
  notActive: 'Only an active elastic entitlement can have a low-balance threshold.',
  aboveTotal: (total: number) => `threshold: must be at most the entitlement's total (${formatNumber(total)})`,
} as const

type EntitlementRow = typeof entitlements.$inferSelect
type AlertRow = typeof lowBalanceAlerts.$inferSelect

/** The e-mail addresses of the customer's active portal administrators; its support address without any. */
export async function administratorAddresses(
  tx: Tx | Db,
  account: Pick<Account, 'accountId' | 'supportEmail'>,
): Promise<string> {
  const rows = await tx
    .select({ email: users.email })
    .from(accountAccess)
    .innerJoin(users, eq(users.id, accountAccess.userId))
    .where(and(eq(accountAccess.accountId, account.accountId), eq(accountAccess.role, 'admin'), eq(users.active, 1)))
    .orderBy(asc(users.email))
  return rows.length > 0 ? rows.map((r) => r.email).join(', ') : account.supportEmail
}

export const lowBalanceSubject = (e: Pick<EntitlementRow, 'product' | 'activationId'>) =>
  `Elastic credit low: ${e.product} (${e.activationId})`

function lowBalanceBody(e: EntitlementRow, accountName: string, remaining: number, threshold: number) {
  const amount = (n: number) => `${escapeHtml(formatNumber(n, 1))} ${escapeHtml(e.currency)}`
  return `<div style="font-family: Arial, sans-serif; color: #1f2937; max-width: 640px">
<h1 style="font-size: 20px; color: #0d2a55">Your elastic credit is running low</h1>
<p>Dear ${escapeHtml(accountName)} licence administrator,</p>
<p>The remaining credit of <strong>${escapeHtml(e.product)}</strong> (activation ID <code>${escapeHtml(e.activationId)}</code>)
is <strong>${amount(remaining)}</strong>, at or below the low-balance threshold of <strong>${amount(threshold)}</strong>
set for it.</p>
<p>See its usage and when it is expected to run out under <a href="/elastic">Elastic Licensing</a>.</p>
<p style="font-size: 12px; color: #6b7280">This message was sent by the Licensing Portal. Please do not reply to it.</p>
</div>`
}

/**
 * Writes the low-balance e-mail and its audit record when `remaining` is at or below
 * the entitlement's threshold and this threshold has not had its e-mail yet. Call
 * inside the (immediate) transaction of the write. Returns whether it wrote one.
 */
export async function writeLowBalanceNotice(
  tx: Tx,
  args: {
    entitlement: EntitlementRow
    account: Pick<Account, 'accountId' | 'accountName' | 'supportEmail'>
    alert: AlertRow | undefined
    before: number | undefined
    remaining: number
    actorEmail: string
    delivery: OutboxDelivery
  },
): Promise<boolean> {
  const { entitlement, account, alert, remaining } = args
  if (!alert) return false
  const notify = shouldNotifyThreshold({
    before: args.before,
    after: remaining,
    threshold: alert.threshold,
    alreadyNotified: alert.notifiedAt !== null,
  })
  if (!notify) return false
  const now = Date.now()
  const emailId = await writeOutboxEmail(tx, args.delivery, {
    accountId: account.accountId,
    at: now,
    subject: lowBalanceSubject(entitlement),
    to: await administratorAddresses(tx, account),
    body: lowBalanceBody(entitlement, account.accountName, remaining, alert.threshold),
    kind: 'balance',
  })
  await tx.update(lowBalanceAlerts).set({ notifiedAt: now }).where(eq(lowBalanceAlerts.entitlementId, entitlement.id))
  await recordAudit(tx, {
    actorEmail: args.actorEmail,
    accountId: account.accountId,
    area: 'threshold',
    action: 'notify',
    before: { activationId: entitlement.activationId, remaining: args.before ?? null },
    after: { activationId: entitlement.activationId, remaining, threshold: alert.threshold, emailId },
  })
  return true
}

/** The customer's elastic entitlement by activation id, or 404 (another customer's is "not found" too). */
export async function findElasticEntitlement(db: Tx | Db, accountId: string, activationId: string) {
  const row = (
    await db
      .select()
      .from(entitlements)
      .where(
        and(
          eq(entitlements.accountId, accountId),
          eq(entitlements.activationId, activationId),
          eq(entitlements.type, 'ELASTIC'),
        ),
      )
  )[0]
  if (!row) throw notFound(CREDIT_MESSAGES.notFound)
  return row
}

const isActiveElastic = (e: EntitlementRow, today: string) =>
  isElasticIncluded(e) &&
  classifyElastic({ startDate: e.startDate, endDate: e.endDate, quantity: e.quantity, used: e.used, today }).active

async function setThreshold(
  db: Db,
  delivery: OutboxDelivery,
  user: ApiUser,
  input: ParsedInput<typeof declared.setThreshold>,
) {
  const { account, access } = await requireCustomerAccess(db, user, input.customerNumber)
  if (isViewOnly(user, buildAccountInfo(account, access, user))) throw forbidden(CREDIT_MESSAGES.viewOnly)
  return await transact(db, async (tx) => {
    const entitlement = await findElasticEntitlement(tx, account.accountId, input.activationId)
    if (!isActiveElastic(entitlement, todayUtc())) throw badRequest(CREDIT_MESSAGES.notActive)
    if (input.threshold !== null && input.threshold > entitlement.quantity) {
      throw badRequest(CREDIT_MESSAGES.aboveTotal(entitlement.quantity))
    }
    const where = eq(lowBalanceAlerts.entitlementId, entitlement.id)
    const before = await first(tx.select().from(lowBalanceAlerts).where(where))
    const audit = (action: string) =>
      recordAudit(tx, {
        actorEmail: user.email,
        accountId: account.accountId,
        area: 'threshold',
        action,
        before: { activationId: entitlement.activationId, threshold: before?.threshold ?? null },
        after: { activationId: entitlement.activationId, threshold: input.threshold },
      })
    if (input.threshold === null) {
      if (before) {
        await tx.delete(lowBalanceAlerts).where(where)
        await audit('clear')
      }
      return { threshold: null, notified: false }
    }
    if (before?.threshold === input.threshold) {
      return { threshold: before.threshold, notified: before.notifiedAt !== null }
    }
    const values = { threshold: input.threshold, notifiedAt: null, setBy: user.email, setAt: Date.now() }
    const [alert] = await tx
      .insert(lowBalanceAlerts)
      .values({ entitlementId: entitlement.id, ...values })
      .onConflictDoUpdate({ target: lowBalanceAlerts.entitlementId, set: values })
      .returning()
    await audit(before ? 'change' : 'set')
    const remaining = remainingAmount(entitlement.quantity, entitlement.used)
    const notified = await writeLowBalanceNotice(tx, {
      entitlement,
      account,
      alert,
      before: undefined,
      remaining,
      actorEmail: user.email,
      delivery,
    })
    return { threshold: input.threshold, notified }
  })
}

/**
 * What the forecast needs of a customer's elastic entitlements: the rows (the
 * active ones are picked in code, by the same rule as the screens), their
 * thresholds, and the charges per entitlement and day from the day aggregate
 * (usage_day_charges: the sessions' charges by the day of their end).
 */
const forecastStatements = preparedPerDb((db) => ({
  entitlements: prepared(
    db
      .select()
      .from(entitlements)
      .where(and(eq(entitlements.accountId, sql.placeholder('accountId')), eq(entitlements.type, 'ELASTIC')))
      .orderBy(sql`coalesce(${entitlements.endDate}, '9999-12-31') DESC`, asc(entitlements.activationId)),
  ),
  alerts: prepared(
    db
      .select({ alert: lowBalanceAlerts })
      .from(lowBalanceAlerts)
      .innerJoin(entitlements, eq(entitlements.id, lowBalanceAlerts.entitlementId))
      .where(and(eq(entitlements.accountId, sql.placeholder('accountId')), eq(entitlements.type, 'ELASTIC'))),
  ),
  dayCharges: prepared(
    db
      .select({
        entitlementId: usageDayCharges.entitlementId,
        day: usageDayCharges.day,
        currency: entitlements.currency,
        cents: sql<number>`sum(${usageDayCharges.cents})`.mapWith(Number),
      })
      .from(entitlements)
      .innerJoin(usageDayCharges, eq(usageDayCharges.entitlementId, entitlements.id))
      .where(
        and(
          eq(entitlements.accountId, sql.placeholder('accountId')),
          eq(entitlements.type, 'ELASTIC'),
          gte(usageDayCharges.day, sql.placeholder('firstDay')),
        ),
      )
      // The currency is the entitlement's own; PostgreSQL still wants each selected column grouped.
      .groupBy(usageDayCharges.entitlementId, usageDayCharges.day, entitlements.currency),
  ),
}))

/** The charges of one elastic entitlement on one UTC day (days since 1970-01-01), in cents. */
export interface ElasticDayCharge {
  entitlementId: number
  day: number
  currency: string
  cents: number
}

/** The charges of the customer's elastic entitlements per entitlement and day, from `firstDay` on. */
export async function elasticDayCharges(db: Db, accountId: string, firstDay: number): Promise<ElasticDayCharge[]> {
  return await forecastStatements(db).dayCharges.all({ accountId, firstDay })
}

/** The first day of the forecast's window that ends `today`. */
export const forecastWindowStart = (today: string) => addDays(today, -(FORECAST_WINDOW_DAYS - 1))

/** Each day of the window ending today, oldest first, with the charges of the sessions that ended on it. */
function dailyUse(rows: readonly ElasticDayCharge[], today: string) {
  const first = forecastWindowStart(today)
  const firstDay = dayNumber(first)
  const days = Array.from({ length: FORECAST_WINDOW_DAYS }, (_, i) => ({
    day: addDays(first, i),
    number: firstDay + i,
  }))
  return (id: number) => {
    const own = new Map(rows.filter((r) => r.entitlementId === id).map((r) => [r.day, r.cents]))
    return days.map(({ day, number }) => ({ day, used: (own.get(number) ?? 0) / 100 }))
  }
}

/** An active elastic entitlement's credit figures and forecast, with its product name. */
interface NamedCreditStatus {
  status: CreditStatus
  productName: string
}

/**
 * Each active elastic entitlement of the customer with its credit figures and
 * forecast; `charges` (elasticDayCharges) must cover the forecast's window.
 */
export async function creditStatuses(
  db: Db,
  accountId: string,
  today = todayUtc(),
  given?: readonly ElasticDayCharge[],
): Promise<NamedCreditStatus[]> {
  const charges = given ?? (await elasticDayCharges(db, accountId, dayNumber(forecastWindowStart(today))))
  const statements = forecastStatements(db)
  const active = (await statements.entitlements.all({ accountId })).filter((e) => isActiveElastic(e, today))
  if (active.length === 0) return []
  const alerts = new Map((await statements.alerts.all({ accountId })).map(({ alert }) => [alert.entitlementId, alert]))
  const usedOn = dailyUse(charges, today)
  return active.map((e) => {
    const dailyUsed = usedOn(e.id)
    const inWindow = dailyUsed.reduce((sum, d) => sum + d.used, 0)
    const remaining = remainingAmount(e.quantity, e.used)
    const alert = alerts.get(e.id)
    const status: CreditStatus = {
      ActivationId: e.activationId,
      product: e.product,
      LineItemQuantity: e.quantity,
      Used: Math.round(e.used * 100) / 100,
      Remaining: remaining,
      Currency: e.currency,
      StartDate: e.startDate,
      EndDate: e.endDate ?? '',
      threshold: alert?.threshold ?? null,
      thresholdNotifiedAt: alert?.notifiedAt ? outboxTime(alert.notifiedAt) : null,
      dailyUsed,
      usedBeforeWindow: Math.max(0, Math.round((e.used - inWindow) * 100) / 100),
      forecast: forecastCredit({ remaining, endDate: e.endDate, today, dailyUsed }),
    }
    return { status, productName: e.productName }
  })
}

/** The forecast call's answer. */
export const forecasts = async (db: Db, accountId: string): Promise<CreditStatus[]> =>
  (await creditStatuses(db, accountId)).map((c) => c.status)

export function elasticCreditCalls(calls: CallTable, { db, config }: ApiDeps) {
  calls.implement(declared.forecast, async ({ input, user }) => {
    const { account } = await requireCustomerAccess(db, user, input.customerNumber)
    return await forecasts(db, account.accountId)
  })

  calls.implement(declared.setThreshold, async ({ input, user }) => await setThreshold(db, config.mail, user, input))
}
