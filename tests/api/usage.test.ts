/**
 * The usage calls on the demo data (and 30,001 generated sessions for Cobalt): the
 * row, paging, the portal's filters (the range's overlap rule, active only, numeric
 * and partial-date criteria), distinct values, the hidden-column probe, the export
 * variant with its limit and tokens, lastupdatedon, and who is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql, type SQL } from 'drizzle-orm'
import { closeDatabase, openDatabase } from '../../db/client'
import { ENGINE } from '../../db/engine'
import { greatest, roundTo } from '../../db/dialect'
import { first } from '../../db/query'
import { rawAll } from '../../db/raw'
import { entitlements, usageSessions } from '../../db/tables'
import { demoActivationId, ELASTIC_KEYS } from '../../db/seed-entitlements'
import { scaleEntitlementKey, seedUsageScale } from '../../db/seed-usage-scale'
import { lastUpdatedOn } from '../../api/usage'
import { USAGE_EXPORT_MAX, usageExportTooMany } from '../../app/domain/usage-export'
import { CLOUD_JOB_FIELD, type UsageRow } from '../../app/domain/usage-row'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { dropPgDatabase, newPgDatabase } from '../support/postgres-server'
import { itRefusesOtherAndExportControlledCustomers } from './support/refusals'
import { apiClient, startTestServer, type TestServer, allPages as pagesOf } from './support/server'

let server: TestServer
const as = async (email: string) => apiClient(server.url, await getAccessToken(server.url, email))
type Api = Awaited<ReturnType<typeof as>>

const ADMIN = 'admin@acme.example'
const PARTNER = 'partner@channel.example'
const BUSOPS = 'busops@vendor.example'
const ACME = '1000001'
const BOREALIS = '1000002'
/** Cobalt has no demo usage; it gets more sessions than an export may hold. */
const COBALT = '1000003'
const COBALT_SESSIONS = USAGE_EXPORT_MAX + 1
/** Dunmore has no demo usage; it gets a few generated sessions a day over five years. */
const DUNMORE = '1000004'
const DUNMORE_SESSIONS = 3000
const HOUR = 3_600_000
const DAY = 24 * HOUR

const ROW_FIELDS: (keyof UsageRow)[] = [
  'StartTime',
  'EndTime',
  'StartTime_ts',
  'EndTime_ts',
  'ProductCount',
  'Count',
  'Length',
  'User',
  'Product',
  'Host',
  'DeviceID',
  'SessionStatus',
  'ServerID',
  'FeatureFno',
  'IP_ADDRESS',
  'REFERER_IP_ADDRESS',
  'ProductLine',
  'RateFileVersion',
  'PID',
  'Account',
  'Acquisition',
  'Active',
  'ConsumerID',
  'ActivationID',
  'Feature',
  'Project',
  'productVersion',
  CLOUD_JOB_FIELD,
  'Hours',
  'Charge',
  'Currency',
]

type Criterion = { name: string; method: string; value?: unknown; casefold?: boolean; not?: boolean }
const filterOf = (...criteria: Criterion[]) => ({ condition: 'ALL', criteria })
const range = (from: number, to: number): Criterion[] => [
  { name: 'EndTime_ts', method: 'AFTER', value: from },
  { name: 'StartTime_ts', method: 'BEFORE', value: to },
]

beforeAll(async () => {
  server = await startTestServer()
  await seedUsageScale(server.db, { customer: COBALT, sessions: COBALT_SESSIONS })
  await seedUsageScale(server.db, { customer: DUNMORE, sessions: DUNMORE_SESSIONS })
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

const allPages = (api: Parameters<typeof pagesOf>[0], path: string, body: Record<string, unknown>) =>
  pagesOf<UsageRow>(api, path, body)

const all = async (api: Api, customerNumber: string, filter?: unknown) =>
  (await allPages(api, '/fetchUsage', { customerNumber, limit: 1000, ...(filter ? { filter } : {}) })).rows

const ids = (rows: UsageRow[]) => rows.map((r) => r.DeviceID).sort()
const round2 = (n: number) => Math.round(n * 100) / 100

async function count(api: Api, customerNumber: string, filter: unknown) {
  const r = await api.post<number>('/fetchUsage/count', { customerNumber, filter })
  expect(r.http, JSON.stringify(r.body)).toBe(200)
  return r.body.data!
}

describe('fetchUsage', () => {
  it("answers every attribute of a customer's sessions, newest first, as stored and charged", async () => {
    const api = await as(ADMIN)
    const rows = await all(api, ACME)
    const stored = (await first(
      server.db
        .select({ n: sql<number>`count(*)` })
        .from(usageSessions)
        .where(eq(usageSessions.accountId, ACME)),
    ))!.n
    expect(rows.length).toBe(stored)
    for (const row of rows) expect(Object.keys(row).sort()).toEqual([...ROW_FIELDS].sort())
    const starts = rows.map((r) => r.StartTime_ts)
    expect(starts).toEqual([...starts].sort((a, b) => b - a))

    const active = rows.filter((r) => r.Active)
    expect(active.length).toBeGreaterThan(0)
    for (const row of active) expect(row).toMatchObject({ EndTime: '', EndTime_ts: null, SessionStatus: 'Active' })
    for (const row of rows.filter((r) => !r.Active)) {
      expect(row.EndTime_ts).toBe(Date.parse(`${row.EndTime.replace(' ', 'T')}Z`))
      expect(row.Hours).toBeCloseTo((row.EndTime_ts! - row.StartTime_ts) / HOUR, 3)
    }
    expect(new Set(rows.map((r) => r.Account))).toEqual(new Set([ACME]))
    expect(rows.filter((r) => r[CLOUD_JOB_FIELD]).length).toBeGreaterThan(0)

    // Cost is the one source of each entitlement's Used.
    const used = new Map(
      (
        await server.db
          .select({ id: entitlements.activationId, used: entitlements.used, currency: entitlements.currency })
          .from(entitlements)
          .where(eq(entitlements.accountId, ACME))
      ).map((e) => [e.id, e]),
    )
    const sums = new Map<string, number>()
    for (const row of rows) {
      expect(row.Currency).toBe(used.get(row.ActivationID)!.currency)
      sums.set(row.ActivationID, (sums.get(row.ActivationID) ?? 0) + row.Charge)
    }
    expect(sums.size).toBeGreaterThan(1)
    for (const [id, sum] of sums) expect(round2(sum)).toBe(round2(used.get(id)!.used))
  })

  it('answers only the named attributes and refuses an unknown one', async () => {
    const api = await as(ADMIN)
    const r = await api.post<Record<string, unknown>[]>('/fetchUsage', {
      customerNumber: ACME,
      attributes: ['User', 'Active', 'Hours'],
      limit: 5,
    })
    expect(r.body.data!.map((row) => Object.keys(row).sort())).toEqual(Array(5).fill(['Active', 'Hours', 'User']))
    expect(typeof r.body.data![0].Active).toBe('boolean')
    const bad = await api.post('/fetchUsage', { customerNumber: ACME, attributes: ['account_id'] })
    expect([bad.http, bad.body.err]).toEqual([400, expect.stringMatching(/Unknown attribute 'account_id'/)])
  })

  it('pages through tokens without overlap in every order, ties included', async () => {
    const api = await as(ADMIN)
    const every = await all(api, ACME)
    for (const sorting of [
      undefined,
      [{ name: 'Product', direction: 'ASC' }],
      [{ name: 'Hours', direction: 'DESC' }],
    ]) {
      const { rows, pages } = await allPages(api, '/fetchUsage', { customerNumber: ACME, sorting, limit: 97 })
      expect(pages).toBe(Math.ceil(every.length / 97))
      expect(new Set(rows.map((r) => r.DeviceID)).size).toBe(every.length)
    }
    const hours = (
      await allPages(api, '/fetchUsage', { customerNumber: ACME, sorting: [{ name: 'Hours', direction: 'DESC' }] })
    ).rows.map((r) => r.Hours)
    expect(hours).toEqual([...hours].sort((a, b) => b - a))
  })

  it('reads deep pages from the end exactly as the forward order has them', async () => {
    const api = await as(PARTNER)
    const forward = await rawAll<{ id: string }>(
      server.db,
      sql`SELECT device_id AS id FROM usage_sessions WHERE account_id = ${COBALT} ORDER BY start_ts DESC, id DESC LIMIT 25 OFFSET ${COBALT_SESSIONS - 30}`,
    )
    const page = await api.post<UsageRow[]>('/fetchUsage', {
      customerNumber: COBALT,
      offset: COBALT_SESSIONS - 30,
      limit: 25,
    })
    expect(page.body.data!.map((r) => r.DeviceID)).toEqual(forward.map((f) => f.id))
    const next = await api.post<UsageRow[]>('/fetchUsage', {
      customerNumber: COBALT,
      token: page.body.token,
      limit: 25,
    })
    expect(next.body.data!.length).toBe(5)
    expect(next.body.token).toBeUndefined()
    const past = await api.post<UsageRow[]>('/fetchUsage', { customerNumber: COBALT, offset: COBALT_SESSIONS + 10 })
    expect(past.body).toEqual({ status: 'SUCCESS', data: [] })
  })
})

describe("the portal's filters", () => {
  it('counts every session that overlaps the range: AFTER on the end, BEFORE on the start, active ones ending never', async () => {
    const busops = await as(BUSOPS)
    const now = Date.now()
    const iso = (ms: number) => new Date(ms).toISOString()
    const record = (deviceId: string, start: number, end: number | null) =>
      busops.post('/usage/sessions', {
        customerNumber: BOREALIS,
        activationId: demoActivationId(ELASTIC_KEYS.borealisMain),
        startTime: iso(start),
        ...(end === null ? {} : { endTime: iso(end) }),
        product: 'Ansys Mechanical Enterprise',
        user: 'range-test',
        host: 'range-host',
        deviceId,
      })
    for (const r of [
      await record('spans-the-range', now - 6 * DAY, now - 2 * DAY),
      await record('still-running', now - 10 * DAY, null),
      await record('ended-before', now - 9 * DAY, now - 8 * DAY),
    ]) {
      expect(r.http, JSON.stringify(r.body)).toBe(200)
    }

    const api = await as(PARTNER)
    const every = await all(api, BOREALIS)
    const overlaps = (from: number, to: number) =>
      every.filter((r) => r.StartTime_ts < to && (r.EndTime_ts === null || r.EndTime_ts > from))

    const from = now - 5 * DAY
    const to = now - 4 * DAY
    const inRange = await all(api, BOREALIS, filterOf(...range(from, to)))
    expect(ids(inRange)).toEqual(ids(overlaps(from, to)))
    expect(ids(inRange)).toEqual(expect.arrayContaining(['spans-the-range', 'still-running']))
    expect(ids(inRange)).not.toContain('ended-before')
    expect(await count(api, BOREALIS, filterOf(...range(from, to)))).toBe(inRange.length)

    // Both ends are exclusive: a session ending exactly at the start, or starting exactly at the end, is out.
    const closed = every.filter((r) => !r.Active)
    const edgeFrom = closed[40].EndTime_ts!
    const edgeTo = closed[10].StartTime_ts
    const edged = await all(api, BOREALIS, filterOf(...range(edgeFrom, edgeTo)))
    expect(ids(edged)).toEqual(ids(overlaps(edgeFrom, edgeTo)))
    expect(ids(edged)).not.toContain(closed[40].DeviceID)
    expect(ids(edged)).not.toContain(closed[10].DeviceID)
    expect(await count(api, BOREALIS, filterOf(...range(edgeFrom, edgeTo)))).toBe(edged.length)
  })

  it('active only is EQUALS true on Active: the sessions without an end', async () => {
    const api = await as(ADMIN)
    const every = await all(api, ACME)
    const active = await all(api, ACME, filterOf({ name: 'Active', method: 'EQUALS', value: true }))
    expect(ids(active)).toEqual(ids(every.filter((r) => r.Active)))
    const closed = await count(api, ACME, filterOf({ name: 'Active', method: 'EQUALS', value: false }))
    expect(closed).toBe(every.length - active.length)
  })

  it('numeric columns match a parsed number; Hours as shown (two decimals, at least 0.01)', async () => {
    const api = await as(ADMIN)
    const every = await all(api, ACME)
    const two = await all(api, ACME, filterOf({ name: 'ProductCount', method: 'EQUALS', value: 2 }))
    expect(ids(two)).toEqual(ids(every.filter((r) => r.ProductCount === 2)))
    expect(two.length).toBeGreaterThan(0)
    const shown = (h: number) => Math.max(round2(h), 0.01)
    const sample = every.find((r) => !r.Active && round2(r.Hours) !== r.Hours)!
    const hours = await all(api, ACME, filterOf({ name: 'Hours', method: 'EQUALS', value: shown(sample.Hours) }))
    expect(ids(hours)).toEqual(ids(every.filter((r) => shown(r.Hours) === shown(sample.Hours))))
    const charge = await all(api, ACME, filterOf({ name: 'Charge', method: 'EQUALS', value: sample.Charge }))
    expect(ids(charge)).toContain(sample.DeviceID)
  })

  it('refuses text that is no number on a numeric column, on every call, with a message', async () => {
    const api = await as(ADMIN)
    const filter = filterOf({ name: 'Hours', method: 'EQUALS', value: 'abc' })
    for (const path of ['/fetchUsage', '/fetchUsage/count', '/fetchUsage/export']) {
      const r = await api.post(path, { customerNumber: ACME, filter })
      expect([path, r.http, r.body.err]).toEqual([path, 400, "Hours takes a number; 'abc' is not one."])
    }
    const distinct = await api.post('/fetchUsage/distinct', { customerNumber: ACME, key: 'User', filter })
    expect(distinct.http).toBe(400)
    const numberAsText = await api.post<number>('/fetchUsage/count', {
      customerNumber: ACME,
      filter: filterOf({ name: 'ProductCount', method: 'EQUALS', value: '2' }),
    })
    expect(numberAsText.body.data).toBeGreaterThan(0)
  })

  it('partial date text: RANGE on StartTime_ts includes both ends; unmatched text is CONTAINS on StartTime', async () => {
    const api = await as(ADMIN)
    const every = await all(api, ACME)
    const day = every[100].StartTime.slice(0, 10)
    const dayFrom = Date.parse(`${day}T00:00:00Z`)
    const dayTo = dayFrom + DAY - 1
    const ranged = await all(api, ACME, filterOf({ name: 'StartTime_ts', method: 'RANGE', value: [dayFrom, dayTo] }))
    expect(ids(ranged)).toEqual(ids(every.filter((r) => r.StartTime.startsWith(day))))
    const exact = every[100].StartTime_ts
    const onEdge = await all(api, ACME, filterOf({ name: 'StartTime_ts', method: 'RANGE', value: [exact, exact] }))
    expect(ids(onEdge)).toContain(every[100].DeviceID)
    const text = every[100].StartTime.slice(5, 13)
    const contains = await all(
      api,
      ACME,
      filterOf({ name: 'StartTime', method: 'CONTAINS', value: text, casefold: true }),
    )
    expect(ids(contains)).toEqual(ids(every.filter((r) => r.StartTime.includes(text))))
  })

  it('text columns: CONTAINS and EQUALS ignore case, IN from the filter dialog', async () => {
    const api = await as(ADMIN)
    const every = await all(api, ACME)
    const user = every[0].User
    const part = user.slice(1, 4).toUpperCase()
    const contains = await all(api, ACME, filterOf({ name: 'User', method: 'CONTAINS', value: part, casefold: true }))
    expect(ids(contains)).toEqual(ids(every.filter((r) => r.User.toUpperCase().includes(part))))
    const userFilter = filterOf({ name: 'User', method: 'CONTAINS', value: part, casefold: true })
    expect(await count(api, ACME, userFilter)).toBe(contains.length)
    const equals = await all(
      api,
      ACME,
      filterOf({ name: 'User', method: 'EQUALS', value: user.toUpperCase(), casefold: true }),
    )
    expect(ids(equals)).toEqual(ids(every.filter((r) => r.User === user)))
    const products = [...new Set(every.map((r) => r.Product))].slice(0, 2)
    const inList = await all(api, ACME, filterOf({ name: 'Product', method: 'IN', value: products }))
    expect(ids(inList)).toEqual(ids(every.filter((r) => products.includes(r.Product))))
    expect(await count(api, ACME, filterOf({ name: 'Product', method: 'IN', value: products }))).toBe(inList.length)
  })
})

describe('fetchUsage/count', () => {
  it('agrees with the rows for ranges at any time of day, with and without a product', async () => {
    const api = await as(PARTNER)
    const every = await all(api, COBALT)
    const newest = every[0].StartTime_ts
    const products = [...new Set(every.map((r) => r.Product))]
    for (let i = 0; i < 12; i++) {
      const to = newest - i * 37 * DAY - i * 3_599_999
      const from = to - (i + 1) * 5 * DAY + i * 1234
      const product = i % 3 === 0 ? products[i % products.length] : undefined
      const criteria = [...range(from, to), ...(product ? [{ name: 'Product', method: 'IN', value: [product] }] : [])]
      const expected = every.filter(
        (r) =>
          r.StartTime_ts < to && (r.EndTime_ts === null || r.EndTime_ts > from) && (!product || r.Product === product),
      ).length
      expect([i, await count(api, COBALT, filterOf(...criteria))]).toEqual([i, expected])
    }
    expect(await count(api, COBALT, undefined)).toBe(COBALT_SESSIONS)
    const users = await api.post<string[]>('/fetchUsage/distinct', {
      customerNumber: COBALT,
      key: 'User',
      filter: filterOf(...range(newest - 2 * DAY, newest)),
    })
    const recent = every.filter((r) => r.StartTime_ts < newest && (r.EndTime_ts ?? Infinity) > newest - 2 * DAY)
    expect(users.body.data).toEqual([...new Set(recent.map((r) => r.User))].sort())
  })
})

describe('fetchUsage/distinct', () => {
  it("lists a column's values in the filter's rows, sorted", async () => {
    const api = await as(ADMIN)
    const every = await all(api, ACME)
    const r = await api.post<string[]>('/fetchUsage/distinct', { customerNumber: ACME, key: 'User' })
    expect(r.body.data).toEqual([...new Set(every.map((x) => x.User))].sort())
    const active = await api.post<string[]>('/fetchUsage/distinct', {
      customerNumber: ACME,
      key: 'Host',
      filter: filterOf({ name: 'Active', method: 'EQUALS', value: true }),
    })
    expect(active.body.data).toEqual([...new Set(every.filter((x) => x.Active).map((x) => x.Host))].sort())
  })

  it('lists every product and project of the sessions, read from the day counts and the project index', async () => {
    const api = await as(ADMIN)
    const every = await all(api, ACME)
    const products = await api.post<string[]>('/fetchUsage/distinct', { customerNumber: ACME, key: 'Product' })
    expect(products.body.data).toEqual([...new Set(every.map((x) => x.Product))].sort())
    const projects = await api.post<string[]>('/fetchUsage/distinct', { customerNumber: ACME, key: 'Project' })
    expect(projects.body.data).toEqual([...new Set(every.map((x) => x.Project))].sort())
  })

  // The plans are SQLite's (EXPLAIN QUERY PLAN); PostgreSQL's planner picks by its statistics.
  it.skipIf(ENGINE === 'postgres')('reads the products and projects through their indexes', async () => {
    const plans = async (key: 'product' | 'project') =>
      (
        await rawAll<{ detail: string }>(
          server.db,
          sql`EXPLAIN QUERY PLAN SELECT min(${sql.raw(key)}) FROM ${sql.raw(key === 'product' ? 'usage_day_counts' : 'usage_sessions')}
           WHERE account_id = ${ACME} AND ${sql.raw(key)} > ''`,
        )
      )
        .map((r) => r.detail)
        .join(' ')
    expect(await plans('product')).toMatch(/USING (COVERING )?INDEX/)
    expect(await plans('project')).toContain('usage_sessions_account_project_idx')
  })

  it("refuses more values than the limit with 'Too many distinct values', and a limit over 500", async () => {
    const api = await as(PARTNER)
    const many = await api.post('/fetchUsage/distinct', { customerNumber: COBALT, key: 'User', limit: 5 })
    expect([many.http, many.body]).toEqual([400, { status: 'FAILURE', err: 'Too many distinct values' }])
    const big = await api.post('/fetchUsage/distinct', { customerNumber: COBALT, key: 'User', limit: 501 })
    expect(big.http).toBe(400)
  })
})

describe('the hidden-column probe', () => {
  const probe = (customerNumber: string) => ({
    customerNumber,
    attributes: [CLOUD_JOB_FIELD],
    filter: filterOf({ name: CLOUD_JOB_FIELD, method: 'ISDEFINED' }),
    limit: 1,
  })

  it('finds one row when the customer has cloud job ids, none otherwise', async () => {
    const acme = await (await as(ADMIN)).post<Record<string, unknown>[]>('/fetchUsage', probe(ACME))
    expect(acme.body.data).toEqual([{ [CLOUD_JOB_FIELD]: expect.stringMatching(/.+/) }])
    const borealis = await (await as(PARTNER)).post('/fetchUsage', probe(BOREALIS))
    expect(borealis.body).toEqual({ status: 'SUCCESS', data: [] })
  })
})

describe('fetchUsage/export', () => {
  it(`refuses more than ${USAGE_EXPORT_MAX} rows with the message, and answers a narrower selection`, async () => {
    const api = await as(PARTNER)
    const r = await api.post('/fetchUsage/export', { customerNumber: COBALT })
    expect([r.http, r.body]).toEqual([400, { status: 'FAILURE', err: usageExportTooMany(USAGE_EXPORT_MAX) }])
    expect(r.body.err).toBe('Total number of available transactions exceeds 30000. Apply filters to reduce selection.')
    const narrower = filterOf({ name: 'Active', method: 'EQUALS', value: false })
    const ok = await api.post<UsageRow[]>('/fetchUsage/export', { customerNumber: COBALT, filter: narrower, limit: 10 })
    expect(ok.http).toBe(200)
    expect(ok.body.data!.length).toBe(10)
  })

  it('streams the selection page by page through tokens only the export accepts', async () => {
    const api = await as(ADMIN)
    const filter = filterOf({ name: 'User', method: 'CONTAINS', value: 'a', casefold: true })
    const sorting = [{ name: 'Hours', direction: 'DESC' }]
    const expected = (await allPages(api, '/fetchUsage', { customerNumber: ACME, filter, sorting, limit: 1000 })).rows
    const { rows, pages } = await allPages(api, '/fetchUsage/export', {
      customerNumber: ACME,
      filter,
      sorting,
      limit: 250,
    })
    expect(rows).toEqual(expected)
    expect(pages).toBe(Math.ceil(expected.length / 250))

    // Asking for some attributes only (as the screen does) pages the same rows.
    const attributes = ['DeviceID', 'User']
    const narrow = await allPages(api, '/fetchUsage/export', {
      customerNumber: ACME,
      filter,
      sorting,
      attributes,
      limit: 250,
    })
    expect(narrow.rows).toEqual(expected.map((r) => ({ DeviceID: r.DeviceID, User: r.User })))

    const first = await api.post<UsageRow[]>('/fetchUsage/export', { customerNumber: ACME, limit: 10 })
    const crossed = await api.post('/fetchUsage', { customerNumber: ACME, limit: 10, token: first.body.token })
    expect([crossed.http, crossed.body.err]).toEqual([400, expect.stringMatching(/token/)])
    const page = await api.post<UsageRow[]>('/fetchUsage', { customerNumber: ACME, limit: 10 })
    const back = await api.post('/fetchUsage/export', { customerNumber: ACME, limit: 10, token: page.body.token })
    expect(back.http).toBe(400)
  })
})

describe('export pages', () => {
  /** The SQL order of each sort: its rules, then the end and the id in the last rule's direction. */
  const orders: [{ name: string; direction: string }[], string][] = [
    [[{ name: CLOUD_JOB_FIELD, direction: 'asc' }], 'cloud_job_id ASC, end_ts ASC, id ASC'],
    [[{ name: CLOUD_JOB_FIELD, direction: 'desc' }], 'cloud_job_id DESC, end_ts DESC, id DESC'],
    [[{ name: 'Product', direction: 'asc' }], 'product ASC, end_ts ASC, id ASC'],
    [[{ name: 'Hours', direction: 'desc' }], 'hours DESC, end_ts DESC, id DESC'],
    [[{ name: 'EndTime_ts', direction: 'desc' }], 'end_ts DESC, id DESC'],
    [[{ name: 'EndTime_ts', direction: 'asc' }], 'end_ts ASC, id ASC'],
    [
      [
        { name: 'ProductCount', direction: 'desc' },
        { name: 'User', direction: 'asc' },
      ],
      'product_count DESC, "user" ASC, end_ts ASC, id ASC',
    ],
    [[], 'start_ts DESC, end_ts DESC, id DESC'],
  ]

  /** The order with SQLite's place for NULL written out (first ascending, last descending), for both engines. */
  const withSqliteNulls = (order: string) =>
    order.replace(
      / (ASC|DESC)\b/g,
      (_, direction: string) => ` ${direction} NULLS ${direction === 'ASC' ? 'FIRST' : 'LAST'}`,
    )

  it('follow the sort keys with no overlap and no gap, over ties and empty values', async () => {
    const api = await as(ADMIN)
    const [running] = await rawAll<{ n: number }>(
      server.db,
      sql`SELECT count(*) AS n FROM usage_sessions WHERE account_id = ${ACME} AND end_ts IS NULL`,
    )
    expect(running.n).toBeGreaterThan(1)
    for (const [sorting, order] of orders) {
      const listed = (
        await rawAll<{ device: string }>(
          server.db,
          sql`SELECT device_id AS device FROM usage_sessions WHERE account_id = ${ACME} ORDER BY ${sql.raw(withSqliteNulls(order))}`,
        )
      ).map((r) => r.device)
      const { rows, pages } = await allPages(api, '/fetchUsage/export', {
        customerNumber: ACME,
        sorting,
        limit: 97,
        attributes: ['DeviceID'],
      })
      expect([order, rows.map((r) => r.DeviceID)]).toEqual([order, listed])
      expect(pages).toBe(Math.ceil(listed.length / 97))
    }
  })

  it('refuse a token that was changed', async () => {
    const api = await as(ADMIN)
    const first = await api.post<UsageRow[]>('/fetchUsage/export', { customerNumber: ACME, limit: 10 })
    const keys = JSON.parse(Buffer.from(first.body.token!, 'base64url').toString()) as { k: unknown[]; f: string }
    for (const forged of [
      { ...keys, k: keys.k.slice(1) },
      { ...keys, k: [{}, ...keys.k.slice(1)] },
      { ...keys, f: 'another' },
    ]) {
      const token = Buffer.from(JSON.stringify(forged)).toString('base64url')
      const r = await api.post('/fetchUsage/export', { customerNumber: ACME, limit: 10, token })
      expect([r.http, r.body.err]).toEqual([400, expect.stringMatching(/token/)])
    }
  })
})

describe("the bound on a range's start", () => {
  const YEAR = 365 * DAY
  /** The sessions overlapping (from, to) as stored, the brute-force way. */
  const overlapping = async (customer: string, from: number, to: number) =>
    (
      await rawAll<{ id: string }>(
        server.db,
        sql`SELECT device_id AS id FROM usage_sessions
           WHERE account_id = ${customer} AND start_ts < ${to} AND (end_ts IS NULL OR end_ts > ${from}) ORDER BY device_id`,
      )
    ).map((r) => r.id)
  const longestStored = async (customer: string) =>
    (
      await rawAll<{ length_ms: number }>(
        server.db,
        sql`SELECT length_ms FROM usage_longest_sessions WHERE account_id = ${customer}`,
      )
    )[0].length_ms

  /** What every call answers for a range: its rows, count, export and distinct users. */
  async function answers(api: Api, from: number, to: number) {
    const filter = filterOf(...range(from, to))
    const rows = await all(api, DUNMORE, filter)
    const exported = (await allPages(api, '/fetchUsage/export', { customerNumber: DUNMORE, filter, limit: 7 })).rows
    const users = await api.post<string[]>('/fetchUsage/distinct', { customerNumber: DUNMORE, key: 'User', filter })
    return {
      rows: ids(rows),
      count: await count(api, DUNMORE, filter),
      exported: ids(exported),
      users: users.body.data,
      expectedUsers: [...new Set(rows.map((r) => r.User))].sort(),
    }
  }

  const record = async (deviceId: string, start: number, end: number | null) => {
    const r = await (
      await as(BUSOPS)
    ).post('/usage/sessions', {
      customerNumber: DUNMORE,
      activationId: demoActivationId(scaleEntitlementKey(DUNMORE)),
      startTime: new Date(start).toISOString(),
      ...(end === null ? {} : { endTime: new Date(end).toISOString() }),
      product: 'Ansys Mechanical Enterprise',
      user: `user-of-${deviceId}`,
      host: 'bound-host',
      deviceId,
    })
    expect(r.http, JSON.stringify(r.body)).toBe(200)
  }

  it('answers every session of a range whose rows run out before the page does', async () => {
    const api = await as(BUSOPS)
    const now = Date.now()
    const starts = (
      await rawAll<{ at: number }>(
        server.db,
        sql`SELECT start_ts AS at FROM usage_sessions WHERE account_id = ${DUNMORE} ORDER BY start_ts`,
      )
    ).map((r) => r.at)
    // Short ranges around sessions a fifth, half and four fifths of the way from the oldest, and a month.
    const at = (share: number) => starts[Math.floor(starts.length * share)]
    for (const [from, to] of [
      [at(0.2) - DAY / 2, at(0.2) + DAY / 2],
      [at(0.5) - 7 * HOUR, at(0.5) + 5 * HOUR],
      [at(0.8), at(0.8) + 30 * DAY],
    ]) {
      const expected = await overlapping(DUNMORE, from, to)
      expect(expected.length).toBeGreaterThan(0)
      const got = await answers(api, from, to)
      expect(got).toMatchObject({ rows: expected, count: expected.length, exported: expected })
      expect(got.users).toEqual(got.expectedUsers)
    }
    // A filter matching few rows over the whole time: one user's sessions.
    const user = (await all(api, DUNMORE))[0].User
    const filter = filterOf(...range(Date.UTC(2018, 0, 1), now), { name: 'User', method: 'EQUALS', value: user })
    const theirs = (
      await rawAll<{ device: string }>(
        server.db,
        sql`SELECT device_id AS device FROM usage_sessions WHERE account_id = ${DUNMORE} AND "user" = ${user} ORDER BY device_id`,
      )
    ).map((r) => r.device)
    expect(theirs.length).toBeLessThan(DUNMORE_SESSIONS / 10)
    expect(ids(await all(api, DUNMORE, filter))).toEqual(theirs)
    expect(await count(api, DUNMORE, filter)).toBe(theirs.length)
  })

  it('finds a session longer than any before by a one-day range it overlaps', async () => {
    const now = Date.now()
    const from = now - 2 * YEAR
    const before = await longestStored(DUNMORE)
    // Without the new length the range's start bound would pass over the session's start.
    expect(from - before).toBeGreaterThan(now - 3 * YEAR - 5 * DAY)
    await record('three-years', now - 3 * YEAR - 5 * DAY, now - 5 * DAY)
    expect(await longestStored(DUNMORE)).toBe(3 * YEAR)

    const got = await answers(await as(BUSOPS), from, from + DAY)
    const expected = await overlapping(DUNMORE, from, from + DAY)
    expect(expected).toContain('three-years')
    expect(got).toMatchObject({ rows: expected, count: expected.length, exported: expected })
    expect(got.users).toContain('user-of-three-years')
  })

  it('finds a session running since before the longest closed one by any later range', async () => {
    const now = Date.now()
    const from = now - YEAR
    expect(from - (await longestStored(DUNMORE))).toBeGreaterThan(now - 6 * YEAR)
    await record('running-six-years', now - 6 * YEAR, null)

    const got = await answers(await as(BUSOPS), from, from + DAY)
    const expected = await overlapping(DUNMORE, from, from + DAY)
    expect(expected).toContain('running-six-years')
    expect(got).toMatchObject({ rows: expected, count: expected.length, exported: expected })
    expect(got.users).toContain('user-of-running-six-years')
  })
})

describe('lastupdatedon', () => {
  it('answers the latest start or end time stored, in the envelope', async () => {
    const [newest] = await rawAll<{ at: number }>(
      server.db,
      sql`SELECT ${greatest(sql`max(start_ts)`, sql`coalesce(max(end_ts), 0)`)} AS at FROM usage_sessions`,
    )
    const r = await (await as(ADMIN)).get('/lastupdatedon')
    expect(r.http).toBe(200)
    const text = new Date(newest.at).toISOString().replace('T', ' ').slice(0, 19)
    expect(r.body).toEqual({ status: 'SUCCESS', lastUpdatedOn: text })
  })

  it('is null before any session is stored', async () => {
    const databaseUrl = ENGINE === 'postgres' ? await newPgDatabase('empty') : null
    const empty = await openDatabase({ databasePath: ':memory:', databaseUrl })
    expect(await lastUpdatedOn(empty)).toBeNull()
    await closeDatabase(empty)
    if (databaseUrl) await dropPgDatabase(databaseUrl)
  })
})

describe('who is refused', () => {
  const calls: [string, Record<string, unknown>][] = [
    ['/fetchUsage', {}],
    ['/fetchUsage/count', {}],
    ['/fetchUsage/distinct', { key: 'User' }],
    ['/fetchUsage/export', {}],
  ]

  itRefusesOtherAndExportControlledCustomers(as, calls)
})

describe('the usage pre-aggregates', () => {
  it('agree with the sessions after the seeds, the generator and recorded sessions', async () => {
    const query = (text: SQL) => rawAll(server.db, text)
    const recomputed = await query(sql`
      SELECT account_id, product, day, sum(started) AS started, sum(ended) AS ended FROM (
        SELECT account_id, product, start_ts / 86400000 AS day, 1 AS started, 0 AS ended FROM usage_sessions
        UNION ALL
        SELECT account_id, product, end_ts / 86400000, 0, 1 FROM usage_sessions WHERE end_ts IS NOT NULL
      ) AS events GROUP BY account_id, product, day ORDER BY account_id, product, day`)
    const stored = await query(
      sql`SELECT account_id, product, day, started, ended FROM usage_day_counts ORDER BY account_id, product, day`,
    )
    expect(stored.length).toBeGreaterThan(1000)
    expect(stored).toEqual(recomputed)
    const used = (await query(sql`
      SELECT e.activation_id, ${roundTo(sql`e.used`, 2)} AS used, ${roundTo(sql`coalesce(sum(s.charge), 0)`, 2)} AS charges
      FROM entitlements e LEFT JOIN usage_sessions s ON s.entitlement_id = e.id
      WHERE e.type = 'ELASTIC' GROUP BY e.id`)) as { used: number; charges: number }[]
    for (const row of used) expect(row.used).toBe(row.charges)
    const longest = sql`SELECT account_id, max(end_ts - start_ts) AS length_ms FROM usage_sessions
      WHERE end_ts IS NOT NULL GROUP BY account_id ORDER BY account_id`
    expect(await query(sql`SELECT account_id, length_ms FROM usage_longest_sessions ORDER BY account_id`)).toEqual(
      await query(longest),
    )
  })
})
