/**
 * Web Reporting (POST /web/report) on a copy of the demo data: the figures read from the stored
 * days (utilisation, full use, denial hours, the verdict, top users and groups, idle named seats),
 * and the same figures against a brute force from the web transactions the service writes over
 * HTTP; who may read it and bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { mapInOrder } from '../../db/in-order'
import { first } from '../../db/query'
import { rawAll } from '../../db/raw'
import { webAssignments, webTransactions, webUsageDays, webUserDays, webUsers } from '../../db/tables'
import { addDays, todayUtc } from '../../app/domain/entitlements'
import { demoWebUsers } from '../../db/seed-web'
import { dayNumber } from '../../app/domain/web-report'
import type { WebReport } from '../../api/contract/web-report'
import type { HomeWeb } from '../../app/domain/home-summary'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { apiClient, startTestServer, type TestServer } from './support/server'
import { insertWebPool, type WebPool } from './support/web-pools'

const ACME = '1000001'
const HOUR = 3_600_000
const DAY = 24 * HOUR
const ACME_USERS = demoWebUsers(ACME).map((u) => u.email)
/** In the Design group (db/seed-web.ts: users 4 to 13). */
const AMELIA = ACME_USERS[4]
const ADAM = ACME_USERS[0]

let server: TestServer
let admin: ReturnType<typeof apiClient>
let service: ReturnType<typeof apiClient>

beforeAll(async () => {
  server = await startTestServer()
  admin = apiClient(server.url, await getAccessToken(server.url, 'admin@acme.example'))
  service = apiClient(server.url, await getAccessToken(server.url, 'weblicense@vendor.example'))
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

let pools = 0
function pool(type: WebPool['type'], seats: number) {
  pools++
  const product = `Ansys Report Probe ${pools}`
  return insertWebPool(server.db, {
    accountId: ACME,
    type,
    product,
    activationId: `WEB-REPORT-PROBE-${pools}`,
    seats,
    start: -40,
  })
}

async function report(input: Record<string, unknown>) {
  const reply = await admin.post<WebReport>('/web/report', { customerNumber: ACME, ...input })
  expect(reply.http, JSON.stringify(reply.body)).toBe(200)
  return reply.body.data!
}

describe('the report from the stored days', () => {
  it('gives utilisation, full use, denial hours, the verdict and the top users and groups', async () => {
    const p = await pool('SHARED_WEB', 4)
    const today = todayUtc()
    const t = dayNumber(today)
    const day = async (n: number, fields: Partial<typeof webUsageDays.$inferInsert>) => {
      await server.db.insert(webUsageDays).values({ entitlementId: p.id, accountId: ACME, day: t - n, ...fields })
    }
    await day(3, { peak: 2, seatMs: 24 * HOUR, granted: 3 })
    await day(2, { peak: 4, seatMs: 48 * HOUR, granted: 5, deniedNoSeat: 2, deniedHours: (1 << 9) | (1 << 14) })
    await day(1, { peak: 4, seatMs: 24 * HOUR, granted: 4, deniedOther: 1 })
    const user = async (email: string, n: number, ms: number) => {
      await server.db
        .insert(webUserDays)
        .values({ entitlementId: p.id, accountId: ACME, userEmail: email, day: t - n, seatMs: ms, granted: 1 })
    }
    await user(AMELIA, 2, 30 * HOUR)
    await user(ADAM, 2, 18 * HOUR)
    await user(ADAM, 3, 24 * HOUR)

    const r = await report({ activationId: p.activationId, from: addDays(today, -3), to: addDays(today, -1) })
    expect(r.choices.map((c) => c.activationId)).toContain(p.activationId)
    expect(r.entitlements).toHaveLength(1)
    const e = r.entitlements[0]
    expect(e.days.map((d) => [d.date, d.seats, d.peak, d.seatHours, d.denialHours])).toEqual([
      [addDays(today, -3), 4, 2, 24, 0],
      [addDays(today, -2), 4, 4, 48, 2],
      [addDays(today, -1), 4, 4, 24, 0],
    ])
    expect(e.utilisation).toBe(96 / (3 * 4 * 24))
    expect([e.fullUseDays, e.deniedDays, e.denialHours, e.deniedNoSeat, e.deniedOther]).toEqual([2, 1, 2, 2, 1])
    expect(e.verdict).toEqual({ kind: 'denied', text: 'Denied on 1 of the last 30 days: consider more seats' })
    expect(e.periodVerdict.text).toBe('Denied on 1 of the 3 days: consider more seats')
    expect(r.topUsers.map((u) => [u.email, u.hours])).toEqual([
      [ADAM, 42],
      [AMELIA, 30],
    ])
    const design = r.topGroups.find((g) => g.name === 'Design')
    expect(design?.hours).toBe(30)
    expect(r.topGroups.find((g) => g.name === 'All Users')?.hours).toBe(72)
  })

  it('names the holders of a named entitlement who have not used it in 30, 60 or 90 days', async () => {
    const p = await pool('NAMED_USER', 5)
    const t = dayNumber(todayUtc())
    const ids = await mapInOrder(
      [0, 1, 2, 3],
      async (i) =>
        (await first(
          server.db
            .select({ id: webUsers.id })
            .from(webUsers)
            .where(and(eq(webUsers.accountId, ACME), eq(webUsers.email, ACME_USERS[i]))),
        ))!.id,
    )
    for (const userId of ids)
      await server.db
        .insert(webAssignments)
        .values({ entitlementId: p.id, userId, assignedBy: 'admin@acme.example', createdAt: Date.now() })
    const used = async (i: number, daysAgo: number) => {
      await server.db
        .insert(webUserDays)
        .values({ entitlementId: p.id, accountId: ACME, userEmail: ACME_USERS[i], day: t - daysAgo, granted: 1 })
    }
    await used(0, 5)
    await used(1, 45)
    await used(2, 95)
    const r = await report({ activationId: p.activationId, from: addDays(todayUtc(), -6), to: todayUtc() })
    const named = r.entitlements[0].named!
    expect([named.holders, named.idle30, named.idle60, named.idle90]).toEqual([4, 3, 2, 2])
    expect(named.idle.map((s) => [s.email, s.lastUsed, s.idleDays])).toEqual([
      [ACME_USERS[3], null, null],
      [ACME_USERS[2], addDays(todayUtc(), -95), 95],
      [ACME_USERS[1], addDays(todayUtc(), -45), 45],
    ])
  })
})

interface Interval {
  start: number
  end: number
}

/** The reference: the most intervals open at once within a day, and their time within it. */
function bruteForceDay(intervals: Interval[], dayStart: number) {
  const dayEnd = dayStart + DAY
  const within = intervals
    .map((i) => ({ start: Math.max(i.start, dayStart), end: Math.min(i.end, dayEnd) }))
    .filter((i) => i.end > i.start || (i.start === i.end && i.start >= dayStart && i.start < dayEnd))
  let peak = 0
  for (const at of within.map((i) => i.start)) {
    peak = Math.max(peak, within.filter((i) => i.start <= at && at < Math.max(i.end, i.start + 1)).length)
  }
  return { peak, ms: within.reduce((sum, i) => sum + (i.end - i.start), 0) }
}

describe('the report against the web transactions', () => {
  it('has the peak, seat time and denials a brute force finds in the transactions', async () => {
    const p = await pool('SHARED_WEB', 2)
    const checkout = (email: string) =>
      service.post<{ outcome: string; checkoutId?: string }>('/web/checkout', {
        customerNumber: ACME,
        email,
        product: p.product,
      })
    const checkin = (checkoutId: string) => service.post('/web/checkin', { customerNumber: ACME, checkoutId })
    const a = await checkout(ACME_USERS[0])
    const b = await checkout(ACME_USERS[1])
    const refused = await checkout(ACME_USERS[2])
    expect([a.body.data?.outcome, b.body.data?.outcome, refused.body.data?.outcome]).toEqual([
      'granted',
      'granted',
      'denied',
    ])
    await checkin(a.body.data!.checkoutId!)
    const c = await checkout(ACME_USERS[2])
    await checkin(b.body.data!.checkoutId!)
    await checkin(c.body.data!.checkoutId!)

    const rows = await server.db.select().from(webTransactions).where(eq(webTransactions.entitlementId, p.id))
    const intervals = rows
      .filter((r) => r.outcome === 'returned' || r.outcome === 'expired')
      .map((r) => ({ start: r.at - (r.durationMs ?? 0), end: r.at }))
    const today = todayUtc()
    const reference = bruteForceDay(intervals, Date.parse(`${today}T00:00:00Z`))
    const denials = rows.filter((r) => r.outcome === 'denied' && r.reason === 'no-free-seat')
    const hours = new Set(denials.map((r) => new Date(r.at).getUTCHours()))

    const r = await report({ activationId: p.activationId, from: today, to: today })
    const e = r.entitlements[0]
    expect(e.days[0].peak).toBe(reference.peak)
    expect(e.peak).toBe(2)
    expect(e.seatHours).toBe(Math.round((reference.ms / HOUR) * 100) / 100)
    expect([e.deniedNoSeat, e.denialHours]).toEqual([denials.length, hours.size])
    expect(e.verdict.text).toBe('Denied on 1 of the last 30 days: consider more seats')
  })
})

describe('the Home card', () => {
  it('shows each web entitlement with the verdict of the report, and the seats in use now', async () => {
    const today = todayUtc()
    const home = await admin.post<{ web: HomeWeb | null }>('/home/summary', { customerNumber: ACME })
    expect(home.http).toBe(200)
    const web = home.body.data!.web!
    const r = await report({ from: today, to: today })
    expect(web.entitlements.map((e) => [e.activationId, e.seats, e.inUse, e.verdict])).toEqual(
      r.entitlements.map((e) => [e.activationId, e.seats, e.inUseNow, e.verdict]),
    )
    expect(web.inUse).toBe(r.entitlements.reduce((sum, e) => sum + e.inUseNow, 0))
    const [denied] = await rawAll<{ n: number }>(
      server.db,
      sql`SELECT count(*) AS n FROM web_transactions WHERE account_id = ${ACME} AND outcome = 'denied' AND at >= ${Date.parse(`${addDays(today, -6)}T00:00:00Z`)}`,
    )
    expect(web.deniedLast7).toBe(denied.n)
  })
})

describe('who may read the report, and bad input', () => {
  it('refuses a customer the user may not see, and a period the wrong way round', async () => {
    const borealis = apiClient(server.url, await getAccessToken(server.url, 'marta.lindqvist@borealis.example'))
    const today = todayUtc()
    const other = await borealis.post('/web/report', { customerNumber: ACME, from: today, to: today })
    expect(other.http).toBe(403)
    const backwards = await admin.post('/web/report', { customerNumber: ACME, from: today, to: addDays(today, -1) })
    expect(backwards.http).toBe(400)
    const unknown = await admin.post('/web/report', {
      customerNumber: ACME,
      from: today,
      to: today,
      activationId: 'NO-SUCH',
    })
    expect(unknown.http).toBe(404)
  })

  it('lets a view-only user read it', async () => {
    const viewer = apiClient(server.url, await getAccessToken(server.url, 'viewer@acme.example'))
    const today = todayUtc()
    const reply = await viewer.post<WebReport>('/web/report', { customerNumber: ACME, from: today, to: today })
    expect(reply.http).toBe(200)
    expect(reply.body.data?.choices.length).toBeGreaterThanOrEqual(4)
  })
})
