/**
 * The pre-aggregates of the usage sessions: sessions started and ended per
 * customer, product and UTC day (usage_day_counts), the latest time received
 * (usage_last_received) and each customer's longest closed session
 * (usage_longest_sessions), and the charges of ended sessions per entitlement,
 * product and UTC day of the end, in cents (usage_day_charges). Every writer of
 * sessions calls countSessions in the transaction that inserts them, so the
 * aggregates never disagree with the rows.
 */
import { sql } from 'drizzle-orm'
import { toCents } from '../app/domain/statement'
import type { Db } from './client'
import { greatest } from './dialect'
import { usageDayCharges, usageDayCounts, usageLastReceived, usageLongestSessions } from './tables'

/** A drizzle handle or the transaction `db.transaction(fn)` passes to `fn`. */
type Writer = Db | Parameters<Parameters<Db['transaction']>[0]>[0]

export const DAY_MS = 86_400_000

/** The UTC day of a time, as days since 1970-01-01 (what usage_day_counts.day holds). */
export const dayOf = (ms: number) => Math.floor(ms / DAY_MS)

export interface CountedSession {
  accountId: string
  entitlementId: number
  product: string
  startTs: number
  endTs?: number | null
  /** What the session was charged (0 while it runs), to 2 decimals. */
  charge: number
}

const BATCH = 200

/** Adds sessions just inserted to the aggregates; call it inside the inserting transaction. */
export async function countSessions(db: Writer, sessions: Iterable<CountedSession>) {
  const days = new Map<string, typeof usageDayCounts.$inferInsert>()
  const bump = (accountId: string, product: string, day: number, started: number, ended: number) => {
    const key = `${accountId}\u0000${product}\u0000${day}`
    const seen = days.get(key)
    if (seen) {
      seen.started! += started
      seen.ended! += ended
    } else days.set(key, { accountId, product, day, started, ended })
  }
  const charges = new Map<string, typeof usageDayCharges.$inferInsert>()
  const charge = (entitlementId: number, product: string, day: number, cents: number) => {
    const key = `${entitlementId}\u0000${product}\u0000${day}`
    const seen = charges.get(key)
    if (seen) seen.cents! += cents
    else charges.set(key, { entitlementId, product, day, cents })
  }
  const longest = new Map<string, number>()
  let latest = -Infinity
  for (const s of sessions) {
    bump(s.accountId, s.product, dayOf(s.startTs), 1, 0)
    latest = Math.max(latest, s.startTs)
    if (s.endTs !== null && s.endTs !== undefined) {
      bump(s.accountId, s.product, dayOf(s.endTs), 0, 1)
      charge(s.entitlementId, s.product, dayOf(s.endTs), toCents(s.charge))
      latest = Math.max(latest, s.endTs)
      longest.set(s.accountId, Math.max(longest.get(s.accountId) ?? 0, s.endTs - s.startTs))
    }
  }
  const rows = [...days.values()]
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insert(usageDayCounts)
      .values(rows.slice(i, i + BATCH))
      .onConflictDoUpdate({
        target: [usageDayCounts.accountId, usageDayCounts.product, usageDayCounts.day],
        set: {
          started: sql`${usageDayCounts.started} + excluded.started`,
          ended: sql`${usageDayCounts.ended} + excluded.ended`,
        },
      })
  }
  const chargeRows = [...charges.values()]
  for (let i = 0; i < chargeRows.length; i += BATCH) {
    await db
      .insert(usageDayCharges)
      .values(chargeRows.slice(i, i + BATCH))
      .onConflictDoUpdate({
        target: [usageDayCharges.entitlementId, usageDayCharges.day, usageDayCharges.product],
        set: { cents: sql`${usageDayCharges.cents} + excluded.cents` },
      })
  }
  for (const [accountId, lengthMs] of longest) {
    await db
      .insert(usageLongestSessions)
      .values({ accountId, lengthMs })
      .onConflictDoUpdate({
        target: usageLongestSessions.accountId,
        set: { lengthMs: greatest(usageLongestSessions.lengthMs, sql`excluded.length_ms`) },
      })
  }
  if (Number.isFinite(latest)) {
    await db
      .insert(usageLastReceived)
      .values({ id: 1, at: latest })
      .onConflictDoUpdate({
        target: usageLastReceived.id,
        set: { at: greatest(usageLastReceived.at, sql`excluded.at`) },
      })
  }
}
