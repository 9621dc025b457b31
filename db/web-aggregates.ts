/**
 * The web usage pre-aggregates (decision 0029): web_usage_days, web_user_days and
 * web_transaction_days. Every web transaction is counted here in the transaction that inserts
 * it: the service through `recordWebTransaction` (api/web-records.ts), the demo history and the
 * generator in their batches. Per entitlement the transactions must come in time order, an
 * 'expired' one at its lease end; the rules are in app/domain/web-usage-days.ts.
 */
import { eq, max, sql } from 'drizzle-orm'
import { dayOf, daySplit, hourBit, rollForwardDays } from '../app/domain/web-usage-days'
import type { Db } from './client'
import { greatest } from './dialect'
import { prepared } from './query'
import { preparedPerDb } from '../api/prepared'
import { webTransactionDays, webUsageDays, webUserDays } from './tables'

/** A drizzle handle or the transaction `db.transaction(fn)` passes to `fn`. */
type Writer = Db | Parameters<Parameters<Db['transaction']>[0]>[0]

/** What of a web transaction the aggregates need. */
export interface CountedWebTransaction {
  accountId: string
  entitlementId: number | null
  userEmail: string
  /** granted, returned, expired or denied */
  outcome: string
  reason: string
  at: number
  /** For returned and expired: how long the seat was held. */
  durationMs: number | null
}

type UsageDay = Required<typeof webUsageDays.$inferInsert>
type UserDay = Required<typeof webUserDays.$inferInsert>
type TransactionDay = Required<typeof webTransactionDays.$inferInsert>

const p = <Name extends string>(name: Name) => sql.placeholder(name)

/** The aggregates' statements, prepared once per handle. */
const statements = preparedPerDb((db: Writer) => ({
  lastDay: prepared(
    db
      .select({ day: max(webUsageDays.day) })
      .from(webUsageDays)
      .where(eq(webUsageDays.entitlementId, p('entitlementId'))),
  ),
  usageDay: prepared(
    db
      .insert(webUsageDays)
      .values({
        entitlementId: p('entitlementId'),
        day: p('day'),
        accountId: p('accountId'),
        peak: p('peak'),
        seatMs: p('seatMs'),
        granted: p('granted'),
        deniedNoSeat: p('deniedNoSeat'),
        deniedOther: p('deniedOther'),
        deniedHours: p('deniedHours'),
      })
      .onConflictDoUpdate({
        target: [webUsageDays.entitlementId, webUsageDays.day],
        set: {
          peak: greatest(webUsageDays.peak, sql`excluded.peak`),
          seatMs: sql`${webUsageDays.seatMs} + excluded.seat_ms`,
          granted: sql`${webUsageDays.granted} + excluded.granted`,
          deniedNoSeat: sql`${webUsageDays.deniedNoSeat} + excluded.denied_no_seat`,
          deniedOther: sql`${webUsageDays.deniedOther} + excluded.denied_other`,
          deniedHours: sql`${webUsageDays.deniedHours} | excluded.denied_hours`,
        },
      }),
  ),
  userDay: prepared(
    db
      .insert(webUserDays)
      .values({
        entitlementId: p('entitlementId'),
        userEmail: p('userEmail'),
        day: p('day'),
        accountId: p('accountId'),
        seatMs: p('seatMs'),
        granted: p('granted'),
        denied: p('denied'),
      })
      .onConflictDoUpdate({
        target: [webUserDays.entitlementId, webUserDays.userEmail, webUserDays.day],
        set: {
          seatMs: sql`${webUserDays.seatMs} + excluded.seat_ms`,
          granted: sql`${webUserDays.granted} + excluded.granted`,
          denied: sql`${webUserDays.denied} + excluded.denied`,
        },
      }),
  ),
  transactionDay: prepared(
    db
      .insert(webTransactionDays)
      .values({ accountId: p('accountId'), day: p('day'), outcome: p('outcome'), n: p('n') })
      .onConflictDoUpdate({
        target: [webTransactionDays.accountId, webTransactionDays.day, webTransactionDays.outcome],
        set: { n: sql`${webTransactionDays.n} + excluded.n` },
      }),
  ),
}))

/**
 * Collects the changes of many web transactions in memory and writes them with `flush`, one
 * upsert per row touched: a batch of a generator touches a few rows per day, not one per
 * transaction. Give it the transactions of each entitlement in time order.
 */
export class WebAggregator {
  private readonly usage = new Map<string, UsageDay>()
  private readonly users = new Map<string, UserDay>()
  private readonly transactions = new Map<string, TransactionDay>()
  /** The last day with a row, per entitlement: read once, then kept here. */
  private readonly lastDays = new Map<number, number | null>()

  constructor(private readonly db: Writer) {}

  /** Counts one transaction; `running` is how many seats of its entitlement ran just before it. */
  async add(row: CountedWebTransaction, running: number) {
    const day = dayOf(row.at)
    const tx = `${row.accountId}\u0000${day}\u0000${row.outcome}`
    const counted = this.transactions.get(tx)
    if (counted) counted.n++
    else this.transactions.set(tx, { accountId: row.accountId, day, outcome: row.outcome, n: 1 })
    const entitlementId = row.entitlementId
    if (entitlementId === null) return

    for (const d of rollForwardDays(await this.lastDay(entitlementId), day, running)) {
      const u = this.usageDay(entitlementId, row.accountId, d)
      u.peak = Math.max(u.peak, running)
    }
    this.lastDays.set(entitlementId, Math.max(this.lastDays.get(entitlementId) ?? day, day))
    const today = this.usageDay(entitlementId, row.accountId, day)
    if (row.outcome === 'granted') {
      today.peak = Math.max(today.peak, running + 1)
      today.granted++
      this.userDay(entitlementId, row.accountId, row.userEmail, day).granted++
    } else if (row.outcome === 'returned' || row.outcome === 'expired') {
      for (const part of daySplit(row.at - (row.durationMs ?? 0), row.at)) {
        this.usageDay(entitlementId, row.accountId, part.day).seatMs += part.ms
        this.userDay(entitlementId, row.accountId, row.userEmail, part.day).seatMs += part.ms
      }
    } else if (row.outcome === 'denied') {
      if (row.reason === 'no-free-seat') {
        today.deniedNoSeat++
        today.deniedHours |= hourBit(row.at)
      } else today.deniedOther++
      this.userDay(entitlementId, row.accountId, row.userEmail, day).denied++
    }
  }

  /** Writes what was added since the last flush; call it inside the inserting transaction. */
  async flush() {
    const s = statements(this.db)
    for (const row of this.usage.values()) await s.usageDay.run(row)
    for (const row of this.users.values()) await s.userDay.run(row)
    for (const row of this.transactions.values()) await s.transactionDay.run(row)
    this.usage.clear()
    this.users.clear()
    this.transactions.clear()
  }

  private async lastDay(entitlementId: number): Promise<number | null> {
    if (!this.lastDays.has(entitlementId)) {
      this.lastDays.set(entitlementId, (await statements(this.db).lastDay.get({ entitlementId }))?.day ?? null)
    }
    return this.lastDays.get(entitlementId)!
  }

  private usageDay(entitlementId: number, accountId: string, day: number): UsageDay {
    const key = `${entitlementId}\u0000${day}`
    let row = this.usage.get(key)
    if (!row) {
      row = {
        entitlementId,
        day,
        accountId,
        peak: 0,
        seatMs: 0,
        granted: 0,
        deniedNoSeat: 0,
        deniedOther: 0,
        deniedHours: 0,
      }
      this.usage.set(key, row)
    }
    return row
  }

  private userDay(entitlementId: number, accountId: string, userEmail: string, day: number): UserDay {
    const key = `${entitlementId}\u0000${userEmail}\u0000${day}`
    let row = this.users.get(key)
    if (!row) {
      row = { entitlementId, userEmail, day, accountId, seatMs: 0, granted: 0, denied: 0 }
      this.users.set(key, row)
    }
    return row
  }
}

/**
 * Counts one web transaction just inserted; call it inside the inserting transaction.
 * `running`: the seats of its entitlement running just before it (the live service counts
 * them; a generator keeps its own count).
 */
export async function countWebTransaction(db: Writer, row: CountedWebTransaction, running: number) {
  const aggregator = new WebAggregator(db)
  await aggregator.add(row, running)
  await aggregator.flush()
}
