/**
 * Web Reporting (POST /web/report) against a brute force from the checkouts and transactions
 * themselves: every day's seats, peak, seat hours and denials, the period's utilisation and days
 * at full use, and the top users' hours, on the demo history (Acme) and on a generated set of
 * 20,000 checkout requests (Cobalt Energy). The report reads the per-day aggregates; this test
 * reads nothing of them.
 */
import { sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayUtc } from '../../app/domain/entitlements'
import { seedWebScale } from '../../db/seed-web-scale'
import { truncated } from '../../db/dialect'
import { rawAll } from '../../db/raw'
import type { WebReport } from '../../api/contract/web-report'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { apiClient, startTestServer, type TestServer } from './support/server'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const dayOf = (ms: number) => Math.floor(ms / DAY)
const dayText = (day: number) => new Date(day * DAY).toISOString().slice(0, 10)

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

const all = <T>(query: SQL) => rawAll<T>(server.db, query)

interface Entitlement {
  id: number
  activation_id: string
  quantity: number
  start_date: string
  end_date: string | null
}
interface Interval {
  user: string
  start: number
  end: number
}

/** The seats of an entitlement as intervals; a seat not ended runs to now, or to its lease's end when that has passed. */
async function intervals(entitlementId: number, now: number): Promise<Interval[]> {
  return (
    await all<{ user_email: string; started_at: number; ended_at: number | null; lease_expires_at: number }>(
      sql`SELECT user_email, started_at, ended_at, lease_expires_at FROM web_checkouts WHERE entitlement_id = ${entitlementId}`,
    )
  ).map((s) => ({
    user: s.user_email.toLowerCase(),
    start: s.started_at,
    end: s.ended_at ?? Math.min(now, s.lease_expires_at),
  }))
}

/** The most seats in use at once during a day, counting those running into it; an end frees its seat before a start at the same time takes one. */
function peakOfDay(seats: readonly Interval[], day: number): number {
  const from = day * DAY
  const to = from + DAY
  let level = seats.filter((s) => s.start < from && s.end > from).length
  let peak = level
  const events = seats
    .flatMap((s) => [
      ...(s.start >= from && s.start < to ? [{ t: s.start, change: 1 }] : []),
      ...(s.end >= from && s.end < to && s.start < s.end ? [{ t: s.end, change: -1 }] : []),
    ])
    .sort((a, b) => a.t - b.t || a.change - b.change)
  for (const e of events) {
    level += e.change
    peak = Math.max(peak, level)
  }
  return peak
}

const overlap = (s: Interval, from: number, to: number) => Math.max(0, Math.min(s.end, to) - Math.max(s.start, from))
const roundHours = (ms: number) => Math.round((ms / HOUR) * 100) / 100

/** The report's figures of one entitlement, worked out from its checkouts and transactions. */
async function bruteForceEntitlement(e: Entitlement, fromDay: number, toDay: number, now: number) {
  const seats = await intervals(e.id, now)
  const denials = await all<{ at: number; reason: string }>(
    sql`SELECT at, reason FROM web_transactions WHERE entitlement_id = ${e.id} AND outcome = 'denied'`,
  )
  const termStart = Date.parse(`${e.start_date}T00:00:00Z`)
  const termEnd = e.end_date === null ? Infinity : Date.parse(`${e.end_date}T00:00:00Z`)
  const days = []
  let usedMs = 0
  let availableMs = 0
  let fullUseDays = 0
  for (let day = fromDay; day <= toDay; day++) {
    const from = day * DAY
    const inTerm = from >= termStart && from <= termEnd
    const seatMs = seats.reduce((sum, s) => sum + overlap(s, from, from + DAY), 0)
    const peak = peakOfDay(seats, day)
    const ofDay = denials.filter((d) => dayOf(d.at) === day)
    const noSeat = ofDay.filter((d) => d.reason === 'no-free-seat')
    if (inTerm) {
      usedMs += seatMs
      availableMs += e.quantity * DAY
      if (peak >= e.quantity) fullUseDays++
    }
    days.push({
      date: dayText(day),
      seats: inTerm ? e.quantity : 0,
      peak,
      seatMs,
      deniedNoSeat: noSeat.length,
      deniedOther: ofDay.length - noSeat.length,
      denialHours: new Set(noSeat.map((d) => new Date(d.at).getUTCHours())).size,
    })
  }
  return { days, utilisation: availableMs > 0 ? usedMs / availableMs : null, fullUseDays }
}

/** Hours and checkouts per user over the period, on the given entitlements. */
async function bruteForceUsers(ids: number[], fromDay: number, toDay: number, now: number) {
  const users = new Map<string, { ms: number; checkouts: number }>()
  const from = fromDay * DAY
  const to = (toDay + 1) * DAY
  for (const id of ids) {
    for (const s of await intervals(id, now)) {
      const u = users.get(s.user) ?? { ms: 0, checkouts: 0 }
      u.ms += overlap(s, from, to)
      if (s.start >= from && s.start < to) u.checkouts++
      users.set(s.user, u)
    }
  }
  return users
}

async function expectReportMatches(customer: string, email: string, fromDay: number, toDay: number) {
  const api = apiClient(server.url, await getAccessToken(server.url, email))
  const reply = await api.post<WebReport>('/web/report', {
    customerNumber: customer,
    from: dayText(fromDay),
    to: dayText(toDay),
  })
  expect(reply.http, JSON.stringify(reply.body)).toBe(200)
  const now = Date.now()
  const report = reply.body.data!
  const list = await all<Entitlement>(
    sql`SELECT id, activation_id, ${truncated(sql`quantity`)} AS quantity, start_date, end_date FROM entitlements
     WHERE account_id = ${customer} AND type IN ('SHARED_WEB', 'NAMED_USER')`,
  )
  expect(report.entitlements.map((e) => e.activationId).sort()).toEqual(list.map((e) => e.activation_id).sort())
  let used = 0
  for (const e of list) {
    const shown = report.entitlements.find((r) => r.activationId === e.activation_id)!
    const expected = await bruteForceEntitlement(e, fromDay, toDay, now)
    expect(shown.days.map(({ seatHours: _, ...d }) => d)).toEqual(expected.days.map(({ seatMs: _, ...d }) => d))
    // A seat still running grows between the report and this count: a hundredth of an hour is the rounding.
    shown.days.forEach((d, i) =>
      expect(Math.abs(d.seatHours - roundHours(expected.days[i].seatMs)), d.date).toBeLessThanOrEqual(0.01),
    )
    expect(shown.fullUseDays).toBe(expected.fullUseDays)
    if (expected.utilisation === null) expect(shown.utilisation).toBeNull()
    else expect(shown.utilisation).toBeCloseTo(expected.utilisation, 4)
    used += shown.days.reduce((sum, d) => sum + d.peak, 0)
  }
  expect(used, 'the period has some use').toBeGreaterThan(0)

  const users = await bruteForceUsers(
    list.map((e) => e.id),
    fromDay,
    toDay,
    now,
  )
  expect(report.topUsers.length).toBeGreaterThan(0)
  for (const u of report.topUsers) {
    const expected = users.get(u.email)!
    expect(u.checkouts, u.email).toBe(expected.checkouts)
    expect(Math.abs(u.hours - roundHours(expected.ms)), u.email).toBeLessThanOrEqual(0.01)
  }
  const highest = [...users.values()].map((u) => u.ms).sort((a, b) => b - a)
  expect(report.topUsers.map((u) => roundHours(users.get(u.email)!.ms))).toEqual(
    highest.slice(0, report.topUsers.length).map(roundHours),
  )
}

describe('the report against a brute force from the checkouts', () => {
  it('agrees on the demo history of Acme, day by day over its 90 days and today', async () => {
    const today = dayOf(Date.parse(`${todayUtc()}T00:00:00Z`))
    await expectReportMatches('1000001', 'admin@acme.example', today - 95, today)
  })

  it('agrees on a generated set of 20,000 checkout requests, over the last year', async () => {
    const added = await seedWebScale(server.db, { customer: '1000003', checkouts: 20_000 })
    expect(added.denied).toBeGreaterThan(0)
    const today = dayOf(Date.parse(`${todayUtc()}T00:00:00Z`))
    await expectReportMatches('1000003', 'partner@channel.example', today - 364, today)
    // And over a stretch of the year before, where the history begins.
    const start = dayOf(Date.parse(`${addDays(todayUtc(), -730)}T00:00:00Z`))
    await expectReportMatches('1000003', 'partner@channel.example', start - 3, start + 60)
  }, 120_000)
})
