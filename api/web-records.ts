/**
 * The web licence service's writes, prepared once per database handle: a checkout runs them
 * hundreds of times a second, and building their SQL with drizzle on every call cost more than
 * running it (docs/decisions/0028-web-licence-service.md).
 */
import { and, count, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { prepared } from '../db/query'
import { webCheckouts, webTransactions } from '../db/tables'
import { countWebTransaction } from '../db/web-aggregates'
import type { Tx } from './audit-log'
import { preparedPerDb } from './prepared'

const p = <Name extends string>(name: Name) => sql.placeholder(name)

export type WebTransaction = Required<Omit<typeof webTransactions.$inferInsert, 'id'>>
export type WebCheckout = Required<Omit<typeof webCheckouts.$inferInsert, 'id'>>

/** Also used by the history generator (db/web-history.ts), inside its transaction. */
export const webWrites = preparedPerDb((db: Db | Tx) => ({
  transaction: prepared(
    db.insert(webTransactions).values({
      accountId: p('accountId'),
      entitlementId: p('entitlementId'),
      checkoutId: p('checkoutId'),
      product: p('product'),
      userEmail: p('userEmail'),
      outcome: p('outcome'),
      reason: p('reason'),
      at: p('at'),
      durationMs: p('durationMs'),
      clientHost: p('clientHost'),
      productVersion: p('productVersion'),
    }),
  ),
  checkout: prepared(
    db.insert(webCheckouts).values({
      checkoutId: p('checkoutId'),
      accountId: p('accountId'),
      entitlementId: p('entitlementId'),
      userId: p('userId'),
      userEmail: p('userEmail'),
      clientHost: p('clientHost'),
      productVersion: p('productVersion'),
      startedAt: p('startedAt'),
      lastHeartbeatAt: p('lastHeartbeatAt'),
      leaseExpiresAt: p('leaseExpiresAt'),
      endedAt: p('endedAt'),
      endReason: p('endReason'),
    }),
  ),
  /** Ends a running checkout (returned or expired); no change when it has already ended. */
  end: prepared(
    db
      .update(webCheckouts)
      .set({ endedAt: sql`${p('endedAt')}`, endReason: sql`${p('endReason')}` })
      .where(and(eq(webCheckouts.id, p('id')), isNull(webCheckouts.endedAt))),
  ),
  renew: prepared(
    db
      .update(webCheckouts)
      .set({ lastHeartbeatAt: sql`${p('at')}`, leaseExpiresAt: sql`${p('leaseExpiresAt')}` })
      .where(eq(webCheckouts.id, p('id'))),
  ),
  active: prepared(
    db
      .select({ n: count() })
      .from(webCheckouts)
      .where(and(eq(webCheckouts.entitlementId, p('entitlementId')), isNull(webCheckouts.endedAt))),
  ),
}))

/** A seat taken: its checkout row (call `recordWebTransaction` for the grant next). */
export async function insertCheckout(db: Db | Tx, row: WebCheckout) {
  await webWrites(db).checkout.run(row)
}

/**
 * One row of the customer's web transactions, counted in the web usage aggregates. Call it
 * right after the seat's own write (a grant after its checkout row, a return or expiry after
 * the seat is ended), so the seats running before the change can be counted.
 */
export async function recordWebTransaction(db: Db, row: WebTransaction) {
  const w = webWrites(db)
  await w.transaction.run(row)
  let running = 0
  if (row.entitlementId !== null) {
    const active = (await w.active.get({ entitlementId: row.entitlementId }))?.n ?? 0
    running = row.outcome === 'granted' ? active - 1 : row.outcome === 'denied' ? active : active + 1
  }
  await countWebTransaction(db, row, running)
}
