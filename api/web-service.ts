/**
 * API: the web licence service (api/contract/web-service.ts).
 *
 * Only the service's account (role weblicense) and business operations call it. A checkout is
 * one immediate transaction: the product's stale leases are returned, the seats counted, the
 * rule decides (app/domain/web-seats), and the seat with its 'granted' transaction, or the
 * 'denied' transaction, is written. SQLite takes one writer at a time across every process, so
 * two checkouts never count the same free seat. These writes are the customer's web usage, kept
 * as web transactions; they change nothing the customer owns, so they add no audit record.
 */
import { transact, type Tx } from '../db/transact'
import { mapInOrder } from '../db/in-order'
import { randomUUID } from 'node:crypto'
import { and, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { prepared } from '../db/query'
import { accounts, entitlements, webAssignments, webCheckouts, webGroupMembers, webUsers } from '../db/tables'
import { todayUtc } from '../app/domain/entitlements'
import {
  DENIAL_TEXTS,
  HEARTBEAT_INTERVAL_MS,
  decideCheckout,
  heldFor,
  isLeaseExpired,
  leaseEnd,
  type SeatPool,
} from '../app/domain/web-seats'
import { WEB_ENTITLEMENT_TYPES, namedHolders, type WebEntitlementType } from '../app/domain/web-licenses'
import { EXPORT_DENIED_MESSAGE, isExportDenied } from './access'
import type { ApiUser } from './auth'
import type { CallTable } from './call-table'
import type { CallReply } from './contract/define'
import { webServiceCalls, type CheckoutRequest } from './contract/web-service'
import { ApiError, forbidden, notFound } from './envelope'
import type { ApiDeps } from './index'
import { preparedPerDb } from './prepared'
import { expireStaleLeasesOf } from './web-lease-sweep'
import { insertCheckout, recordWebTransaction, webWrites } from './web-records'

/** Who may call the service: its account, and business operations (who also run it by hand). */
export const WEB_SERVICE_ROLES = ['weblicense', 'busops'] as const

export const WEB_SERVICE_MESSAGES = {
  serviceOnly: 'Only the web licence service (or business operations) can check web licence seats out and in.',
  unknownCheckout: 'No web licence seat has this checkout id.',
  ended: 'This web licence seat has already been returned or its lease has ended: check out again.',
} as const

/** Only deployed entitlements give seats; others are as good as absent. */
const DEPLOYED = 'Deployed'

function requireService(user: ApiUser) {
  if (!user.roles.some((r) => (WEB_SERVICE_ROLES as readonly string[]).includes(r))) {
    throw forbidden(WEB_SERVICE_MESSAGES.serviceOnly)
  }
}

const statements = preparedPerDb((db) => ({
  account: prepared(
    db
      .select({ accountId: accounts.accountId, exportControlStatus: accounts.exportControlStatus })
      .from(accounts)
      .where(eq(accounts.accountId, sql.placeholder('accountId'))),
  ),
  pools: prepared(
    db
      .select({
        id: entitlements.id,
        activationId: entitlements.activationId,
        type: entitlements.type,
        quantity: entitlements.quantity,
        startDate: entitlements.startDate,
        endDate: entitlements.endDate,
      })
      .from(entitlements)
      .where(
        and(
          eq(entitlements.accountId, sql.placeholder('accountId')),
          eq(entitlements.product, sql.placeholder('product')),
          inArray(entitlements.type, [...WEB_ENTITLEMENT_TYPES]),
          eq(entitlements.state, DEPLOYED),
        ),
      ),
  ),
  user: prepared(
    db
      .select({ id: webUsers.id })
      .from(webUsers)
      .where(and(eq(webUsers.accountId, sql.placeholder('accountId')), eq(webUsers.email, sql.placeholder('email')))),
  ),
  userGroups: prepared(
    db
      .select({ groupId: webGroupMembers.groupId })
      .from(webGroupMembers)
      .where(eq(webGroupMembers.userId, sql.placeholder('userId'))),
  ),
  assignedGroups: prepared(
    db
      .select({ groupId: webAssignments.groupId })
      .from(webAssignments)
      .where(
        and(eq(webAssignments.entitlementId, sql.placeholder('entitlementId')), isNotNull(webAssignments.groupId)),
      ),
  ),
  /** A named entitlement's direct seats. */
  directSeats: prepared(
    db
      .select({ userId: sql<number>`${webAssignments.userId}`, endDate: webAssignments.endDate })
      .from(webAssignments)
      .where(and(eq(webAssignments.entitlementId, sql.placeholder('entitlementId')), isNotNull(webAssignments.userId))),
  ),
  /** The members of the groups an entitlement is assigned to. */
  groupMembers: prepared(
    db
      .select({ userId: webGroupMembers.userId })
      .from(webAssignments)
      .innerJoin(webGroupMembers, eq(webGroupMembers.groupId, webAssignments.groupId))
      .where(eq(webAssignments.entitlementId, sql.placeholder('entitlementId'))),
  ),
  active: prepared(
    db
      .select({ n: count() })
      .from(webCheckouts)
      .where(and(eq(webCheckouts.entitlementId, sql.placeholder('entitlementId')), isNull(webCheckouts.endedAt))),
  ),
  checkout: prepared(
    db
      .select({
        checkout: webCheckouts,
        exportControlStatus: accounts.exportControlStatus,
        product: entitlements.product,
      })
      .from(webCheckouts)
      .innerJoin(accounts, eq(accounts.accountId, webCheckouts.accountId))
      .innerJoin(entitlements, eq(entitlements.id, webCheckouts.entitlementId))
      .where(eq(webCheckouts.checkoutId, sql.placeholder('checkoutId'))),
  ),
}))

type CheckoutReply = CallReply<typeof webServiceCalls.checkout>

export async function checkout(db: Db, user: ApiUser, input: CheckoutRequest): Promise<CheckoutReply> {
  requireService(user)
  const s = statements(db)
  const account = await s.account.get({ accountId: input.customerNumber })
  if (!account) throw notFound('Customer not found')
  const exportDenied = isExportDenied(account)
  const recorded = await transact(db, async (tx): Promise<CheckoutReply> => {
    const ts = statements(tx)
    const now = Date.now()
    const event = {
      accountId: account.accountId,
      product: input.product,
      userEmail: input.email,
      at: now,
      durationMs: null,
      clientHost: input.clientHost,
      productVersion: input.productVersion,
    }
    const deny = async (reason: keyof typeof DENIAL_TEXTS, entitlementId: number | null): Promise<CheckoutReply> => {
      await recordWebTransaction(tx, { ...event, entitlementId, checkoutId: null, outcome: 'denied', reason })
      return { outcome: 'denied', reason, message: DENIAL_TEXTS[reason] }
    }
    // Recorded like any refusal, then answered as every call about such a customer is (below).
    if (exportDenied) return await deny('export-control', null)
    const today = todayUtc(new Date(now))
    const found = await ts.pools.all({ accountId: account.accountId, product: input.product })
    await expireStaleLeasesOf(
      tx,
      found.map((p) => p.id),
      now,
    )
    const webUser = await ts.user.get({ accountId: account.accountId, email: input.email })
    const holdersOf = async (entitlementId: number, day: string) =>
      namedHolders(
        await ts.directSeats.all({ entitlementId }),
        (await ts.groupMembers.all({ entitlementId })).map((m) => m.userId),
        day,
      )
    const pools: SeatPool[] = await mapInOrder(found, async (p) => ({
      ...p,
      type: p.type as WebEntitlementType,
      groupIds: (await ts.assignedGroups.all({ entitlementId: p.id })).map((a) => a.groupId!),
      holderIds: p.type === 'NAMED_USER' ? [...(await holdersOf(p.id, today))] : [],
      active: (await ts.active.get({ entitlementId: p.id }))?.n ?? 0,
    }))
    const decision = decideCheckout({
      pools,
      user: webUser && {
        id: webUser.id,
        groupIds: (await ts.userGroups.all({ userId: webUser.id })).map((g) => g.groupId),
      },
      today,
    })
    if (decision.outcome === 'denied') return await deny(decision.reason, decision.entitlementId)
    const checkoutId = randomUUID()
    const leaseExpiresAt = leaseEnd(now)
    await insertCheckout(tx, {
      checkoutId,
      accountId: account.accountId,
      entitlementId: decision.entitlementId,
      userId: webUser!.id,
      userEmail: input.email,
      clientHost: input.clientHost,
      productVersion: input.productVersion,
      startedAt: now,
      lastHeartbeatAt: now,
      leaseExpiresAt,
      endedAt: null,
      endReason: null,
    })
    await recordWebTransaction(tx, {
      ...event,
      entitlementId: decision.entitlementId,
      checkoutId,
      outcome: 'granted',
      reason: '',
    })
    return {
      outcome: 'granted',
      checkoutId,
      activationId: found.find((p) => p.id === decision.entitlementId)!.activationId,
      leaseExpiresAt,
      heartbeatSeconds: HEARTBEAT_INTERVAL_MS / 1000,
    }
  })
  if (exportDenied) throw forbidden(EXPORT_DENIED_MESSAGE)
  return recorded
}

const alreadyEnded = () => new ApiError(409, WEB_SERVICE_MESSAGES.ended)

/**
 * A running seat, for a heartbeat or a check-in, inside their transaction: 404 for an unknown
 * id, 403 for a customer under export control, and 409 for a seat already ended or whose lease
 * has run out (which is then recorded as expired, after the transaction: see `settle`).
 */
async function runningSeat(db: Db, checkoutId: string, now: number) {
  const found = await statements(db).checkout.get({ checkoutId })
  if (!found) throw notFound(WEB_SERVICE_MESSAGES.unknownCheckout)
  if (isExportDenied({ exportControlStatus: found.exportControlStatus })) throw forbidden(EXPORT_DENIED_MESSAGE)
  const { checkout: seat } = found
  if (seat.endedAt !== null) return { ended: true as const }
  // Every stale lease of the entitlement (this seat's too) ends before this call changes anything.
  await expireStaleLeasesOf(db, [seat.entitlementId], now)
  if (isLeaseExpired(seat.leaseExpiresAt, now)) return { ended: true as const }
  return { ended: false as const, seat, product: found.product }
}

/** Runs a heartbeat's or a check-in's transaction; a seat found ended is answered 409 once the expiry is committed. */
async function settle<T>(db: Db, work: (tx: Tx) => Promise<T | 'ended'>): Promise<T> {
  const result = await transact(db, work)
  if (result === 'ended') throw alreadyEnded()
  return result
}

export async function heartbeat(db: Db, user: ApiUser, checkoutId: string) {
  requireService(user)
  return await settle(db, async (tx) => {
    const now = Date.now()
    const running = await runningSeat(tx, checkoutId, now)
    if (running.ended) return 'ended'
    const leaseExpiresAt = leaseEnd(now)
    await webWrites(tx).renew.run({ id: running.seat.id, at: now, leaseExpiresAt })
    return { checkoutId, leaseExpiresAt }
  })
}

export async function checkin(db: Db, user: ApiUser, checkoutId: string) {
  requireService(user)
  return await settle(db, async (tx) => {
    const now = Date.now()
    const running = await runningSeat(tx, checkoutId, now)
    if (running.ended) return 'ended'
    const { seat } = running
    const durationMs = heldFor(seat.startedAt, now)
    await webWrites(tx).end.run({ id: seat.id, endedAt: now, endReason: 'returned' })
    await recordWebTransaction(tx, {
      accountId: seat.accountId,
      entitlementId: seat.entitlementId,
      checkoutId,
      product: running.product,
      userEmail: seat.userEmail,
      outcome: 'returned',
      reason: '',
      at: now,
      durationMs,
      clientHost: seat.clientHost,
      productVersion: seat.productVersion,
    })
    return { checkoutId, returnedAt: now, durationMs }
  })
}

export function webLicenseServiceCalls(calls: CallTable, { db }: ApiDeps) {
  calls.implement(webServiceCalls.checkout, async ({ input, user }) => await checkout(db, user, input))
  calls.implement(webServiceCalls.heartbeat, async ({ input, user }) => await heartbeat(db, user, input.checkoutId))
  calls.implement(webServiceCalls.checkin, async ({ input, user }) => await checkin(db, user, input.checkoutId))
}
