/**
 * Web Transactions (POST /web/transactions and its count, distinct values and export) on the demo
 * data, with transactions made through the web licence service: every filter against the rows it
 * must keep, the count of a date range from the day counts, who may read them, bad input and the
 * export's 30,000-row rule.
 */
import { sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawAll, rawRun } from '../../db/raw'
import { DAY_MS, dayOf } from '../../db/usage-aggregates'
import { DENIAL_TEXTS } from '../../app/domain/web-seats'
import { USAGE_EXPORT_MAX, usageExportTooMany } from '../../app/domain/usage-export'
import type { WebTransactionRow } from '../../api/contract/web-transactions'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { allPages, apiClient, startTestServer, type TestServer } from './support/server'
import { insertWebPool, type WebPool } from './support/web-pools'

const ACME = '1000001'
const COBALT = '1000003'
const EMBARGO = '1000005'
const SERVICE = 'weblicense@vendor.example'

type Row = WebTransactionRow
type Api = ReturnType<typeof apiClient>

let server: TestServer
const as: Record<string, Api> = {}

const q = <T>(query: SQL) => rawAll<T>(server.db, query)

const pool = (type: WebPool['type'], product: string, activationId: string, seats: number) =>
  insertWebPool(server.db, { accountId: ACME, type, product, activationId, seats })

const users = () => q<{ email: string }>(sql`SELECT email FROM web_users WHERE account_id = ${ACME} ORDER BY id`)

const list = (who: string, body: Record<string, unknown>) =>
  as[who].post<Row[]>('/web/transactions', { customerNumber: ACME, limit: 500, ...body })
/** Every row a filter keeps, page by page (the demo history alone is more than a page). */
const filtered = async (...criteria: Record<string, unknown>[]) =>
  (
    await allPages<Row>(as['admin@acme.example'], '/web/transactions', {
      customerNumber: ACME,
      filter: { condition: 'ALL', criteria },
    })
  ).rows
const ids = (rows: Row[]) => rows.map((r) => r.id)

let all: Row[] = []
let first: string
let second: string

beforeAll(async () => {
  server = await startTestServer()
  for (const who of [
    SERVICE,
    'admin@acme.example',
    'viewer@acme.example',
    'sales@vendor.example',
    'marta.lindqvist@borealis.example',
    'busops@vendor.example',
  ]) {
    as[who] = apiClient(server.url, await getAccessToken(server.url, who))
  }
  ;[first, second] = (await users()).map((u) => u.email)
  await pool('SHARED_WEB', 'Ansys Listed Shared', 'WEB-LISTED-SHARED', 1)
  await pool('NAMED_USER', 'Ansys Listed Named', 'WEB-LISTED-NAMED', 1)
  const service = as[SERVICE]
  const checkout = (email: string, product: string, clientHost = 'ws-01', productVersion = '2025 R2') =>
    service.post<{ outcome: string; checkoutId?: string }>('/web/checkout', {
      customerNumber: ACME,
      email,
      product,
      clientHost,
      productVersion,
    })
  const taken = await checkout(first, 'Ansys Listed Shared', 'ws-first', '2025 R1')
  expect(taken.body.data?.outcome, JSON.stringify(taken.body)).toBe('granted')
  expect((await checkout(second, 'Ansys Listed Shared', 'ws-second')).body.data?.outcome).toBe('denied')
  expect((await checkout(second, 'Ansys Listed Named')).body.data?.outcome).toBe('denied')
  expect((await checkout('stranger@elsewhere.example', 'Ansys Listed Shared')).body.data?.outcome).toBe('denied')
  // Held for a while: the return's duration is 90 s.
  await rawRun(
    server.db,
    sql`UPDATE web_checkouts SET started_at = started_at - 90000 WHERE checkout_id = ${taken.body.data!.checkoutId}`,
  )
  const back = await service.post('/web/checkin', { checkoutId: taken.body.data!.checkoutId })
  expect(back.http, JSON.stringify(back.body)).toBe(200)
  all = (await allPages<Row>(as['admin@acme.example'], '/web/transactions', { customerNumber: ACME })).rows
})

afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

describe('the list', () => {
  it('holds every web transaction of the customer, newest first, with its entitlement, type, reason and duration', async () => {
    const stored = await q<{ id: number }>(
      sql`SELECT id FROM web_transactions WHERE account_id = ${ACME} ORDER BY at DESC, id DESC`,
    )
    expect(ids(all)).toEqual(stored.map((r) => r.id))
    const mine = all.filter((r) => r.product.startsWith('Ansys Listed')).reverse()
    expect(
      mine.map((r) => [r.outcome, r.user, r.activationId, r.licenseType, r.reason, r.durationMinutes, r.clientHost]),
    ).toEqual([
      ['granted', first, 'WEB-LISTED-SHARED', 'SHARED_WEB', '', null, 'ws-first'],
      ['denied', second, 'WEB-LISTED-SHARED', 'SHARED_WEB', 'no-free-seat', null, 'ws-second'],
      ['denied', second, 'WEB-LISTED-NAMED', 'NAMED_USER', 'not-named-user', null, 'ws-01'],
      ['denied', 'stranger@elsewhere.example', '', '', 'unknown-user', null, 'ws-01'],
      ['returned', first, 'WEB-LISTED-SHARED', 'SHARED_WEB', '', 1.5, 'ws-first'],
    ])
    expect(mine[4].time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(mine[4].time).toBe(new Date(mine[4].at).toISOString().slice(0, 19).replace('T', ' '))
    expect(mine[4].durationMs).toBeGreaterThanOrEqual(90_000)
    expect(DENIAL_TEXTS[mine[1].reason as 'no-free-seat']).toBe('Every seat of this product is in use.')
  })

  it('keeps exactly the rows each filter describes', async () => {
    const expectKeeps = async (keep: (r: Row) => boolean, ...criteria: Record<string, unknown>[]) => {
      const expected = ids(all.filter(keep))
      expect(expected.length).toBeGreaterThan(0)
      expect(ids(await filtered(...criteria)), JSON.stringify(criteria)).toEqual(expected)
    }
    await expectKeeps((r) => r.user === second, { name: 'user', method: 'EQUALS', value: second })
    // As Web Reporting's links ask (any case): one stored e-mail, read from the user index.
    const exactly = { name: 'user', method: 'EQUALS', value: second.toUpperCase(), casefold: true }
    await expectKeeps((r) => r.user === second, exactly)
    await expectKeeps((r) => r.user !== second, { ...exactly, not: true })
    expect(ids(await filtered({ ...exactly, value: 'nobody@acme.example' }))).toEqual([])
    await expectKeeps((r) => r.user.includes('stranger'), {
      name: 'user',
      method: 'CONTAINS',
      value: 'STRANGER',
      casefold: true,
    })
    await expectKeeps((r) => r.product === 'Ansys Listed Named', {
      name: 'product',
      method: 'EQUALS',
      value: 'Ansys Listed Named',
    })
    await expectKeeps((r) => r.activationId === 'WEB-LISTED-SHARED', {
      name: 'activationId',
      method: 'EQUALS',
      value: 'WEB-LISTED-SHARED',
    })
    await expectKeeps((r) => r.activationId.includes('LISTED'), {
      name: 'activationId',
      method: 'CONTAINS',
      value: 'listed',
      casefold: true,
    })
    await expectKeeps((r) => r.activationId === '', { name: 'activationId', method: 'EQUALS', value: '' })
    await expectKeeps((r) => r.clientHost === 'ws-second', { name: 'clientHost', method: 'CONTAINS', value: 'second' })
    await expectKeeps((r) => r.productVersion === '2025 R1', {
      name: 'productVersion',
      method: 'EQUALS',
      value: '2025 R1',
    })
    await expectKeeps((r) => r.outcome === 'denied', { name: 'outcome', method: 'IN', value: ['denied'] })
    await expectKeeps((r) => ['granted', 'returned'].includes(r.outcome), {
      name: 'outcome',
      method: 'IN',
      value: ['granted', 'returned'],
    })
    await expectKeeps((r) => r.reason === 'no-free-seat', { name: 'reason', method: 'IN', value: ['no-free-seat'] })
    await expectKeeps((r) => r.licenseType === 'NAMED_USER', {
      name: 'licenseType',
      method: 'IN',
      value: ['NAMED_USER'],
    })
    await expectKeeps((r) => r.licenseType === 'SHARED_WEB', {
      name: 'licenseType',
      method: 'EQUALS',
      value: 'SHARED_WEB',
    })
    await expectKeeps((r) => (r.durationMinutes ?? -1) >= 1.5, { name: 'durationMinutes', method: '>=', value: 1.5 })
    await expectKeeps((r) => r.durationMinutes === 1.5, { name: 'durationMinutes', method: 'EQUALS', value: 1.5 })
    const newest = all[0].at
    await expectKeeps(
      (r) => r.at >= newest - 1000 && r.at < newest + 1,
      { name: 'at', method: '>=', value: newest - 1000 },
      { name: 'at', method: 'BEFORE', value: newest + 1 },
    )
    await expectKeeps(
      (r) => r.user === first && r.outcome === 'returned',
      { name: 'user', method: 'EQUALS', value: first },
      { name: 'outcome', method: 'EQUALS', value: 'returned' },
    )
  })

  it('counts what the filters keep', async () => {
    const count = async (...criteria: Record<string, unknown>[]) =>
      (
        await as['admin@acme.example'].post<number>('/web/transactions/count', {
          customerNumber: ACME,
          filter: { condition: 'ALL', criteria },
        })
      ).body.data
    const user = { name: 'user', method: 'CONTAINS', value: second.slice(1, 6).toUpperCase(), casefold: true }
    expect(await count(user)).toBe(all.filter((r) => r.user.includes(second.slice(1, 6))).length)
    expect(await count({ ...user, not: true })).toBe(all.filter((r) => !r.user.includes(second.slice(1, 6))).length)
    expect(await count({ name: 'user', method: 'EQUALS', value: first })).toBe(
      all.filter((r) => r.user === first).length,
    )
    expect(await count({ name: 'licenseType', method: 'IN', value: ['NAMED_USER'] })).toBe(
      all.filter((r) => r.licenseType === 'NAMED_USER').length,
    )
  })

  it('sorts and pages on the server', async () => {
    const byUser = await list('admin@acme.example', { sorting: [{ name: 'user', direction: 'asc' }] })
    const users = byUser.body.data!.map((r) => r.user)
    expect(users).toEqual([...users].sort())
    // About a dozen pages: each carries on where the last ended.
    const limit = Math.max(2, Math.floor(all.length / 12))
    const pages = await allPages<Row>(as['admin@acme.example'], '/web/transactions', { customerNumber: ACME, limit })
    expect(ids(pages.rows)).toEqual(ids(all))
    expect(pages.pages).toBe(Math.ceil(all.length / limit))
    const byDuration = await filtered({ name: 'durationMinutes', method: 'ISDEFINED' })
    expect(byDuration.every((r) => r.durationMinutes !== null)).toBe(true)
  })

  it('offers the distinct values of a column for its filter', async () => {
    const r = await as['admin@acme.example'].post<string[]>('/web/transactions/distinct', {
      customerNumber: ACME,
      key: 'reason',
    })
    expect(r.body.data).toEqual(expect.arrayContaining(['', 'no-free-seat', 'not-named-user', 'unknown-user']))
  })
})

describe('a group', () => {
  const members = async (group: string) =>
    new Set(
      (
        await q<{ email: string }>(
          sql`SELECT u.email FROM web_groups g JOIN web_group_members m ON m.group_id = g.id
         JOIN web_users u ON u.id = m.user_id WHERE g.account_id = ${ACME} AND g.name = ${group}`,
        )
      ).map((r) => r.email),
    )
  const inGroup = (value: unknown, extra: Record<string, unknown> = {}) => ({
    name: 'group',
    method: 'EQUALS',
    value,
    ...extra,
  })
  const body = (...criteria: Record<string, unknown>[]) => ({
    customerNumber: ACME,
    filter: { condition: 'ALL', criteria },
  })

  it('keeps the transactions of its current members, in its list, count, distinct values and export', async () => {
    const design = await members('Design')
    const expected = all.filter((r) => design.has(r.user))
    expect(design.size).toBeGreaterThan(1)
    expect(expected.length).toBeGreaterThan(0)
    expect(expected.length).toBeLessThan(all.length)
    // The name in any case, as group names are unique whatever their case.
    expect(ids(await filtered(inGroup('design')))).toEqual(ids(expected))
    const admin = as['admin@acme.example']
    expect((await admin.post<number>('/web/transactions/count', body(inGroup('Design')))).body.data).toBe(
      expected.length,
    )
    const users = await admin.post<string[]>('/web/transactions/distinct', { ...body(inGroup('Design')), key: 'user' })
    expect([...(users.body.data ?? [])].sort()).toEqual([...new Set(expected.map((r) => r.user))].sort())
    const exported = await allPages<Row>(admin, '/web/transactions/export', { ...body(inGroup('Design')), limit: 7 })
    expect(ids(exported.rows)).toEqual(ids(expected))
    // With other criteria, and negated: everyone else's.
    const denied = await filtered(inGroup('Design'), { name: 'outcome', method: 'IN', value: ['denied'] })
    expect(ids(denied)).toEqual(ids(expected.filter((r) => r.outcome === 'denied')))
    expect(ids(await filtered(inGroup('Design', { not: true })))).toEqual(ids(all.filter((r) => !design.has(r.user))))
  })

  it('follows the membership as it is now, and an unknown group keeps no row', async () => {
    const [left] = [...(await members('Design'))].filter((email) => all.some((r) => r.user === email))
    const [{ id }] = await q<{ id: number }>(
      sql`SELECT id FROM web_users WHERE account_id = ${ACME} AND email = ${left}`,
    )
    const [group] = await q<{ id: number }>(
      sql`SELECT id FROM web_groups WHERE account_id = ${ACME} AND name = 'Design'`,
    )
    await rawRun(server.db, sql`DELETE FROM web_group_members WHERE group_id = ${group.id} AND user_id = ${id}`)
    try {
      const rows = await filtered(inGroup('Design'))
      expect(rows.some((r) => r.user === left)).toBe(false)
      const remaining = await members('Design')
      expect(ids(rows)).toEqual(ids(all.filter((r) => remaining.has(r.user))))
    } finally {
      await rawRun(server.db, sql`INSERT INTO web_group_members (group_id, user_id) VALUES (${group.id}, ${id})`)
    }
    expect(await filtered(inGroup('No Such Group'))).toEqual([])
    // A group of one member.
    await rawRun(server.db, sql`INSERT INTO web_groups (account_id, name, created_at) VALUES (${ACME}, 'Solo', 0)`)
    await rawRun(
      server.db,
      sql`INSERT INTO web_group_members (group_id, user_id)
         SELECT g.id, u.id FROM web_groups g, web_users u WHERE g.account_id = ${ACME} AND g.name = 'Solo' AND u.email = ${left}`,
    )
    expect(ids(await filtered(inGroup('solo')))).toEqual(ids(all.filter((r) => r.user === left)))
  })

  it('refuses a group criterion it cannot answer, with a message', async () => {
    const admin = as['admin@acme.example']
    const contains = await list('admin@acme.example', body(inGroup('Des', { method: 'CONTAINS' })))
    expect([contains.http, contains.body.err]).toEqual([400, expect.stringContaining('group takes EQUALS or IN')])
    const distinct = await admin.post('/web/transactions/distinct', { customerNumber: ACME, key: 'group' })
    expect([distinct.http, distinct.body.err]).toEqual([400, expect.stringContaining('group')])
  })
})

describe('the count', () => {
  it('counts a range of days from the day counts and the parts of its first and last day', async () => {
    // Older history as the service writes it: rows and their day counts, over four days.
    const today = dayOf(Date.now())
    const insert = (outcome: string, at: number) =>
      rawRun(
        server.db,
        sql`INSERT INTO web_transactions (account_id, product, user_email, outcome, at) VALUES (${ACME}, 'Ansys Old', 'old@acme.example', ${outcome}, ${at})`,
      )
    const days = (day: number, outcome: string) =>
      rawRun(
        server.db,
        sql`INSERT INTO web_transaction_days (account_id, day, outcome, n) VALUES (${ACME}, ${day}, ${outcome}, 1)
       ON CONFLICT (account_id, day, outcome) DO UPDATE SET n = web_transaction_days.n + 1`,
      )
    for (let d = 4; d >= 1; d--) {
      for (const [hour, outcome] of [
        [3, 'granted'],
        [11, 'denied'],
        [20, 'returned'],
      ] as const) {
        await insert(outcome, (today - d) * DAY_MS + hour * 3_600_000)
        await days(today - d, outcome)
      }
    }
    const brute = async (from: number, to: number, outcomes?: string[]) =>
      (
        await q<{ n: number }>(
          sql`SELECT count(*) AS n FROM web_transactions WHERE account_id = ${ACME} AND at >= ${from} AND at < ${to}${
            outcomes
              ? sql` AND outcome IN (${sql.join(
                  outcomes.map((o) => sql`${o}`),
                  sql`, `,
                )})`
              : sql``
          }`,
        )
      )[0].n
    const count = async (from: number, to: number, outcomes?: string[]) => {
      const criteria = [
        { name: 'at', method: '>=', value: from },
        { name: 'at', method: 'BEFORE', value: to },
        ...(outcomes ? [{ name: 'outcome', method: 'IN', value: outcomes }] : []),
      ]
      const r = await as['admin@acme.example'].post<number>('/web/transactions/count', {
        customerNumber: ACME,
        filter: { condition: 'ALL', criteria },
      })
      return r.body.data
    }
    const ranges: [number, number][] = [
      [(today - 4) * DAY_MS + 10 * 3_600_000, (today - 1) * DAY_MS + 12 * 3_600_000],
      [(today - 3) * DAY_MS, (today - 2) * DAY_MS],
      [(today - 5) * DAY_MS, Date.now() + 60_000],
      [(today - 2) * DAY_MS + 5, (today - 2) * DAY_MS + 4 * 3_600_000],
    ]
    for (const [from, to] of ranges) {
      expect(await count(from, to)).toBe(await brute(from, to))
      expect(await count(from, to, ['denied'])).toBe(await brute(from, to, ['denied']))
    }
    expect(await count(Date.now(), Date.now() - DAY_MS)).toBe(0)
  })
})

describe('who may read them', () => {
  it('lets whoever may see the customer read them, view-only users and staff included', async () => {
    for (const who of ['viewer@acme.example', 'sales@vendor.example']) {
      const r = await list(who, {})
      expect([who, r.http, r.body.data?.length]).toEqual([who, 200, Math.min(all.length + 12, 500)])
    }
  })

  it('refuses another customer’s user and a customer under export control', async () => {
    const other = await list('marta.lindqvist@borealis.example', {})
    expect(other.http).toBe(403)
    const count = await as['marta.lindqvist@borealis.example'].post('/web/transactions/count', { customerNumber: ACME })
    expect(count.http).toBe(403)
    const embargo = await as['busops@vendor.example'].post('/web/transactions', { customerNumber: EMBARGO })
    expect(embargo.http).toBe(403)
    const embargoExport = await as['busops@vendor.example'].post('/web/transactions/export', {
      customerNumber: EMBARGO,
    })
    expect(embargoExport.http).toBe(403)
  })

  it('refuses bad input with a message', async () => {
    const bad = [
      { filter: { condition: 'ALL', criteria: [{ name: 'durationMinutes', method: 'EQUALS', value: 'long' }] } },
      { filter: { condition: 'ALL', criteria: [{ name: 'nope', method: 'EQUALS', value: 'x' }] } },
      { sorting: [{ name: 'nope', direction: 'asc' }] },
      { limit: -1 },
      { customerNumber: 'not a number' },
    ]
    for (const body of bad) {
      const r = await list('admin@acme.example', body)
      expect([JSON.stringify(body), r.http, r.body.status]).toEqual([JSON.stringify(body), 400, 'FAILURE'])
      expect(r.body.err ?? '').not.toBe('')
    }
    expect((await filtered({ name: 'durationMinutes', method: 'EQUALS', value: '1.5' })).length).toBe(1)
  })
})

describe('the export', () => {
  beforeAll(async () => {
    // One more than an export may hold, all today, for a customer without other web transactions.
    const start = Date.now() - 3_600_000
    await rawRun(
      server.db,
      sql`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${USAGE_EXPORT_MAX})
         INSERT INTO web_transactions (account_id, product, user_email, outcome, at)
         SELECT ${COBALT}, 'Ansys Bulk', 'user' || (i % 7) || '@cobalt.example', 'granted', CAST(${start} AS BIGINT) + i FROM n`,
    )
  })

  const range = { name: 'at', method: '>=', value: Date.now() - 2 * 3_600_000 }

  it('refuses more than 30,000 rows with the message of Usage Transactions', async () => {
    const r = await as['busops@vendor.example'].post('/web/transactions/export', {
      customerNumber: COBALT,
      filter: { condition: 'ALL', criteria: [range] },
    })
    expect([r.http, r.body.err]).toEqual([400, usageExportTooMany(USAGE_EXPORT_MAX)])
  })

  it('pages a narrower selection by its last row, equal to the list', async () => {
    const filter = {
      condition: 'ALL',
      criteria: [range, { name: 'user', method: 'EQUALS', value: 'user3@cobalt.example' }],
    }
    const exported = await allPages<Row>(as['busops@vendor.example'], '/web/transactions/export', {
      customerNumber: COBALT,
      filter,
      limit: 1000,
    })
    const listed = await allPages<Row>(as['busops@vendor.example'], '/web/transactions', {
      customerNumber: COBALT,
      filter,
      limit: 1000,
    })
    expect(exported.rows.length).toBe(Math.ceil((USAGE_EXPORT_MAX + 1 - 3) / 7))
    expect(exported.pages).toBe(5)
    expect(ids(exported.rows)).toEqual(ids(listed.rows))
    const token = (
      await as['busops@vendor.example'].post<Row[]>('/web/transactions', { customerNumber: COBALT, filter, limit: 10 })
    ).body.token
    const mixed = await as['busops@vendor.example'].post('/web/transactions/export', {
      customerNumber: COBALT,
      filter,
      token,
    })
    expect(mixed.http).toBe(400)
  })
})
