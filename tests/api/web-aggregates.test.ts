/**
 * The web usage aggregates (web_usage_days, web_user_days, web_transaction_days) equal a
 * brute-force computation from web_transactions and web_checkouts: on the demo history, on a
 * generated set, and after the service's own calls over HTTP (a seat taken days ago through
 * the service's write, returned across day boundaries, one expired by a checkout and one by
 * the sweep, a denial for want of a seat).
 */
import { transact } from '../../db/transact'
import { randomUUID } from 'node:crypto'
import { sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayUtc } from '../../app/domain/entitlements'
import { LEASE_MS } from '../../app/domain/web-seats'
import { insertCheckout, recordWebTransaction } from '../../api/web-records'
import { sweepExpiredLeases } from '../../api/web-lease-sweep'
import { first } from '../../db/query'
import { rawAll, rawRun } from '../../db/raw'
import { entitlements } from '../../db/tables'
import { demoWebUsers } from '../../db/seed-web'
import { seedWebScale } from '../../db/seed-web-scale'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { apiClient, startTestServer, type TestServer } from './support/server'

const ACME = '1000001'
const DAY = 86_400_000
const dayOf = (ms: number) => Math.floor(ms / DAY)

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

const all = <T>(query: SQL) => rawAll<T>(server.db, query)

interface Tx {
  id: number
  account_id: string
  entitlement_id: number | null
  user_email: string
  outcome: string
  reason: string
  at: number
}
interface Seat {
  id: number
  entitlement_id: number
  user_email: string
  started_at: number
  ended_at: number | null
}

type Table = Map<string, Record<string, number>>

/** Adds to a row of a table, creating it with zeros. */
function bump(table: Table, key: string, field: string, by: number, zero: Record<string, number>) {
  let row = table.get(key)
  if (!row) table.set(key, (row = { ...zero }))
  row[field] += by
}

/** Each day's part of [start, end). */
function* perDay(start: number, end: number) {
  for (let from = start; from < end;) {
    const to = Math.min(end, (dayOf(from) + 1) * DAY)
    yield { day: dayOf(from), ms: to - from }
    from = to
  }
}

const USAGE_ZERO = { peak: 0, seat_ms: 0, granted: 0, denied_no_seat: 0, denied_other: 0, denied_hours: 0 }
const USER_ZERO = { seat_ms: 0, granted: 0, denied: 0 }

/** The three tables as worked out from every transaction and checkout. */
async function bruteForce() {
  const txs = await all<Tx>(sql`SELECT * FROM web_transactions`)
  const seats = await all<Seat>(sql`SELECT * FROM web_checkouts`)
  const usage: Table = new Map()
  const users: Table = new Map()
  const days: Table = new Map()
  for (const t of txs) {
    bump(days, `${t.account_id}|${dayOf(t.at)}|${t.outcome}`, 'n', 1, { n: 0 })
    if (t.entitlement_id === null) continue
    const u = `${t.entitlement_id}|${dayOf(t.at)}`
    const ud = `${t.entitlement_id}|${t.user_email}|${dayOf(t.at)}`
    if (t.outcome === 'granted') {
      bump(usage, u, 'granted', 1, USAGE_ZERO)
      bump(users, ud, 'granted', 1, USER_ZERO)
    } else if (t.outcome === 'denied') {
      bump(users, ud, 'denied', 1, USER_ZERO)
      if (t.reason === 'no-free-seat') {
        bump(usage, u, 'denied_no_seat', 1, USAGE_ZERO)
        usage.get(u)!.denied_hours |= 1 << new Date(t.at).getUTCHours()
      } else bump(usage, u, 'denied_other', 1, USAGE_ZERO)
    }
  }
  for (const s of seats) {
    if (s.ended_at === null) continue
    for (const { day, ms } of perDay(s.started_at, s.ended_at)) {
      bump(usage, `${s.entitlement_id}|${day}`, 'seat_ms', ms, USAGE_ZERO)
      bump(users, `${s.entitlement_id}|${s.user_email}|${day}`, 'seat_ms', ms, USER_ZERO)
    }
  }
  // Peak: seats in use at once, from the intervals; a day without a change has the seats running
  // through it. Ends come before starts at the same time; a denial changes nothing.
  const events = new Map<number, { t: number; kind: number; id: number }[]>()
  const add = (entitlement: number, e: { t: number; kind: number; id: number }) => {
    if (!events.has(entitlement)) events.set(entitlement, [])
    events.get(entitlement)!.push(e)
  }
  for (const s of seats) {
    add(s.entitlement_id, { t: s.started_at, kind: 2, id: s.id })
    if (s.ended_at !== null) add(s.entitlement_id, { t: s.ended_at, kind: 0, id: s.id })
  }
  for (const t of txs)
    if (t.outcome === 'denied' && t.entitlement_id !== null) add(t.entitlement_id, { t: t.at, kind: 1, id: t.id })
  for (const [entitlement, list] of events) {
    list.sort((a, b) => a.t - b.t || a.kind - b.kind || a.id - b.id)
    let level = 0
    let last: number | null = null
    const peakAt = (day: number, n: number) => {
      if (n === 0) return
      const key = `${entitlement}|${day}`
      bump(usage, key, 'peak', 0, USAGE_ZERO)
      usage.get(key)!.peak = Math.max(usage.get(key)!.peak, n)
    }
    for (const e of list) {
      const day = dayOf(e.t)
      if (last !== null) for (let d = last + 1; d <= day; d++) peakAt(d, level)
      last = last === null ? day : Math.max(last, day)
      if (e.kind === 2) peakAt(day, ++level)
      else if (e.kind === 0) level--
    }
  }
  return { usage, users, days }
}

const seatStart = async (checkoutId: string) =>
  (await all<{ started_at: number }>(sql`SELECT started_at FROM web_checkouts WHERE checkout_id = ${checkoutId}`))[0]
    .started_at

const nonZero = (table: Table) =>
  Object.fromEntries([...table].filter(([, row]) => Object.values(row).some((v) => v !== 0)).sort())

async function stored() {
  const usage: Table = new Map()
  for (const r of await all<Record<string, number>>(sql`SELECT * FROM web_usage_days`)) {
    const { entitlement_id, day, account_id: _a, ...rest } = r
    usage.set(`${entitlement_id}|${day}`, rest)
  }
  const users: Table = new Map()
  for (const r of await all<Record<string, number | string>>(sql`SELECT * FROM web_user_days`)) {
    const { entitlement_id, user_email, day, account_id: _a, ...rest } = r
    users.set(`${entitlement_id}|${user_email}|${day}`, rest as Record<string, number>)
  }
  const days: Table = new Map()
  for (const r of await all<{ account_id: string; day: number; outcome: string; n: number }>(
    sql`SELECT * FROM web_transaction_days`,
  )) {
    days.set(`${r.account_id}|${r.day}|${r.outcome}`, { n: r.n })
  }
  return { usage, users, days }
}

async function expectAggregatesMatch() {
  const expected = await bruteForce()
  const actual = await stored()
  expect(nonZero(actual.days)).toEqual(nonZero(expected.days))
  expect(nonZero(actual.users)).toEqual(nonZero(expected.users))
  expect(nonZero(actual.usage)).toEqual(nonZero(expected.usage))
}

// The generated set and the three brute-force checks over it take seconds; more on a busy machine.
describe('web usage aggregates', () => {
  it('equal the demo history’s transactions and checkouts', async () => {
    const [discovery] = await all<{ peak: number; denied: number }>(sql`
      SELECT max(u.peak) AS peak, sum(CASE WHEN u.denied_no_seat > 0 THEN 1 ELSE 0 END) AS denied FROM web_usage_days u
      JOIN entitlements e ON e.id = u.entitlement_id WHERE e.account_id = '1000001' AND e.product = 'Ansys Discovery'`)
    // Discovery is all in use at busy hours and refuses checkouts on some days.
    expect(discovery.peak).toBe(10)
    expect(discovery.denied).toBeGreaterThan(0)
    await expectAggregatesMatch()
  })

  it('equal a generated set of 20,000 checkouts', async () => {
    const added = await seedWebScale(server.db, { customer: '1000003', checkouts: 20_000 })
    expect(added.checkouts + added.denied).toBe(20_000)
    expect(added.denied).toBeGreaterThan(0)
    await expectAggregatesMatch()
  }, 120_000)

  it('follow the service’s calls over HTTP, across day boundaries, expiries and denials', async () => {
    const api = apiClient(server.url, await getAccessToken(server.url, 'weblicense@vendor.example'))
    const today = todayUtc()
    const product = 'Ansys Aggregate Probe'
    const entitlementId = (await first(
      server.db
        .insert(entitlements)
        .values({
          activationId: 'WEB-AGGREGATE-PROBE',
          accountId: ACME,
          type: 'SHARED_WEB',
          state: 'Deployed',
          entitlementName: `${product} Lease`,
          product,
          productName: `${product} - Web`,
          licenseModel: 'Shared Web',
          count: 2,
          quantity: 2,
          startDate: addDays(today, -10),
          endDate: addDays(today, 100),
          createdAt: Date.now(),
        })
        .returning({ id: entitlements.id }),
    ))!.id
    const [adam, vera, lena] = demoWebUsers(ACME).map((u) => u.email)
    const now = Date.now()
    // Seats taken days ago, written as the service writes a grant: one still heartbeating, two
    // whose heartbeats stopped (one lease ended yesterday, one this morning).
    const take = (email: string, startedAt: number, leaseExpiresAt: number) =>
      transact(server.db, async (tx) => {
        const checkoutId = randomUUID()
        await insertCheckout(tx, {
          checkoutId,
          accountId: ACME,
          entitlementId,
          userId: null,
          userEmail: email,
          clientHost: 'probe',
          productVersion: '2025 R2',
          startedAt,
          lastHeartbeatAt: leaseExpiresAt - LEASE_MS,
          leaseExpiresAt,
          endedAt: null,
          endReason: null,
        })
        await recordWebTransaction(tx, {
          accountId: ACME,
          entitlementId,
          checkoutId,
          product,
          userEmail: email,
          outcome: 'granted',
          reason: '',
          at: startedAt,
          durationMs: null,
          clientHost: 'probe',
          productVersion: '2025 R2',
        })
        return checkoutId
      })
    const dayStart = dayOf(now) * DAY
    const held = await take(adam, dayStart - 2 * DAY - 2 * 3_600_000, now + LEASE_MS)
    await take(vera, dayStart - 2 * DAY + 19 * 3_600_000, dayStart - DAY + 3_600_000)
    await expectAggregatesMatch()

    // The checkout first ends Vera's stale seat (yesterday), then takes the second seat.
    const granted = await api.post<{ outcome: string; checkoutId: string }>('/web/checkout', {
      customerNumber: ACME,
      email: lena,
      product,
    })
    expect(granted.body.data?.outcome).toBe('granted')
    const denied = await api.post<{ outcome: string; reason: string }>('/web/checkout', {
      customerNumber: ACME,
      email: vera,
      product,
    })
    expect(denied.body.data).toMatchObject({ outcome: 'denied', reason: 'no-free-seat' })
    await expectAggregatesMatch()

    // Adam's seat, held over three days, is returned; Lena's product stopped heartbeating a second in, and the sweep ends her seat.
    const returned = await api.post('/web/checkin', { checkoutId: held })
    expect(returned.http).toBe(200)
    const lenaEnd = (await seatStart(granted.body.data!.checkoutId)) + 1000
    await rawRun(
      server.db,
      sql`UPDATE web_checkouts SET lease_expires_at = ${lenaEnd} WHERE checkout_id = ${granted.body.data!.checkoutId}`,
    )
    expect(await sweepExpiredLeases(server.db, Math.max(Date.now(), lenaEnd))).toBe(1)
    await expectAggregatesMatch()

    const probe = await all<{ day: number; peak: number; seat_ms: number; denied_no_seat: number }>(
      sql`SELECT day, peak, seat_ms, denied_no_seat FROM web_usage_days WHERE entitlement_id = ${entitlementId} ORDER BY day`,
    )
    // Adam from 22:00 three days ago, Vera from 19:00 two days ago to 01:00 yesterday, Lena today.
    const d = dayOf(now)
    expect(probe.map((r) => [r.day - d, r.peak])).toEqual([
      [-3, 1],
      [-2, 2],
      [-1, 2],
      [0, 2],
    ])
    expect(probe[0].seat_ms).toBe(2 * 3_600_000)
    expect(probe[1].seat_ms).toBe(DAY + 5 * 3_600_000)
    expect(probe[3].denied_no_seat).toBe(1)
  }, 120_000)
})
