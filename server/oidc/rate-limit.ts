/**
 * Fixed-window counters in `rate_limits`, shared by every process. Only failed
 * sign-ins are counted, so people signing in correctly are never held up.
 */
import type { Db } from '../../db/client'
import { transact } from '../../db/transact'
import { preparedPerDb } from '../../api/prepared'

export const SIGN_IN_WINDOW_MS = 5 * 60_000
/** One address may fail this many times more than one address and e-mail together (shared offices, NAT). */
const PER_IP_FACTOR = 5

export interface SignInLimiter {
  /** True when this address (or address and e-mail) has used up its failed attempts. */
  blocked(ip: string, email: string): boolean
  recordFailure(ip: string, email: string): Promise<void>
  recordSuccess(ip: string, email: string): Promise<void>
}

/** The counters' statements on one connection (the database's, or its transactions'). */
const statements = preparedPerDb((db: Db) => ({
  peek: db.$client.prepare<[string, number], { count: number }>(
    'select count from rate_limits where key = ? and window_start > ?',
  ),
  hit: db.$client.prepare<[string, number, number, number], { count: number }>(
    `insert into rate_limits (key, window_start, count) values (?, ?, 1)
     on conflict(key) do update set
       count = case when window_start <= ? then 1 else count + 1 end,
       window_start = case when window_start <= ? then excluded.window_start else window_start end
     returning count`,
  ),
  clear: db.$client.prepare<[string]>('delete from rate_limits where key = ?'),
  purge: db.$client.prepare<[number]>("delete from rate_limits where key like 'signin:%' and window_start <= ?"),
}))

export function createSignInLimiter(db: Db, attempts: number, windowMs = SIGN_IN_WINDOW_MS): SignInLimiter {
  let lastPurge = 0

  const keys = (ip: string, email: string) => ({
    ip: `signin:ip:${ip}`,
    ipEmail: `signin:ip-email:${ip}:${email.trim().toLowerCase()}`,
  })
  const count = (key: string) => statements(db).peek.get(key, Date.now() - windowMs)?.count ?? 0

  return {
    blocked(ip, email) {
      const k = keys(ip, email)
      return count(k.ipEmail) >= attempts || count(k.ip) >= attempts * PER_IP_FACTOR
    },
    async recordFailure(ip, email) {
      const now = Date.now()
      const expired = now - windowMs
      const k = keys(ip, email)
      const purge = now - lastPurge > windowMs
      if (purge) lastPurge = now
      await transact(db, async (tx) => {
        const { hit, purge: purgeOld } = statements(tx)
        hit.get(k.ipEmail, now, expired, expired)
        hit.get(k.ip, now, expired, expired)
        if (purge) purgeOld.run(expired)
      })
    },
    async recordSuccess(ip, email) {
      await transact(db, async (tx) => {
        statements(tx).clear.run(keys(ip, email).ipEmail)
      })
    },
  }
}
