/**
 * API: recording an elastic usage session (what the licence servers report).
 *
 * POST /usage/sessions {customerNumber, activationId, startTime, endTime?, product, productCount?, user, host, ...}
 *   -> { id, hours, charge, Used, Remaining, notified }
 *
 * Vendor staff with the busops or support role only. The session is charged by its
 * hours, product count and the rate of its product in the entitlement's rate table
 * (a session without an end is still running and costs nothing yet). In one
 * immediate transaction it is stored and counted in the usage pre-aggregates, its
 * charge is added to the entitlement's Used and, when the remaining reaches the
 * entitlement's low-balance threshold for the first time, the e-mail and its audit
 * record are written.
 */
import { transact } from '../db/transact'
import { first } from '../db/query'
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { entitlements, lowBalanceAlerts, usageSessions } from '../db/tables'
import { countSessions } from '../db/usage-aggregates'
import { remainingAmount } from '../app/domain/entitlements'
import { hourlyRate, sessionCharge, sessionHours } from '../app/domain/elastic-rates'
import { requireCustomerAccess } from './access'
import type { ApiUser } from './auth'
import type { CallTable } from './call-table'
import { usageCalls, type SessionRequest } from './contract/usage'
import { badRequest, forbidden } from './envelope'
import { findElasticEntitlement, writeLowBalanceNotice } from './elastic-credit'
import { outboxTime, type OutboxDelivery } from './outbox'
import type { ApiDeps } from './index'

export const SESSION_RECORDERS = ['busops', 'support'] as const
export const SESSION_MESSAGES = {
  staffOnly: 'Only vendor staff (busops or support) can record usage sessions.',
  endBeforeStart: 'endTime: must not be before startTime',
  future: 'the session cannot end (or start) in the future',
} as const

/** Clock skew tolerated between a licence server and this one. */
const FUTURE_TOLERANCE_MS = 5 * 60_000

function requireRecorder(user: ApiUser) {
  if (!user.roles.some((r) => (SESSION_RECORDERS as readonly string[]).includes(r))) {
    throw forbidden(SESSION_MESSAGES.staffOnly)
  }
}

function checkTimes(input: SessionRequest) {
  const latest = Date.now() + FUTURE_TOLERANCE_MS
  if (input.startTime > latest || (input.endTime ?? 0) > latest) throw badRequest(SESSION_MESSAGES.future)
  if (input.endTime !== null && input.endTime !== undefined && input.endTime < input.startTime) {
    throw badRequest(SESSION_MESSAGES.endBeforeStart)
  }
}

export async function recordSession(db: Db, delivery: OutboxDelivery, user: ApiUser, input: SessionRequest) {
  const { account } = await requireCustomerAccess(db, user, input.customerNumber)
  requireRecorder(user)
  checkTimes(input)
  const { customerNumber: _customer, activationId, startTime, endTime, deviceId, cloudJobId, ...fields } = input
  return await transact(db, async (tx) => {
    const entitlement = await findElasticEntitlement(tx, account.accountId, activationId)
    const ended = endTime ?? null
    const hours = ended === null ? 0 : sessionHours(startTime, ended)
    const rate = hourlyRate(entitlement.rateTableVersion, input.product)
    const charge = ended === null ? 0 : sessionCharge({ hours, productCount: input.productCount, rate })
    const [{ id }] = await tx
      .insert(usageSessions)
      .values({
        ...fields,
        entitlementId: entitlement.id,
        accountId: account.accountId,
        activationId: entitlement.activationId,
        startTime: outboxTime(startTime),
        endTime: ended === null ? null : outboxTime(ended),
        startTs: startTime,
        endTs: ended,
        length: ended === null ? null : Math.round((ended - startTime) / 1000),
        deviceId: deviceId || randomUUID(),
        sessionStatus: ended === null ? 'Active' : 'Closed',
        rateFileVersion: entitlement.rateTableVersion ?? '',
        cloudJobId: cloudJobId || null,
        hours,
        charge,
        currency: entitlement.currency,
      })
      .returning({ id: usageSessions.id })
    await countSessions(tx, [
      {
        accountId: account.accountId,
        entitlementId: entitlement.id,
        product: input.product,
        startTs: startTime,
        endTs: ended,
        charge,
      },
    ])
    const [{ used }] = await tx
      .update(entitlements)
      .set({ used: sql`${entitlements.used} + ${charge}` })
      .where(eq(entitlements.id, entitlement.id))
      .returning({ used: entitlements.used })
    const before = remainingAmount(entitlement.quantity, entitlement.used)
    const remaining = remainingAmount(entitlement.quantity, used)
    const alert = await first(
      tx.select().from(lowBalanceAlerts).where(eq(lowBalanceAlerts.entitlementId, entitlement.id)),
    )
    const notified = await writeLowBalanceNotice(tx, {
      entitlement,
      account,
      alert,
      before,
      remaining,
      actorEmail: user.email,
      delivery,
    })
    return { id, hours, charge, Used: Math.round(used * 100) / 100, Remaining: remaining, notified }
  })
}

export function usageSessionCalls(calls: CallTable, { db, config }: ApiDeps) {
  calls.implement(
    usageCalls.recordSession,
    async ({ input, user }) => await recordSession(db, config.mail, user, input),
  )
}
