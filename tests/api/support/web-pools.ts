/**
 * A web entitlement of a customer's own for a test, inserted straight into the database, so seat
 * counts and reports are that test's alone.
 */
import { addDays, todayUtc } from '../../../app/domain/entitlements'
import type { Db } from '../../../db/client'
import { first } from '../../../db/query'
import { entitlements } from '../../../db/tables'

export interface WebPool {
  accountId: string
  type: 'SHARED_WEB' | 'NAMED_USER'
  product: string
  activationId: string
  seats: number
  /** Days from today; 10 days ago and 100 days ahead unless given. */
  start?: number
  end?: number
}

export async function insertWebPool(db: Db, pool: WebPool) {
  const today = todayUtc()
  const inserted = await first(
    db
      .insert(entitlements)
      .values({
        activationId: pool.activationId,
        accountId: pool.accountId,
        type: pool.type,
        state: 'Deployed',
        entitlementName: `${pool.product} Lease`,
        product: pool.product,
        productName: `${pool.product} - Web`,
        licenseModel: pool.type === 'SHARED_WEB' ? 'Shared Web' : 'Named User',
        count: pool.seats,
        quantity: pool.seats,
        startDate: addDays(today, pool.start ?? -10),
        endDate: addDays(today, pool.end ?? 100),
        createdAt: Date.now(),
      })
      .returning({ id: entitlements.id, activationId: entitlements.activationId, product: entitlements.product }),
  )
  return inserted!
}
