/**
 * Answers kept per customer for a few seconds, and only while nothing behind
 * them changed: each is stored with the customer's change stamp (its own
 * counter and the one for every customer, both kept by triggers on the tables
 * the answers are read from: db/migrations/0011) and served again only while
 * the stamp is the same and it is younger than `ttlMs`. The stamp is one indexed
 * read, so a write by any process on the database is seen by the next request;
 * the age bounds what changes with the clock alone (an alert's start or end).
 */
import { eq, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { prepared } from '../db/query'
import { accountChanges } from '../db/tables'
import { preparedPerDb } from './prepared'

/** The counter row that every customer's answers depend on. */
const EVERY_CUSTOMER = '*'

const stampStatement = preparedPerDb((db) =>
  prepared(
    db
      .select({ accountId: accountChanges.accountId, version: accountChanges.version })
      .from(accountChanges)
      .where(
        or(eq(accountChanges.accountId, sql.placeholder('accountId')), eq(accountChanges.accountId, EVERY_CUSTOMER)),
      ),
  ),
)

/** The customer's change stamp: its counter and the one for every customer. */
async function changeStamp(db: Db, accountId: string): Promise<string> {
  let own = 0
  let every = 0
  for (const row of await stampStatement(db).all({ accountId })) {
    if (row.accountId === accountId) own = row.version
    else every = row.version
  }
  return `${own}/${every}`
}

interface Entry<T> {
  stamp: string
  at: number
  value: T
}

export interface CustomerCache<T> {
  /** The kept answer for `accountId` and `key` while it is current, else `compute()`'s, kept. */
  get(db: Db, accountId: string, key: string, compute: () => Promise<T>): Promise<T>
}

export function customerCache<T>({ ttlMs, maxEntries }: { ttlMs: number; maxEntries: number }): CustomerCache<T> {
  const entries = new Map<string, Entry<T>>()
  return {
    async get(db, accountId, key, compute) {
      const id = `${accountId}\u0000${key}`
      const stamp = await changeStamp(db, accountId)
      const now = Date.now()
      const kept = entries.get(id)
      if (kept && kept.stamp === stamp && now - kept.at < ttlMs) return kept.value
      const value = await compute()
      entries.delete(id)
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
      entries.set(id, { stamp, at: now, value })
      return value
    },
  }
}
