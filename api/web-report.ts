/**
 * API: Web Reporting. Reads the per-day aggregates (web_usage_days, web_user_days) of the
 * customer's web entitlements, the seats still running (their time so far is in no aggregate
 * yet) and the named seat holders; the figures and the verdict follow app/domain/web-report.
 */
import { truncated } from '../db/dialect'
import { rawAll } from '../db/raw'
import { mapInOrder } from '../db/in-order'
import { and, between, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { prepared } from '../db/query'
import {
  entitlements,
  webCheckouts,
  webGroupMembers,
  webGroups,
  webTransactionDays,
  webUsageDays,
  webUserDays,
  webUsers,
} from '../db/tables'
import type { HomeWeb } from '../app/domain/home-summary'
import { todayUtc } from '../app/domain/entitlements'
import { WEB_ENTITLEMENT_TYPES, type WebEntitlementType } from '../app/domain/web-licenses'
import {
  dailySeries,
  dayNumber,
  idleSeats,
  periodText,
  reportFigures,
  verdict,
  VERDICT_DAYS,
  type RunningSeat,
  type UsageDayRow,
} from '../app/domain/web-report'
import { DAY_MS, formatDay } from '../app/domain/utc-day'
import type { CallTable } from './call-table'
import { webReportCalls as declared, type WebEntitlementReport, type WebReport } from './contract/web-report'
import type { ParsedInput } from './contract/define'
import type { Account } from './access'
import { notFound } from './envelope'
import { preparedPerDb } from './prepared'
import { holderIdsSql, webAccess } from './web-store'
import type { ApiDeps } from './index'

const HOUR_MS = 3_600_000
const TOP = 10
const hours = (ms: number) => Math.round((ms / HOUR_MS) * 100) / 100

interface Entitlement {
  id: number
  activationId: string
  productName: string
  type: WebEntitlementType
  quantity: number
  startDate: string
  endDate: string | null
}

interface Running extends RunningSeat {
  entitlementId: number
  userEmail: string
  leaseExpiresAt: number
}

/**
 * The reads of every report and of the Home card, prepared once per database (api/prepared.ts):
 * the Home page runs them on every view. Each day, last-day and running-seat read is one index
 * seek per entitlement.
 */
const reportStatements = preparedPerDb((db) => {
  const e = entitlements
  const d = webUsageDays
  const c = webCheckouts
  const t = webTransactionDays
  return {
    entitlements: prepared(
      db
        .select({
          id: e.id,
          activationId: e.activationId,
          productName: e.productName,
          type: e.type,
          quantity: truncated(e.quantity),
          startDate: e.startDate,
          endDate: e.endDate,
        })
        .from(e)
        .where(and(eq(e.accountId, sql.placeholder('accountId')), inArray(e.type, [...WEB_ENTITLEMENT_TYPES])))
        .orderBy(e.productName, e.activationId),
    ),
    days: prepared(
      db
        .select({
          day: d.day,
          peak: d.peak,
          seatMs: d.seatMs,
          deniedNoSeat: d.deniedNoSeat,
          deniedOther: d.deniedOther,
          deniedHours: d.deniedHours,
        })
        .from(d)
        .where(
          and(
            eq(d.entitlementId, sql.placeholder('id')),
            between(d.day, sql.placeholder('from'), sql.placeholder('to')),
          ),
        ),
    ),
    lastDay: prepared(
      db
        .select({ day: sql<number | null>`max(${d.day})` })
        .from(d)
        .where(eq(d.entitlementId, sql.placeholder('id'))),
    ),
    running: prepared(
      db
        .select({ userEmail: c.userEmail, startedAt: c.startedAt, leaseExpiresAt: c.leaseExpiresAt })
        .from(c)
        .where(and(eq(c.entitlementId, sql.placeholder('id')), isNull(c.endedAt))),
    ),
    denied: prepared(
      db
        .select({ denied: sql<number>`coalesce(sum(${t.n}), 0)` })
        .from(t)
        .where(
          and(
            eq(t.accountId, sql.placeholder('accountId')),
            eq(t.outcome, 'denied'),
            between(t.day, sql.placeholder('from'), sql.placeholder('to')),
          ),
        ),
    ),
  }
})

async function reportEntitlements(db: Db, accountId: string): Promise<Entitlement[]> {
  return (await reportStatements(db).entitlements.all({ accountId })) as Entitlement[]
}

/** The stored days of the entitlements from fromDay to toDay, per entitlement. */
async function storedDays(db: Db, ids: number[], fromDay: number, toDay: number): Promise<Map<number, UsageDayRow[]>> {
  const { days } = reportStatements(db)
  return new Map(await mapInOrder(ids, async (id) => [id, await days.all({ id, from: fromDay, to: toDay })] as const))
}

/** Each entitlement's last stored day. */
async function lastStoredDays(db: Db, ids: number[]): Promise<Map<number, number>> {
  const { lastDay } = reportStatements(db)
  const last = new Map<number, number>()
  for (const id of ids) {
    const day = (await lastDay.get({ id }))?.day
    if (day !== null && day !== undefined) last.set(id, day)
  }
  return last
}

/** The checkouts not ended yet; a lease past its end is expired at that end (by the next sweep or service call). */
async function runningSeats(db: Db, ids: number[], now: number): Promise<Running[]> {
  const { running } = reportStatements(db)
  const perEntitlement = await mapInOrder(ids, async (entitlementId) =>
    (await running.all({ id: entitlementId })).map((r) => ({
      ...r,
      entitlementId,
      endsAt: Math.min(now, r.leaseExpiresAt),
    })),
  )
  return perEntitlement.flat()
}

/** Milliseconds of [start, end) within the days fromDay..toDay. */

const withinDays = (start: number, end: number, fromDay: number, toDay: number) =>
  Math.max(0, Math.min(end, (toDay + 1) * DAY_MS) - Math.max(start, fromDay * DAY_MS))

export async function webReport(
  db: Db,
  account: Account,
  input: ParsedInput<typeof declared.report>,
  now: number,
): Promise<WebReport> {
  const today = todayUtc(new Date(now))
  const todayDay = dayNumber(today)
  const fromDay = dayNumber(input.from)
  const toDay = dayNumber(input.to)
  const verdictFrom = todayDay - VERDICT_DAYS + 1
  const all = await reportEntitlements(db, account.accountId)
  const list = input.activationId === undefined ? all : all.filter((e) => e.activationId === input.activationId)
  if (input.activationId !== undefined && list.length === 0)
    throw notFound(`${input.activationId} is not a web entitlement of customer ${account.accountId}.`)
  const choices = all.map((e) => ({ activationId: e.activationId, productName: e.productName }))
  const ids = list.map((e) => e.id)
  const head = { from: input.from, to: input.to, today, choices }
  if (ids.length === 0) return { ...head, entitlements: [], topUsers: [], topGroups: [] }

  const rowsOf = await storedDays(db, ids, Math.min(fromDay, verdictFrom), Math.max(toDay, todayDay))
  const lastStored = await lastStoredDays(db, ids)
  const running = await runningSeats(db, ids, now)

  const reports: WebEntitlementReport[] = await mapInOrder(list, async (e) => {
    const rows = rowsOf.get(e.id) ?? []
    const seats = running.filter((r) => r.entitlementId === e.id)
    const last = lastStored.get(e.id)
    const days = dailySeries(rows, e, fromDay, toDay, seats, last)
    const recent = dailySeries(rows, e, verdictFrom, todayDay, seats, last)
    const f = reportFigures(days)
    return {
      activationId: e.activationId,
      productName: e.productName,
      type: e.type,
      seats: e.quantity,
      startDate: e.startDate,
      endDate: e.endDate,
      inUseNow: seats.filter((s) => s.leaseExpiresAt > now).length,
      days: days.map((day) => ({
        date: day.date,
        seats: day.seats,
        peak: day.peak,
        seatHours: hours(day.seatMs),
        deniedNoSeat: day.deniedNoSeat,
        deniedOther: day.deniedOther,
        denialHours: day.denialHours,
      })),
      ...f,
      seatHours: hours(f.seatHours * HOUR_MS),
      verdict: verdict(recent, e.quantity),
      periodVerdict: verdict(days, e.quantity, periodText(days.length)),
      named: e.type === 'NAMED_USER' ? await namedSeats(db, e, seats, today) : null,
    }
  })

  const { topUsers, topGroups } = await topUsersAndGroups(db, account, ids, fromDay, toDay, running)
  return { ...head, entitlements: reports, topUsers, topGroups }
}

async function namedSeats(
  db: Db,
  e: Entitlement,
  running: Running[],
  today: string,
): Promise<WebEntitlementReport['named']> {
  const holders = await db
    .select({ email: webUsers.email, name: webUsers.name })
    .from(webUsers)
    .where(sql`${webUsers.id} IN (${holderIdsSql(sql`${e.id}`, today)})`)
  const lastUse = await lastCheckoutDays(db, e.id)
  const todayDay = dayNumber(today)
  for (const r of running) lastUse.set(r.userEmail.toLowerCase(), todayDay)
  const idle = idleSeats(
    holders.map((h) => ({ ...h, lastUsedDay: lastUse.get(h.email.toLowerCase()) ?? null })),
    todayDay,
  )
  return {
    holders: holders.length,
    idle30: idle.over[30],
    idle60: idle.over[60],
    idle90: idle.over[90],
    idle: idle.seats.map((s) => ({
      email: s.email,
      name: s.name,
      lastUsed: s.lastUsedDay === null ? null : formatDay(s.lastUsedDay * DAY_MS),
      idleDays: s.idleDays,
    })),
  }
}

/**
 * Each user's last day with a checkout of the entitlement (by lower-case e-mail): per user of it
 * (skipping through the primary key) its days read backwards to the first with a checkout,
 * instead of every day of every user.
 */
async function lastCheckoutDays(db: Db, entitlementId: number): Promise<Map<string, number>> {
  const u = webUserDays
  const rows = await rawAll<{ email: string; day: number | null }>(
    db,
    sql`WITH RECURSIVE found(email) AS (
      SELECT (SELECT min(${u.userEmail}) FROM ${u} WHERE ${u.entitlementId} = ${entitlementId})
      UNION ALL
      SELECT (SELECT min(${u.userEmail}) FROM ${u} WHERE ${u.entitlementId} = ${entitlementId} AND ${u.userEmail} > found.email)
        FROM found WHERE found.email IS NOT NULL
    )
    SELECT email, (SELECT ${u.day} FROM ${u}
        WHERE ${u.entitlementId} = ${entitlementId} AND ${u.userEmail} = found.email AND ${u.granted} > 0
        ORDER BY ${u.day} DESC LIMIT 1) AS day
      FROM found WHERE email IS NOT NULL`,
  )
  const last = new Map<string, number>()
  for (const { email, day } of rows) {
    const key = email.toLowerCase()
    if (day !== null && day > (last.get(key) ?? -Infinity)) last.set(key, day)
  }
  return last
}

/** Hours per user over the period (stored plus running), and per group through its current members. */
async function topUsersAndGroups(
  db: Db,
  account: Account,
  ids: number[],
  fromDay: number,
  toDay: number,
  running: Running[],
): Promise<Pick<WebReport, 'topUsers' | 'topGroups'>> {
  const u = webUserDays
  const perUser = new Map<string, { ms: number; checkouts: number }>()
  for (const r of await db
    .select({ email: u.userEmail, ms: sql<number>`sum(${u.seatMs})`, checkouts: sql<number>`sum(${u.granted})` })
    .from(u)
    // The customer's days of the period (web_user_days_account_day_idx) rather than every day of the entitlements.
    .where(and(eq(u.accountId, account.accountId), inArray(u.entitlementId, ids), between(u.day, fromDay, toDay)))
    .groupBy(u.userEmail))
    perUser.set(r.email.toLowerCase(), { ms: r.ms, checkouts: r.checkouts })
  for (const r of running) {
    const ms = withinDays(r.startedAt, r.endsAt, fromDay, toDay)
    if (ms === 0) continue
    const key = r.userEmail.toLowerCase()
    const user = perUser.get(key) ?? { ms: 0, checkouts: 0 }
    user.ms += ms
    perUser.set(key, user)
  }
  const users = await db
    .select({ email: webUsers.email, name: webUsers.name, id: webUsers.id })
    .from(webUsers)
    .where(eq(webUsers.accountId, account.accountId))
  const nameOf = new Map(users.map((x) => [x.email.toLowerCase(), x.name]))
  const topUsers = [...perUser]
    .filter(([, v]) => v.ms > 0 || v.checkouts > 0)
    .sort(([ea, a], [eb, b]) => b.ms - a.ms || ea.localeCompare(eb))
    .slice(0, TOP)
    .map(([email, v]) => ({ email, name: nameOf.get(email) ?? null, hours: hours(v.ms), checkouts: v.checkouts }))

  const emailOf = new Map(users.map((x) => [x.id, x.email.toLowerCase()]))
  const groups = new Map<string, { ms: number; checkouts: number; members: number }>()
  for (const m of await db
    .select({ name: webGroups.name, userId: webGroupMembers.userId })
    .from(webGroupMembers)
    .innerJoin(webGroups, eq(webGroups.id, webGroupMembers.groupId))
    .where(eq(webGroups.accountId, account.accountId))) {
    const group = groups.get(m.name) ?? { ms: 0, checkouts: 0, members: 0 }
    const use = perUser.get(emailOf.get(m.userId) ?? '')
    group.members++
    group.ms += use?.ms ?? 0
    group.checkouts += use?.checkouts ?? 0
    groups.set(m.name, group)
  }
  const topGroups = [...groups]
    .filter(([, g]) => g.ms > 0 || g.checkouts > 0)
    .sort(([na, a], [nb, b]) => b.ms - a.ms || na.localeCompare(nb))
    .slice(0, TOP)
    .map(([name, g]) => ({ name, members: g.members, hours: hours(g.ms), checkouts: g.checkouts }))
  return { topUsers, topGroups }
}

/**
 * The Home card's figures (decisions 0018, 0022: cheap reads only): per web entitlement the seats
 * in use now and the verdict of the last 30 days from its stored days, and the denials of the last
 * 7 days from the customer's transaction counts per day.
 */
export async function webHomeFigures(db: Db, accountId: string, now: number): Promise<HomeWeb> {
  const todayDay = dayNumber(todayUtc(new Date(now)))
  const list = await reportEntitlements(db, accountId)
  const ids = list.map((e) => e.id)
  const { denied } = (await reportStatements(db).denied.get({ accountId, from: todayDay - 6, to: todayDay }))!
  if (ids.length === 0) return { inUse: 0, seats: 0, deniedLast7: denied, entitlements: [] }
  const verdictFrom = todayDay - VERDICT_DAYS + 1
  const rowsOf = await storedDays(db, ids, verdictFrom, todayDay)
  const lastStored = await lastStoredDays(db, ids)
  const running = await runningSeats(db, ids, now)
  const shown = list.map((e) => {
    const seats = running.filter((r) => r.entitlementId === e.id)
    const days = dailySeries(rowsOf.get(e.id) ?? [], e, verdictFrom, todayDay, seats, lastStored.get(e.id))
    return {
      activationId: e.activationId,
      productName: e.productName,
      seats: e.quantity,
      inUse: seats.filter((s) => s.leaseExpiresAt > now).length,
      verdict: verdict(days, e.quantity),
    }
  })
  return {
    inUse: shown.reduce((sum, e) => sum + e.inUse, 0),
    seats: shown.reduce((sum, e) => sum + e.seats, 0),
    deniedLast7: denied,
    entitlements: shown,
  }
}

export function webReportCalls(calls: CallTable, { db }: ApiDeps) {
  calls.implement(
    declared.report,
    async ({ input, user }) => await webReport(db, await webAccess(db, user, input.customerNumber), input, Date.now()),
  )
}
