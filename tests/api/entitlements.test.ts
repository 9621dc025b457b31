/**
 * The entitlement calls on the demo data: the row, the lists with their active and
 * inactive split (agreeing with the domain's classification), the default order,
 * the Elastic Licensing and Leases/Perpetuals filters, paging, Total Activated and
 * the fulfilment counts, and who is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { entitlements, fulfillments } from '../../db/tables'
import { first } from '../../db/query'
import { demoActivationId, ELASTIC_KEYS } from '../../db/seed-entitlements'
import {
  addDays,
  classifyElastic,
  classifyLease,
  entitlementTiming,
  isElasticIncluded,
  licenseModelGroup,
  todayUtc,
} from '../../app/domain/entitlements'
import { MANUAL_DRAWDOWN_PRODUCT } from '../../app/domain/product'
import { endDateCriteria, remainingDaysCriteria } from '../../app/domain/entitlement-filters'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { itRefusesOtherAndExportControlledCustomers } from './support/refusals'
import { apiClient, startTestServer, type TestServer, allPages as pagesOf } from './support/server'

let server: TestServer
const as = async (email: string) => apiClient(server.url, await getAccessToken(server.url, email))

const ADMIN = 'admin@acme.example'
const PARTNER = 'partner@channel.example'
const BUSOPS = 'busops@vendor.example'

type Row = Record<string, unknown> & {
  ActivationId: string
  Type: string
  LicenseModel: string
  EntitlementState: string
  ProductName: string
  StartDate: string
  EndDate: string
  LineItemQuantity: number
  Used: number
  RemainingDays: number | null
  UsedDays: number
  TotalActivated: number
}

const ROW_FIELDS = [
  'ActivationId',
  'EntitlementName',
  'ProductName',
  'CA[ENT|ansysproduct]',
  'CA[ENT|ansyscount]',
  'CA[ENT|ansysratetableversion]',
  'CA[ENT|ansysponum]',
  'CA[ENT|ansystype]',
  'CA[ENT|ansysprice]',
  'Type',
  'EntitlementState',
  'LicenseModel',
  'LicenseModelGroup',
  'LineItemQuantity',
  'StartDate',
  'EndDate',
  'VersionDate',
  'IsActivationPermanent',
  'Currency',
  'VendorDaemon',
  'Borrowable',
  'Used',
  'RemainingDays',
  'UsedDays',
  'TotalActivated',
]

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

type Criterion = { name: string; method: string; value?: unknown; not?: boolean }
const criterion = (name: string, method: string, value: unknown): Criterion => ({ name, method, value })
const filterOf = (...criteria: Criterion[]) => ({ condition: 'ALL', criteria })

/** The maintenance end of Acme's maintained perpetual, as stored. */
const maintainedVersionDate = async () =>
  (await first(
    server.db
      .select({ versionDate: entitlements.versionDate })
      .from(entitlements)
      .where(eq(entitlements.activationId, demoActivationId('acme-perpetual-maintained'))),
  ))!.versionDate!

const allPages = (api: Parameters<typeof pagesOf>[0], path: string, body: Record<string, unknown>) =>
  pagesOf<Row>(api, path, body)

/** The domain's verdict on a row: listed at all, and active. */
function domainSplit(row: Row, today: string): 'active' | 'inactive' | 'unlisted' {
  const dates = { startDate: row.StartDate, endDate: row.EndDate || null, today }
  if (row.Type === 'ELASTIC') {
    if (!isElasticIncluded({ licenseModel: row.LicenseModel, state: row.EntitlementState })) return 'unlisted'
    return classifyElastic({ ...dates, quantity: row.LineItemQuantity, used: row.Used }).active ? 'active' : 'inactive'
  }
  return classifyLease(dates).active ? 'active' : 'inactive'
}

describe('getEntitlements', () => {
  it("answers every elastic entitlement of the customer with the row's fields, latest end first", async () => {
    const r = await (
      await as(ADMIN)
    ).post<Row[]>('/getEntitlements', {
      customerNumber: '1000001',
      customername: 'Acme Aerospace',
    })
    expect(r.http).toBe(200)
    const rows = r.body.data!
    const stored = await server.db
      .select({ id: entitlements.activationId })
      .from(entitlements)
      .where(and(eq(entitlements.accountId, '1000001'), eq(entitlements.type, 'ELASTIC')))
    expect(rows.map((x) => x.ActivationId).sort()).toEqual(stored.map((s) => s.id).sort())
    for (const row of rows) expect(Object.keys(row).sort()).toEqual([...ROW_FIELDS].sort())
    const ends = rows.map((x) => x.EndDate)
    expect(ends).toEqual([...ends].sort().reverse())

    const steady = rows.find((x) => x.ActivationId === demoActivationId(ELASTIC_KEYS.acmeSteady))!
    const timing = entitlementTiming({ startDate: steady.StartDate, endDate: steady.EndDate, today: todayUtc() })
    expect(steady).toMatchObject({
      Type: 'ELASTIC',
      LicenseModel: 'Elastic-AEU',
      LicenseModelGroup: 'Network',
      EntitlementState: 'Deployed',
      'CA[ENT|ansystype]': 'Commercial',
      'CA[ENT|ansysratetableversion]': '2025.1',
      Currency: 'USD',
      Borrowable: false,
      IsActivationPermanent: 'false',
      VersionDate: '',
      RemainingDays: timing.remainingDays,
      UsedDays: timing.usedDays,
      TotalActivated: 0,
    })
    expect(steady.Used).toBeGreaterThan(0)
  })
})

describe('fetchEntitlements and its split', () => {
  it('puts every listed row in exactly one of active and inactive, as classifyElastic and classifyLease do', async () => {
    const today = todayUtc()
    for (const [email, customerNumber] of [
      [ADMIN, '1000001'],
      [PARTNER, '1000002'],
      [PARTNER, '1000003'],
    ]) {
      const api = await as(email)
      const all = (await allPages(api, '/fetchEntitlements', { customerNumber, type: 'ALL' })).rows
      const active = (await allPages(api, '/fetchEntitlements/active', { customerNumber, type: 'ALL' })).rows
      const inactive = (await allPages(api, '/fetchEntitlements/inactive', { customerNumber, type: 'ALL' })).rows
      const verdicts = Object.fromEntries(all.map((row) => [row.ActivationId, domainSplit(row, today)]))
      const sql = Object.fromEntries(
        all.map((row) => [
          row.ActivationId,
          active.some((a) => a.ActivationId === row.ActivationId)
            ? inactive.some((i) => i.ActivationId === row.ActivationId)
              ? 'both'
              : 'active'
            : inactive.some((i) => i.ActivationId === row.ActivationId)
              ? 'inactive'
              : 'unlisted',
        ]),
      )
      expect(sql).toEqual(verdicts)

      const counts = await Promise.all(
        ['/fetchEntitlementsActive/count', '/fetchEntitlementsInactive/count', '/fetchEntitlements/count'].map(
          async (path) => (await api.post<number>(path, { customerNumber, type: 'ALL' })).body.data,
        ),
      )
      expect(counts).toEqual([active.length, inactive.length, all.length])
    }
  })

  it('has every classification in the demo data of Acme and Borealis', async () => {
    const today = todayUtc()
    for (const [email, customerNumber] of [
      [ADMIN, '1000001'],
      [PARTNER, '1000002'],
    ]) {
      const rows = (await allPages(await as(email), '/fetchEntitlements', { customerNumber })).rows
      const elastic = rows.filter((r) => r.Type === 'ELASTIC' && r.EntitlementState === 'Deployed')
      const statuses = elastic.map(
        (r) =>
          classifyElastic({
            startDate: r.StartDate,
            endDate: r.EndDate,
            quantity: r.LineItemQuantity,
            used: r.Used,
            today,
          }).status,
      )
      expect(new Set(statuses)).toEqual(new Set(['NOT STARTED', 'EXPIRED', 'USED UP', 'ACTIVE']))
      const leases = rows.filter((r) => r.Type === 'SSL')
      const leaseStatuses = leases.map(
        (r) => classifyLease({ startDate: r.StartDate, endDate: r.EndDate || null, today }).status,
      )
      expect(new Set(leaseStatuses)).toEqual(new Set(['NOT STARTED', 'EXPIRED', 'PERMANENT', 'ACTIVE']))
      expect(leases.some((r) => r['CA[ENT|ansystype]'] === 'Evaluation')).toBe(true)
      expect(leases.some((r) => r.ProductName === MANUAL_DRAWDOWN_PRODUCT)).toBe(true)
      expect(leases.some((r) => r.IsActivationPermanent === 'true' && r.VersionDate !== '')).toBe(true)
    }
  })

  it('answers the licence model group as licenseModelGroup does, and filters and sorts by it', async () => {
    const api = await as(PARTNER)
    const rows = (await allPages(api, '/fetchEntitlements', { customerNumber: '1000002' })).rows
    for (const row of rows) expect(row.LicenseModelGroup).toBe(licenseModelGroup(row.LicenseModel, row.ProductName))
    const groups = await api.post<string[]>('/fetchEntitlements/distinct', {
      customerNumber: '1000002',
      key: 'LicenseModelGroup',
    })
    expect(groups.body.data).toEqual([...new Set(rows.map((r) => r.LicenseModelGroup))].sort())
    const named = await api.post<number>('/fetchEntitlements/count', {
      customerNumber: '1000002',
      filter: filterOf(criterion('LicenseModelGroup', 'EQUALS', 'Named User')),
    })
    expect(named.body.data).toBe(rows.filter((r) => r.LicenseModelGroup === 'Named User').length)
  })

  it('orders by end date descending with permanent entitlements first, and sorts as asked', async () => {
    const api = await as(ADMIN)
    const rows = (await allPages(api, '/fetchEntitlements', { customerNumber: '1000001', type: 'SSL' })).rows
    const permanent = rows.filter((r) => r.EndDate === '')
    expect(permanent.length).toBeGreaterThan(0)
    expect(rows.slice(0, permanent.length).every((r) => r.EndDate === '')).toBe(true)
    const dated = rows.slice(permanent.length).map((r) => r.EndDate)
    expect(dated).toEqual([...dated].sort().reverse())

    const byCount = (
      await allPages(api, '/fetchEntitlements', {
        customerNumber: '1000001',
        type: 'SSL',
        sorting: [{ name: 'CA[ENT|ansyscount]', direction: 'ASC' }],
      })
    ).rows.map((r) => r['CA[ENT|ansyscount]'] as number)
    expect(byCount).toEqual([...byCount].sort((a, b) => a - b))
  })

  it('pages a grid of 20 on the server: three pages of Borealis active leases', async () => {
    const api = await as(PARTNER)
    const body = {
      customerNumber: '1000002',
      type: 'SSL',
      state: 'Deployed',
      limit: 20,
      filter: filterOf({ ...criterion('ProductName', 'EQUALS', MANUAL_DRAWDOWN_PRODUCT), not: true }),
    }
    const { rows, pages } = await allPages(api, '/fetchEntitlements/active', body)
    expect(pages).toBe(3)
    expect(rows.length).toBeGreaterThanOrEqual(41)
    expect(new Set(rows.map((r) => r.ActivationId)).size).toBe(rows.length)
    expect(rows.some((r) => r.ProductName === MANUAL_DRAWDOWN_PRODUCT)).toBe(false)
    const count = await api.post<number>('/fetchEntitlementsActive/count', body)
    expect(count.body.data).toBe(rows.length)
  })

  it('returns only the attributes asked for', async () => {
    const r = await (
      await as(ADMIN)
    ).post<Row[]>('/fetchEntitlements', {
      customerNumber: '1000001',
      type: 'ELASTIC',
      attributes: ['ActivationId', 'Used', 'Borrowable'],
      limit: 2,
    })
    expect(r.body.data!.map((row) => Object.keys(row).sort())).toEqual([
      ['ActivationId', 'Borrowable', 'Used'],
      ['ActivationId', 'Borrowable', 'Used'],
    ])
    expect(typeof r.body.data![0].Borrowable).toBe('boolean')
  })

  it('refuses an unknown type, attribute, filter column or sort column with a clear 400', async () => {
    const api = await as(ADMIN)
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ type: 'LEASE' }, /type must be ALL or one of ELASTIC, SSL, FSA, SUBSCRIPTION, CONCURRENT/],
      [{ attributes: ['Secret'] }, /Unknown attribute 'Secret'/],
      [{ filter: filterOf(criterion('account_id', 'EQUALS', '1000002')) }, /Unknown column 'account_id'/],
      [{ sorting: [{ name: 'id', direction: 'ASC' }] }, /Unknown sort column 'id'/],
    ]
    for (const [extra, message] of cases) {
      const r = await api.post('/fetchEntitlements', { customerNumber: '1000001', ...extra })
      expect(r.http).toBe(400)
      expect(r.body.err).toMatch(message)
    }
  })
})

describe('the entitlement filters of spec 2 section 5', () => {
  const acmeSsl = { customerNumber: '1000001', type: 'SSL' }

  async function rowsWith(filter: ReturnType<typeof filterOf>) {
    return (await allPages(await as(ADMIN), '/fetchEntitlements', { ...acmeSsl, filter })).rows
  }

  it('a number N in Remaining Days keeps the entitlements ending on or after today + N - 1', async () => {
    const today = todayUtc()
    const all = (await allPages(await as(ADMIN), '/fetchEntitlements', acmeSsl)).rows
    for (const n of [1, 26, 66, 300]) {
      const rows = await rowsWith(filterOf(criterion('EndDate', '>=', addDays(today, n - 1))))
      const expected = all.filter((r) => r.RemainingDays !== null && r.RemainingDays >= n - 1)
      expect(rows.map((r) => r.ActivationId).sort()).toEqual(expected.map((r) => r.ActivationId).sort())
      expect(rows.length).toBeGreaterThan(0)
    }
  })

  it("'permanent' in Remaining Days keeps the permanent ones", async () => {
    const rows = await rowsWith(filterOf(criterion('IsActivationPermanent', 'EQUALS', 'true')))
    expect(rows.map((r) => r.ActivationId).sort()).toEqual(
      [demoActivationId('acme-perpetual-maintained'), demoActivationId('acme-perpetual-lapsed')].sort(),
    )
    expect(rows.every((r) => r.EndDate === '' && r.RemainingDays === null)).toBe(true)
  })

  it('an exact day in the End date filter matches the end date', async () => {
    const endsToday = todayUtc()
    const rows = await rowsWith(filterOf(criterion('EndDate', 'EQUALS', endsToday)))
    expect(rows.map((r) => r.ActivationId)).toEqual([demoActivationId('acme-lease-ends-today')])
  })

  it("'Maintenance ends on YYYY-MM-DD' matches the version date of a permanent entitlement", async () => {
    const maintained = await maintainedVersionDate()
    const rows = await rowsWith(
      filterOf(criterion('VersionDate', 'EQUALS', maintained), criterion('IsActivationPermanent', 'EQUALS', 'true')),
    )
    expect(rows.map((r) => [r.ActivationId, r.VersionDate, r.EndDate])).toEqual([
      [demoActivationId('acme-perpetual-maintained'), maintained, ''],
    ])
  })
})

describe('the filters as the grids build them', () => {
  it('remainingDaysCriteria and endDateCriteria give the criteria above', async () => {
    const today = todayUtc()
    const maintained = await maintainedVersionDate()
    const permanent = criterion('IsActivationPermanent', 'EQUALS', 'true')
    const cases: [Criterion[] | null, Criterion[]][] = [
      [remainingDaysCriteria('26', today), [criterion('EndDate', '>=', addDays(today, 25))]],
      [remainingDaysCriteria('Permanent', today), [permanent]],
      [endDateCriteria(today), [criterion('EndDate', 'EQUALS', today)]],
      [
        endDateCriteria(`maintenance ends on ${maintained}`),
        [criterion('VersionDate', 'EQUALS', maintained), permanent],
      ],
    ]
    const api = await as(ADMIN)
    for (const [built, literal] of cases) {
      expect(built).toEqual(literal)
      const rows = (
        await allPages(api, '/fetchEntitlements', { customerNumber: '1000001', filter: filterOf(...built!) })
      ).rows
      expect(rows.length).toBeGreaterThan(0)
    }
  })
})

describe('Total Activated and the fulfilment counts', () => {
  /** The seeded active fulfilments of a customer, summed per activation id, straight from the table. */
  async function seededTotals(accountId: string) {
    const rows = await server.db
      .select({ activationId: entitlements.activationId, total: sql<number>`sum(${fulfillments.count})` })
      .from(fulfillments)
      .innerJoin(entitlements, eq(entitlements.id, fulfillments.entitlementId))
      .where(and(eq(fulfillments.accountId, accountId), eq(fulfillments.status, 'ACTIVE')))
      .groupBy(entitlements.activationId)
    return Object.fromEntries(rows.map((r) => [r.activationId, r.total]))
  }

  it('counts each activation id as the sum of its active fulfilments, 0 without any', async () => {
    const api = await as(PARTNER)
    const rows = (await allPages(api, '/fetchEntitlements', { customerNumber: '1000002', type: 'SSL' })).rows
    const ids = rows.map((r) => r.ActivationId)
    const r = await api.post<Record<string, number>>('/fulfillments/count', {
      customerNumber: '1000002',
      activationId: ids,
    })
    expect(r.http).toBe(200)
    const seeded = await seededTotals('1000002')
    expect(Object.values(seeded).length).toBeGreaterThan(10)
    expect(r.body.data).toEqual(Object.fromEntries(ids.map((id) => [id, seeded[id] ?? 0])))
    expect(Object.values(r.body.data!).some((n) => n === 0)).toBe(true)
    for (const row of rows) {
      expect(row.TotalActivated).toBe(r.body.data![row.ActivationId])
      expect(row.TotalActivated).toBeLessThanOrEqual(row.LineItemQuantity)
    }
  })

  it('answers nothing for another customer’s activation ids', async () => {
    const api = await as(PARTNER)
    const acmeId = demoActivationId('acme-lease-active')
    const r = await api.post('/fulfillments/count', {
      customerNumber: '1000002',
      activationId: [demoActivationId('borealis-lease-active'), acmeId],
    })
    expect(r.http).toBe(400)
    expect(r.body).toEqual({ status: 'FAILURE', err: `Not an entitlement of customer 1000002: ${acmeId}` })
    expect((await api.post('/fulfillments/count', { customerNumber: '1000001', activationId: [acmeId] })).http).toBe(
      403,
    )
  })
})

describe('who is refused', () => {
  const calls: [string, Record<string, unknown>][] = [
    ['/getEntitlements', {}],
    ['/fetchEntitlements', { type: 'ALL' }],
    ['/fetchEntitlements/count', {}],
    ['/fetchEntitlements/distinct', { key: 'Type' }],
    ['/fetchEntitlements/active', {}],
    ['/fetchEntitlements/inactive', {}],
    ['/fetchEntitlementsActive/count', {}],
    ['/fetchEntitlementsInactive/count', {}],
    ['/fulfillments/count', { activationId: [] }],
  ]

  itRefusesOtherAndExportControlledCustomers(as, calls)

  it('lets vendor staff read any other customer', async () => {
    const r = await (await as(BUSOPS)).post<number>('/fetchEntitlements/count', { customerNumber: '1000003' })
    expect(r.body).toEqual({ status: 'SUCCESS', data: 5 })
  })
})
