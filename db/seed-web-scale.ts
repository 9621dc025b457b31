/**
 * Web licence checkouts at scale for one customer: `npm run db:seed -- --web-checkouts N --customer C`.
 *
 * N checkout requests over the two years before the seed day on the customer's deployed web
 * entitlements (a Shared Web and a Named one, with web users in an 'All Users' group, are
 * created when it has none): weekdays busier than weekends, working hours (UTC) busier than
 * nights, seat lengths sized so the shared seats run out at busy hours (denied 'no-free-seat'),
 * about one request in two hundred from a user without the right to the entitlement, one seat
 * in ten ended by its lease, and a few seats still running. Written in batches, each one
 * transaction with the web usage aggregates (db/web-history.ts). The same (customer, N, seed
 * day) always gives the same history; run it on a customer without web checkouts yet.
 */
import { transact } from './transact'
import { withPageCache } from './bulk-writes'
import { createHash } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { addDays, todayUtc } from '../app/domain/entitlements'
import { namedHolders, WEB_ENTITLEMENT_TYPES } from '../app/domain/web-licenses'
import { PRODUCT_NAME } from '../app/domain/product'
import { DAY_MS } from '../app/domain/utc-day'
import type { Db } from './client'
import { accounts, entitlements, webAssignments, webGroupMembers, webUsers } from './tables'
import { randomSequence } from './seed-usage'
import { insertGeneratedWeb } from './seed-web'
import { WebHistoryWriter, type HistoryPool, type HistoryRequest } from './web-history'

/** Raised whenever the generated history changes, so the bench's cached database is seeded again. */
export const WEB_GENERATOR_VERSION = 1
const YEARS = 2
const BATCH = 20_000
const HOUR_MS = 3_600_000
/** Requests by UTC hour: the working day peaks in the morning and after lunch. */
const HOUR_WEIGHTS = [1, 1, 1, 1, 2, 3, 6, 14, 24, 30, 30, 26, 20, 26, 30, 28, 22, 12, 6, 4, 3, 2, 1, 1]
const WEEKEND_SHARE = 0.12

const seedOf = (text: string) => createHash('sha256').update(text).digest().readUInt32LE(0)

export interface WebScaleOptions {
  customer: string
  checkouts: number
  now?: number
  progress?: (written: number) => void
}

interface Pool extends HistoryPool {
  users: string[]
  outsiders: string[]
  lengthMs: number
}

/** A Shared Web and a Named licence with users, sized for `checkouts` requests. */
async function createWebLicenses(db: Db, customer: string, checkouts: number, now: Date) {
  const perBusyHour = checkouts / (YEARS * 365 * 0.8 * 9)
  const sharedSeats = Math.max(5, Math.round(perBusyHour * 0.7 * 1.5))
  const users = Math.min(2000, Math.max(40, Math.round(sharedSeats * 4)))
  await transact(
    db,
    async (tx) =>
      await insertGeneratedWeb(
        tx,
        customer,
        {
          entitlements: [
            {
              type: 'SHARED_WEB',
              product: `${PRODUCT_NAME} Discovery`,
              seats: sharedSeats,
              start: -YEARS * 365 - 30,
              end: 365,
            },
            {
              type: 'NAMED_USER',
              product: `${PRODUCT_NAME} Mechanical`,
              seats: Math.ceil(users / 4),
              start: -YEARS * 365 - 30,
              end: 365,
            },
          ],
          users: Array.from({ length: users }, (_, i) => ({
            email: `web.user${i + 1}@c${customer}.example`,
            name: `Web User ${i + 1}`,
            role: i === 0 ? ('admin' as const) : ('member' as const),
          })),
          namedHolders: [Math.ceil(users / 4)],
        },
        now,
      ),
  )
}

/** The customer's deployed web entitlements with who may use each. */
async function poolsOf(db: Db, customer: string, today: string, checkouts: number): Promise<Pool[]> {
  const found = await db
    .select()
    .from(entitlements)
    .where(
      and(
        eq(entitlements.accountId, customer),
        inArray(entitlements.type, [...WEB_ENTITLEMENT_TYPES]),
        eq(entitlements.state, 'Deployed'),
      ),
    )
  const users = await db.select().from(webUsers).where(eq(webUsers.accountId, customer))
  const email = new Map(users.map((u) => [u.id, u.email]))
  const pools: Pool[] = []
  for (const e of found) {
    const assigned = await db.select().from(webAssignments).where(eq(webAssignments.entitlementId, e.id))
    const groupIds = assigned.flatMap((a) => (a.groupId === null ? [] : [a.groupId]))
    const members =
      groupIds.length === 0
        ? []
        : await db.select().from(webGroupMembers).where(inArray(webGroupMembers.groupId, groupIds))
    const allowed =
      e.type === 'NAMED_USER'
        ? namedHolders(
            assigned.flatMap((a) => (a.userId === null ? [] : [{ userId: a.userId, endDate: a.endDate }])),
            members.map((m) => m.userId),
            today,
          )
        : new Set(groupIds.length === 0 ? users.map((u) => u.id) : members.map((m) => m.userId))
    const may = users.filter((u) => allowed.has(u.id)).map((u) => email.get(u.id)!)
    if (may.length === 0) continue
    pools.push({
      entitlementId: e.id,
      accountId: customer,
      product: e.product,
      type: e.type as Pool['type'],
      seats: e.quantity,
      users: may,
      outsiders: users.filter((u) => !allowed.has(u.id)).map((u) => u.email),
      lengthMs: 0,
    })
  }
  // Seat lengths: a shared pool's seats run out at the busiest hours of most working days.
  const perBusyHourPerPool = checkouts / pools.length / (YEARS * 365 * 0.8 * 9)
  for (const pool of pools) {
    const fit = pool.type === 'SHARED_WEB' ? ((1.15 * pool.seats) / perBusyHourPerPool) * HOUR_MS : 2 * HOUR_MS
    pool.lengthMs = Math.min(6 * HOUR_MS, Math.max(5 * 60_000, fit))
  }
  return pools
}

export async function seedWebScale(db: Db, options: WebScaleOptions) {
  const { customer, checkouts: total } = options
  if (!Number.isInteger(total) || total < 0) throw new Error(`checkouts must be a whole number, got ${total}`)
  if (!(await db.select().from(accounts).where(eq(accounts.accountId, customer)))[0]) {
    throw new Error(`Customer ${customer} does not exist (seed the demo data or --scale first)`)
  }
  const started = Date.now()
  const now = options.now ?? started
  const today = todayUtc(new Date(now))
  let pools = await poolsOf(db, customer, today, total)
  if (pools.length === 0) {
    await createWebLicenses(db, customer, total, new Date(now))
    pools = await poolsOf(db, customer, today, total)
  }
  const rnd = randomSequence(seedOf(`web:${customer}:${total}:${today}`))

  // Request times: a day (weekends quieter), then an hour by weight; sorted.
  const from = Date.parse(`${addDays(today, -YEARS * 365)}T00:00:00Z`)
  const days = YEARS * 365
  const hourSum = HOUR_WEIGHTS.reduce((a, b) => a + b, 0)
  const hourOf = () => {
    let roll = rnd.next() * hourSum
    for (let h = 0; h < 24; h++) if ((roll -= HOUR_WEIGHTS[h]) <= 0) return h
    return 23
  }
  const times = new Float64Array(total)
  for (let i = 0; i < total; i++) {
    let day: number
    do day = Math.floor(rnd.next() * days)
    while ([0, 6].includes(new Date(from + day * DAY_MS).getUTCDay()) && rnd.next() > WEEKEND_SHARE / 0.4)
    times[i] = Math.min(now - 1000, from + day * DAY_MS + hourOf() * HOUR_MS + Math.floor(rnd.next() * HOUR_MS))
  }
  times.sort()

  // Made in the first batch's transaction: its statements run on the transaction's handle (the same for every batch).
  let writer: WebHistoryWriter | undefined
  const versions = ['2025 R2', '2025 R1', '2024 R2']
  const request = (i: number): HistoryRequest => {
    const poolIndex = Math.floor(rnd.next() * pools.length)
    const pool = pools[poolIndex]
    const outsider = pool.outsiders.length > 0 && rnd.next() < 0.005
    const user = outsider ? rnd.pick(pool.outsiders) : rnd.pick(pool.users)
    // Mostly near the pool's typical length, some much shorter or longer; the last few run on.
    const lengthMs = i >= total - 3 ? now - times[i] + HOUR_MS : pool.lengthMs * -Math.log(1 - rnd.next() * 0.999)
    return {
      at: times[i],
      pool: poolIndex,
      user,
      lengthMs: i < total - 3 ? Math.min(lengthMs, now - 60_000 - times[i]) : lengthMs,
      expires: rnd.next() < 0.1,
      refused: outsider ? (pool.type === 'SHARED_WEB' ? 'not-in-group' : 'not-named-user') : undefined,
      clientHost: `ws-${customer}-${user.length + (i % 50)}`,
      productVersion: rnd.pick(versions),
    }
  }
  const writeBatch = async (first: number, last: number) =>
    await transact(db, async (tx) => {
      writer ??= new WebHistoryWriter(tx, pools, now, `gen-${customer}`)
      for (let i = first; i < last; i++) await writer.request(request(i))
      if (last === total) await writer.finish()
      else await writer.flush()
    })
  // The indexes of a million checkouts outgrow SQLite's default page cache: 64 MB keeps their ends in memory.
  await withPageCache(db, 65_536, async () => {
    if (total === 0) await writeBatch(0, 0)
    for (let first = 0; first < total; first += BATCH) {
      await writeBatch(first, Math.min(first + BATCH, total))
      options.progress?.(Math.min(first + BATCH, total))
    }
  })
  return { customer, ...writer!.written, entitlements: pools.length, ms: Date.now() - started }
}
