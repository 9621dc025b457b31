/**
 * Web licence seats whose heartbeats stopped: a lease past its end is returned at that end
 * (`ended_at = lease_expires_at`, reason 'expired', a web transaction 'expired' with how long
 * the seat was held). A checkout expires its product's stale leases inside its own transaction;
 * the sweep here does it for every customer once a minute in each server process, and before a
 * read of what is "in use now". It is a transaction, so several processes may sweep at once.
 */
import { transact } from '../db/transact'
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { prepared } from '../db/query'
import { entitlements, webCheckouts } from '../db/tables'
import { heldFor } from '../app/domain/web-seats'
import { recordWebTransaction, webWrites } from './web-records'
import { preparedPerDb } from './prepared'

const statements = preparedPerDb((db) => ({
  /** Any lease past its end (index web_checkouts_lease_idx): whether the sweep has anything to do. */
  anyStale: prepared(
    db
      .select({ id: webCheckouts.id })
      .from(webCheckouts)
      .where(and(isNull(webCheckouts.endedAt), lte(webCheckouts.leaseExpiresAt, sql.placeholder('now'))))
      .limit(1),
  ),
  staleOf: prepared(
    db
      .select()
      .from(webCheckouts)
      .where(
        and(
          eq(webCheckouts.entitlementId, sql.placeholder('entitlementId')),
          isNull(webCheckouts.endedAt),
          lte(webCheckouts.leaseExpiresAt, sql.placeholder('now')),
        ),
      )
      .orderBy(asc(webCheckouts.leaseExpiresAt), asc(webCheckouts.id)),
  ),
  /** In lease-end order: each entitlement's web usage aggregates take its changes in time order. */
  allStale: prepared(
    db
      .select()
      .from(webCheckouts)
      .where(and(isNull(webCheckouts.endedAt), lte(webCheckouts.leaseExpiresAt, sql.placeholder('now'))))
      .orderBy(asc(webCheckouts.leaseExpiresAt), asc(webCheckouts.id)),
  ),
  product: prepared(
    db
      .select({ product: entitlements.product })
      .from(entitlements)
      .where(eq(entitlements.id, sql.placeholder('id'))),
  ),
}))

type Checkout = typeof webCheckouts.$inferSelect

/** Ends these checkouts at their lease's end and records each as expired. */
async function expire(db: Db, stale: Checkout[]): Promise<number> {
  const products = new Map<number, string>()
  let expired = 0
  for (const checkout of stale) {
    const ended = await webWrites(db).end.run({
      id: checkout.id,
      endedAt: checkout.leaseExpiresAt,
      endReason: 'expired',
    })
    if (ended.changes === 0) continue
    expired++
    let product = products.get(checkout.entitlementId)
    if (product === undefined) {
      product = (await statements(db).product.get({ id: checkout.entitlementId }))?.product ?? ''
      products.set(checkout.entitlementId, product)
    }
    await recordWebTransaction(db, {
      accountId: checkout.accountId,
      entitlementId: checkout.entitlementId,
      checkoutId: checkout.checkoutId,
      product,
      userEmail: checkout.userEmail,
      outcome: 'expired',
      reason: '',
      at: checkout.leaseExpiresAt,
      durationMs: heldFor(checkout.startedAt, checkout.leaseExpiresAt),
      clientHost: checkout.clientHost,
      productVersion: checkout.productVersion,
    })
  }
  return expired
}

/**
 * Inside a service call's transaction: the stale leases of these entitlements are returned
 * first, so the call's own change comes after them in time (a checkout: the product's; a
 * heartbeat or check-in: the seat's entitlement).
 */
export async function expireStaleLeasesOf(db: Db, entitlementIds: readonly number[], now: number): Promise<void> {
  for (const entitlementId of entitlementIds) {
    const stale = await statements(db).staleOf.all({ entitlementId, now })
    if (stale.length > 0) await expire(db, stale)
  }
}

/** Returns every lease past its end, of every customer; how many. Cheap when there is none (no write lock). */
export async function sweepExpiredLeases(db: Db, now = Date.now()): Promise<number> {
  if (!(await statements(db).anyStale.get({ now }))) return 0
  return await transact(db, async (tx) => await expire(tx, await statements(tx).allStale.all({ now })))
}

/** How often each server process sweeps. */
export const LEASE_SWEEP_INTERVAL_MS = 60_000

/** Sweeps every minute until the returned function is called; the timer keeps no process alive. */
export function startLeaseSweep(db: Db, log: (error: unknown) => void = console.error): () => void {
  const timer = setInterval(async () => {
    try {
      await sweepExpiredLeases(db)
    } catch (error) {
      // A busy or closing database: the next sweep, or the next checkout, returns the seats.
      log(error)
    }
  }, LEASE_SWEEP_INTERVAL_MS)
  timer.unref()
  return () => clearInterval(timer)
}
