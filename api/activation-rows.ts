/**
 * A customer's activatable entitlements with their counts on one host (spec 3
 * section 3, Activation row), and the fulfilment reads the engine's writes and
 * the licence files share. An entitlement's total activated is the sum of its
 * ACTIVE fulfilments on every host, the same sum as /fulfillments/count and the
 * grids' Total Activated (totalActivatedSql).
 */
import { and, asc, eq, inArray, isNull, ne, or, gte, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { entitlements, fulfillments } from '../db/tables'
import {
  ACTIVATED_FIELD,
  AVAILABLE_FIELD,
  BORROWED_FIELD,
  FULFILLMENTS_FIELD,
  type ActivationRow,
  type FulfillmentRef,
} from '../app/domain/activation-types'
import { ACTIVATABLE_STATE, ACTIVATABLE_TYPES, compareActivationRows, daemonOf } from '../app/domain/activation-rules'
import { isBorrowableModel } from '../app/domain/entitlements'
import { MANUAL_DRAWDOWN_PRODUCT } from '../app/domain/product'
import type { Tx } from './audit-log'
import { totalActivatedSql } from './entitlement-list'

export type Entitlement = typeof entitlements.$inferSelect

/** The SQL side of isActivatable. */
const activatableSql = and(
  inArray(entitlements.type, [...ACTIVATABLE_TYPES]),
  eq(entitlements.state, ACTIVATABLE_STATE),
  ne(entitlements.productName, MANUAL_DRAWDOWN_PRODUCT),
)

/** The active total of one entitlement on every host. */
export async function activeTotal(tx: Tx | Db, entitlementId: number): Promise<number> {
  const row = (
    await tx
      .select({ total: sql<number>`coalesce(sum(${fulfillments.count}), 0)` })
      .from(fulfillments)
      .where(and(eq(fulfillments.entitlementId, entitlementId), eq(fulfillments.status, 'ACTIVE')))
  )[0]
  return Number(row?.total ?? 0)
}

/** A customer's entitlement by activation id. */
export async function customerEntitlement(
  tx: Tx | Db,
  accountId: string,
  activationId: string,
): Promise<Entitlement | undefined> {
  return (
    await tx
      .select()
      .from(entitlements)
      .where(and(eq(entitlements.accountId, accountId), eq(entitlements.activationId, activationId)))
  )[0]
}

/** A customer's ACTIVE fulfilments on a host, oldest first. */
export async function activeFulfillmentsOn(tx: Tx | Db, hostId: number, accountId: string) {
  return await tx
    .select({
      id: fulfillments.id,
      entitlementId: fulfillments.entitlementId,
      fulfillmentId: fulfillments.fulfillmentId,
      count: fulfillments.count,
    })
    .from(fulfillments)
    .where(
      and(eq(fulfillments.hostId, hostId), eq(fulfillments.accountId, accountId), eq(fulfillments.status, 'ACTIVE')),
    )
    .orderBy(asc(fulfillments.fulfilledAt), asc(fulfillments.id))
}

export interface RowOptions {
  /** The host the counts are for; null for a host that has none (a new one). */
  hostId: number | null
  today: string
  /** Only the entitlements that have not ended. */
  activeOnly?: boolean
  /** Counts only: the fulfilment lists stay empty. */
  sumOnly?: boolean
}

/** Every activatable entitlement of the customer with its counts on the host, in the editor's order. */
export async function activationRows(db: Tx | Db, accountId: string, options: RowOptions): Promise<ActivationRow[]> {
  const list = await db
    .select({ entitlement: entitlements, total: totalActivatedSql })
    .from(entitlements)
    .where(
      and(
        eq(entitlements.accountId, accountId),
        activatableSql,
        options.activeOnly ? or(isNull(entitlements.endDate), gte(entitlements.endDate, options.today)) : undefined,
      ),
    )
  const onHost = new Map<number, FulfillmentRef[]>()
  if (options.hostId !== null) {
    for (const f of await activeFulfillmentsOn(db, options.hostId, accountId)) {
      const refs = onHost.get(f.entitlementId) ?? []
      refs.push({ FulfillmentID: f.fulfillmentId, FulfillCount: f.count })
      onHost.set(f.entitlementId, refs)
    }
  }
  return list
    .map(({ entitlement, total }) =>
      activationRow(entitlement, Number(total), onHost.get(entitlement.id) ?? [], options),
    )
    .sort(compareActivationRows)
}

function activationRow(e: Entitlement, total: number, refs: FulfillmentRef[], options: RowOptions): ActivationRow {
  return {
    ActivationId: e.activationId,
    ProductName: e.productName,
    Product: e.product,
    LineItemQuantity: e.quantity,
    [ACTIVATED_FIELD]: refs.reduce((sum, f) => sum + f.FulfillCount, 0),
    [FULFILLMENTS_FIELD]: options.sumOnly ? [] : refs,
    StartDate: e.startDate,
    EndDate: e.endDate ?? '',
    VersionDate: e.versionDate ?? '',
    LicenseModel: e.licenseModel,
    IsActivationPermanent: e.endDate ? 'false' : 'true',
    Evaluation: e.evaluation === 1,
    [BORROWED_FIELD]: e.borrowable === 1 || isBorrowableModel(e.licenseModel),
    [AVAILABLE_FIELD]: Math.max(0, e.quantity - total),
    Daemon: daemonOf(e.vendorDaemon),
  }
}
