/**
 * Fixed-window counters in `rate_limits`, shared by every process. Only failed
 * sign-ins are counted, so people signing in correctly are never held up.
 */
import { and, eq, gt, like, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { prepared } from '../../db/query'
import { rateLimits } from '../../db/tables'
import { transact } from '../../db/transact'
import { preparedPerDb } from '../../api/prepared'

export const SIGN_IN_WINDOW_MS = 5 * 60_000
/** One address may fail this many times more than one address and e-mail together (shared offices, NAT). */
const PER_IP_FACTOR = 5

export interface SignInLimiter {
  /** True when this address (or address and e-mail) has used up its failed attempts. */
  blocked(ip: string, email: string): Promise<boolean>
  recordFailure(ip: string, email: string): Promise<void>
  recordSuccess(ip: string, email: string): Promise<void>
}

const p = <Name extends string>(name: Name) => sql.placeholder(name)

/** The counters' statements on one connection (the database's, or its transactions'). */
const statements = preparedPerDb((db: Db) => ({
  peek: prepared(
    db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, p('key')), gt(rateLimits.windowStart, p('since')))),
  ),
  /** Counts one failure: the window starts again at `now` when the one stored began at or before `expired`. */
  hit: prepared(
    db
      .insert(rateLimits)
      .values({ key: p('key'), windowStart: p('now'), count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowStart} <= ${p('expired')} then 1 else ${rateLimits.count} + 1 end`,
          windowStart: sql`case when ${rateLimits.windowStart} <= ${p('expired')} then excluded.window_start else ${rateLimits.windowStart} end`,
        },
      }),
  ),
  clear: prepared(db.delete(rateLimits).where(eq(rateLimits.key, p('key')))),
  purge: prepared(
    db.delete(rateLimits).where(and(like(rateLimits.key, 'signin:%'), lte(rateLimits.windowStart, p('expired')))),
  ),
}))

export function createSignInLimiter(db: Db, attempts: number, windowMs = SIGN_IN_WINDOW_MS): SignInLimiter {
  let lastPurge = 0

  const keys = (ip: string, email: string) => ({
    ip: `signin:ip:${ip}`,
    ipEmail: `signin:ip-email:${ip}:${email.trim().toLowerCase()}`,
  })
  const count = async (key: string) =>
    (await statements(db).peek.get({ key, since: Date.now() - windowMs }))?.count ?? 0

  return {
    async blocked(ip, email) {
      const k = keys(ip, email)
      return (await count(k.ipEmail)) >= attempts || (await count(k.ip)) >= attempts * PER_IP_FACTOR
    },
    async recordFailure(ip, email) {
      const now = Date.now()
      const expired = now - windowMs
      const k = keys(ip, email)
      const purge = now - lastPurge > windowMs
      if (purge) lastPurge = now
      await transact(db, async (tx) => {
        const { hit, purge: purgeOld } = statements(tx)
        await hit.run({ key: k.ipEmail, now, expired })
        await hit.run({ key: k.ip, now, expired })
        if (purge) await purgeOld.run({ expired })
      })
    },
    async recordSuccess(ip, email) {
      await transact(db, async (tx) => {
        await statements(tx).clear.run({ key: keys(ip, email).ipEmail })
      })
    },
  }
}
