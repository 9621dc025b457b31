/**
 * The pre-aggregates of the usage sessions: sessions started and ended per
 * customer, product and UTC day (usage_day_counts) and the latest time received
 * (usage_last_received). Every writer of sessions calls countSessions in the
 * transaction that inserts them, so the aggregates never disagree with the rows.
 */
import { sql } from 'drizzle-orm'
import type { Db } from './client'
import { usageDayCounts, usageLastReceived } from './schema'

/** A drizzle handle or the transaction `db.transaction(fn)` passes to `fn`. */
type Writer = Db | Parameters<Parameters<Db['transaction']>[0]>[0]

export const DAY_MS = 86_400_000

/** The UTC day of a time, as days since 1970-01-01 (what usage_day_counts.day holds). */
export const dayOf = (ms: number) => Math.floor(ms / DAY_MS)

export interface CountedSession {
  accountId: string
  product: string
  startTs: number
  endTs?: number | null
}

const BATCH = 200

/** Adds sessions just inserted to the aggregates; call it inside the inserting transaction. */
export function countSessions(db: Writer, sessions: Iterable<CountedSession>) {
  const days = new Map<string, typeof usageDayCounts.$inferInsert>()
  const bump = (accountId: string, product: string, day: number, started: number, ended: number) => {
    const key = `${accountId}\u0000${product}\u0000${day}`
    const seen = days.get(key)
    if (seen) {
      seen.started! += started
      seen.ended! += ended
    } else days.set(key, { accountId, product, day, started, ended })
  }
  let latest = -Infinity
  for (const s of sessions) {
    bump(s.accountId, s.product, dayOf(s.startTs), 1, 0)
    latest = Math.max(latest, s.startTs)
    if (s.endTs !== null && s.endTs !== undefined) {
      bump(s.accountId, s.product, dayOf(s.endTs), 0, 1)
      latest = Math.max(latest, s.endTs)
    }
  }
  const rows = [...days.values()]
  for (let i = 0; i < rows.length; i += BATCH) {
    db.insert(usageDayCounts)
      .values(rows.slice(i, i + BATCH))
      .onConflictDoUpdate({
        target: [usageDayCounts.accountId, usageDayCounts.product, usageDayCounts.day],
        set: {
          started: sql`${usageDayCounts.started} + excluded.started`,
          ended: sql`${usageDayCounts.ended} + excluded.ended`,
        },
      })
      .run()
  }
  if (Number.isFinite(latest)) {
    db.insert(usageLastReceived)
      .values({ id: 1, at: latest })
      .onConflictDoUpdate({ target: usageLastReceived.id, set: { at: sql`max(${usageLastReceived.at}, excluded.at)` } })
      .run()
  }
}
