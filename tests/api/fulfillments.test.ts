/**
 * The fulfilment engine on a real server and database: the rows of a customer's
 * activatable entitlements with their counts on a host, create and return with
 * every refusal (the count over what is available, expired maintenance, an
 * ended or unactivatable entitlement, an inactive host, a stale return), who may
 * read and who may change, the audit records, and the figures the other screens
 * show (/fulfillments/count, Total Activated) agreeing with the rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { first } from '../../db/query'
import { auditLog, fulfillments, hostAccounts, hosts } from '../../db/tables'
import { demoActivationId } from '../../db/seed-entitlements'
import { hostIdentifier } from '../../app/domain/host-id'
import {
  ACTIVATED_FIELD,
  AVAILABLE_FIELD,
  BORROWED_FIELD,
  FULFILLMENTS_FIELD,
  NOT_ENOUGH_PERMISSIONS,
  OVER_AVAILABLE_MESSAGE,
  type ActivationRow,
  type FulfillmentResult,
} from '../../app/domain/activation-types'
import { ACTIVATION_MESSAGES } from '../../app/domain/activation-rules'
import { MANUAL_DRAWDOWN_PRODUCT } from '../../app/domain/product'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { itRefusesOtherAndExportControlledCustomers } from './support/refusals'
import { activeSum, demoHost, fulfillmentBody, fulfillmentFields, lastAudit } from './support/activations'
import { allPages, apiClient, startTestServer, type TestServer } from './support/server'

let server: TestServer
const as = async (email: string) => apiClient(server.url, await getAccessToken(server.url, email))

const ADMIN = 'admin@acme.example'
const VIEWER = 'viewer@acme.example'
const GENERATOR = 'raj.patel@acme.example'
const BUSOPS = 'busops@vendor.example'
const ACME = '1000001'
const LIC01 = demoHost('acme-lic01')
const TRIAD = demoHost('acme-triad')
const OLD = demoHost('acme-old')
const NEW_HOST = { serverId: '0a0b0c0d0e0f', serverIdType: 'ETHERNET' }

const id = (key: string) => demoActivationId(`acme-${key}`)
const ACTIVE_LEASE = id('lease-active')
const BORROW_LEASE = id('lease-last-weeks')

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

async function rowsOn(host: { serverId?: string; serverIdType?: string }, extra: Record<string, unknown> = {}) {
  const api = await as(ADMIN)
  const r = await api.post<ActivationRow[]>('/fulfillments/allentitlements', {
    customerNumber: ACME,
    ...host,
    ...extra,
  })
  expect(r.http, JSON.stringify(r.body)).toBe(200)
  return r.body.data!
}

const rowOf = (rows: ActivationRow[], activationId: string) => rows.find((r) => r.ActivationId === activationId)!

const hostRecord = async (ref: { serverId: string; serverIdType: string }) =>
  (await first(
    server.db
      .select()
      .from(hosts)
      .where(
        eq(
          hosts.identifier,
          hostIdentifier({ ids: ref.serverId.split(','), type: ref.serverIdType.split(',')[0] as 'ETHERNET' }),
        ),
      ),
  ))!

/** How many rows a table has. */
const rowCount = async (table: typeof fulfillments | typeof auditLog) => (await server.db.select().from(table)).length

/** Returns everything the customer has on a host, so a test starts from 0 there. */
async function clear(host: { serverId: string; serverIdType: string }, customer = ACME, email = ADMIN) {
  const api = await as(email)
  const r = await api.post<ActivationRow[]>('/fulfillments/entitlements', { customerNumber: customer, ...host })
  const on = r.body.data!.filter((row) => row[ACTIVATED_FIELD] > 0)
  if (on.length === 0) return
  const back = await api.post(
    '/fulfillments/return',
    fulfillmentBody(customer, host, Object.fromEntries(on.map((row) => [row.ActivationId, -row[ACTIVATED_FIELD]]))),
  )
  expect(back.http, JSON.stringify(back.body)).toBe(200)
}

describe('POST /fulfillments/allentitlements', () => {
  it('lists every activatable entitlement with its counts on the host, permanent first, then by end date', async () => {
    const rows = await rowsOn(LIC01)
    const host = await hostRecord(LIC01)
    expect(rows.length).toBeGreaterThan(5)
    for (const row of rows) {
      expect(row.ProductName).not.toBe(MANUAL_DRAWDOWN_PRODUCT)
      expect(row[ACTIVATED_FIELD]).toBe(await activeSum(server.db, row.ActivationId, host.id))
      expect(row[ACTIVATED_FIELD]).toBe(row[FULFILLMENTS_FIELD].reduce((s, f) => s + f.FulfillCount, 0))
      expect(row[AVAILABLE_FIELD]).toBe(row.LineItemQuantity - (await activeSum(server.db, row.ActivationId)))
    }
    const ids = rows.map((r) => r.ActivationId)
    expect(ids).not.toContain(id('fsa-contract'))
    expect(ids).not.toContain(id('manual-drawdown'))
    expect(ids).toContain(id('subscription'))
    expect(ids).toContain(id('lease-expired'))
    const ends = rows.map((r) => r.EndDate || '9999-12-31')
    expect(ends).toEqual([...ends].sort().reverse())
    expect(rows[0].IsActivationPermanent).toBe('true')
    expect(rowOf(rows, BORROW_LEASE)[BORROWED_FIELD]).toBe(true)
    expect(rowOf(rows, ACTIVE_LEASE)[BORROWED_FIELD]).toBe(false)
    expect(rowOf(rows, ACTIVE_LEASE)).toMatchObject({ Daemon: 'ansyslmd', LicenseModel: 'Annual Lease' })
  })

  it('leaves out ended entitlements with activeOnly and the fulfilment lists with sumOnly', async () => {
    const rows = await rowsOn(LIC01, { activeOnly: true, sumOnly: true })
    expect(rows.map((r) => r.ActivationId)).not.toContain(id('lease-expired'))
    expect(rows.map((r) => r.ActivationId)).toContain(id('lease-ends-today'))
    for (const row of rows) expect(row[FULFILLMENTS_FIELD]).toEqual([])
    expect(rows.some((r) => r[ACTIVATED_FIELD] > 0)).toBe(true)
  })

  it('gives 0 on a new host, with no id or an id no host has, and finds a host by its ids without a type', async () => {
    for (const host of [{}, { serverId: '' }, NEW_HOST]) {
      for (const row of await rowsOn(host)) expect(row[ACTIVATED_FIELD]).toBe(0)
    }
    expect(await rowsOn({ serverId: LIC01.serverId.toUpperCase() })).toEqual(await rowsOn(LIC01))
  })

  it('refuses host ids that fail the checks with their words', async () => {
    const api = await as(ADMIN)
    const r = await api.post('/fulfillments/allentitlements', {
      customerNumber: ACME,
      serverId: '12345',
      serverIdType: 'ETHERNET',
    })
    expect(r.http).toBe(400)
    expect(r.body.err).toBe('Invalid ETHERNET server id: 12345. It must be 12 hexadecimal (0-9, a-f, or A-F) digits.')
  })
})

describe('POST /fulfillments/entitlements', () => {
  it('lists only the rows with a count on the host', async () => {
    const api = await as(VIEWER)
    const r = await api.post<ActivationRow[]>('/fulfillments/entitlements', { customerNumber: ACME, ...LIC01 })
    expect(r.http).toBe(200)
    const all = (await rowsOn(LIC01)).filter((row) => row[ACTIVATED_FIELD] > 0)
    expect(r.body.data).toEqual(all)
    expect((await api.post('/fulfillments/entitlements', { customerNumber: ACME })).http).toBe(400)
  })
})

describe('POST /fulfillments/create', () => {
  it('activates up to what is available, records who and when, and refuses one more', async () => {
    await clear(TRIAD)
    const available = rowOf(await rowsOn(TRIAD), ACTIVE_LEASE)[AVAILABLE_FIELD]
    expect(available).toBeGreaterThan(1)
    const api = await as(ADMIN)
    const started = Date.now()
    const r = await api.post<FulfillmentResult>(
      '/fulfillments/create',
      fulfillmentBody(ACME, TRIAD, { [ACTIVE_LEASE]: available - 1 }),
    )
    expect(r.http, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data!.fulfillments).toEqual([
      {
        FulfillmentID: expect.stringMatching(/^FID-[0-9A-F]{16}$/),
        FulfillCount: available - 1,
        ActivationId: ACTIVE_LEASE,
      },
    ])
    const stored = (await first(
      server.db
        .select()
        .from(fulfillments)
        .where(eq(fulfillments.fulfillmentId, r.body.data!.fulfillments[0].FulfillmentID)),
    ))!
    expect(stored).toMatchObject({ status: 'ACTIVE', action: 'EDIT', modifiedBy: ADMIN, count: available - 1 })
    expect(stored.fulfilledAt).toBeGreaterThanOrEqual(started)

    const row = rowOf(await rowsOn(TRIAD), ACTIVE_LEASE)
    expect(row[ACTIVATED_FIELD]).toBe(available - 1)
    expect(row[AVAILABLE_FIELD]).toBe(1)

    const over = await api.post('/fulfillments/create', fulfillmentBody(ACME, TRIAD, { [ACTIVE_LEASE]: 2 }))
    expect([over.http, over.body.err]).toEqual([409, OVER_AVAILABLE_MESSAGE])
    expect(rowOf(await rowsOn(TRIAD), ACTIVE_LEASE)[ACTIVATED_FIELD]).toBe(available - 1)
    const last = await api.post('/fulfillments/create', fulfillmentBody(ACME, TRIAD, { [ACTIVE_LEASE]: 1 }))
    expect(last.http).toBe(200)
    expect(rowOf(await rowsOn(TRIAD), ACTIVE_LEASE)).toMatchObject({
      [ACTIVATED_FIELD]: available,
      [AVAILABLE_FIELD]: 0,
    })
    await clear(TRIAD)
  })

  it('writes nothing when any entitlement of the list is refused', async () => {
    await clear(TRIAD)
    const api = await as(ADMIN)
    const before = await rowCount(fulfillments)
    const audits = await rowCount(auditLog)
    const r = await api.post(
      '/fulfillments/create',
      fulfillmentBody(ACME, TRIAD, { [id('subscription')]: 1, [id('perpetual-lapsed')]: 1 }),
    )
    expect([r.http, r.body.err]).toEqual([409, `The maintenance of ${id('perpetual-lapsed')} has expired.`])
    expect(await rowCount(fulfillments)).toBe(before)
    expect(await rowCount(auditLog)).toBe(audits)
  })

  it('refuses ended, unactivatable and unknown entitlements, repeated ids and counts that are not above 0', async () => {
    const api = await as(ADMIN)
    const create = (activations: Record<string, number>) =>
      api.post('/fulfillments/create', fulfillmentBody(ACME, TRIAD, activations))
    const cases: [Record<string, number>, number, string][] = [
      [{ [id('lease-expired')]: 1 }, 409, ACTIVATION_MESSAGES.ended(id('lease-expired'))],
      [{ [id('manual-drawdown')]: 1 }, 409, ACTIVATION_MESSAGES.notActivatable(id('manual-drawdown'))],
      [{ [id('fsa-contract')]: 1 }, 409, ACTIVATION_MESSAGES.notActivatable(id('fsa-contract'))],
      [
        { [demoActivationId('borealis-lease-active')]: 1 },
        404,
        `${demoActivationId('borealis-lease-active')} is not an entitlement of customer ${ACME}`,
      ],
      [{ [ACTIVE_LEASE]: 0 }, 400, 'activations.0.count: count must be above 0'],
    ]
    for (const [activations, http, err] of cases) {
      const r = await create(activations)
      expect([r.http, r.body.err]).toEqual([http, err])
    }
    const repeated = await api.post('/fulfillments/create', {
      ...fulfillmentBody(ACME, TRIAD, {}),
      activations: [
        { id: ACTIVE_LEASE, count: 1 },
        { id: ACTIVE_LEASE, count: 1 },
      ],
    })
    expect([repeated.http, repeated.body.err]).toEqual([400, `activations: ${ACTIVE_LEASE} is named more than once`])
  })

  it('refuses an inactive host, a host that does not exist and host ids that fail the checks', async () => {
    const api = await as(ADMIN)
    const inactive = await api.post('/fulfillments/create', fulfillmentBody(ACME, OLD, { [ACTIVE_LEASE]: 1 }))
    expect([inactive.http, inactive.body.err]).toEqual([
      409,
      ACTIVATION_MESSAGES.inactiveHost(`${OLD.name} (DISK_SERIAL_NUM=a1b2c3d4)`),
    ])
    const missing = await api.post('/fulfillments/create', fulfillmentBody(ACME, NEW_HOST, { [ACTIVE_LEASE]: 1 }))
    expect(missing.http).toBe(404)
    const mixed = await api.post(
      '/fulfillments/create',
      fulfillmentBody(
        ACME,
        { serverId: '0a0b0c0d0e0f,a1b2c3d4,0a0b0c0d0e01', serverIdType: 'ETHERNET,DISK_SERIAL_NUM,ETHERNET' },
        { [ACTIVE_LEASE]: 1 },
      ),
    )
    expect([mixed.http, mixed.body.err]).toEqual([400, 'Triad servers must all be the same host id type'])
  })

  it('adds the customer to the host group when it activates on a host of another customer', async () => {
    const host = await hostRecord(demoHost('cobalt-lic01'))
    const busops = await as(BUSOPS)
    const inGroup = async () =>
      (
        await server.db
          .select()
          .from(hostAccounts)
          .where(and(eq(hostAccounts.hostId, host.id), eq(hostAccounts.accountId, ACME)))
      ).length
    expect(await inGroup()).toBe(0)
    const r = await busops.post(
      '/fulfillments/create',
      fulfillmentBody(ACME, demoHost('cobalt-lic01'), { [id('subscription')]: 1 }),
    )
    expect(r.http, JSON.stringify(r.body)).toBe(200)
    expect(await inGroup()).toBe(1)
    const audit = await lastAudit(server.db, and(eq(auditLog.accountId, ACME), eq(auditLog.area, 'activations')))
    expect(audit).toMatchObject({ actorEmail: BUSOPS, action: 'create' })
    expect(audit.before).toMatchObject({ host: host.identifier, joinedGroup: true })
    await clear(demoHost('cobalt-lic01'), ACME, BUSOPS)
  })
})

describe('POST /fulfillments/return', () => {
  it('returns exactly what is active on the host: the fulfilments become inactive with who and when', async () => {
    await clear(TRIAD)
    const api = await as(ADMIN)
    const first = await api.post<FulfillmentResult>(
      '/fulfillments/create',
      fulfillmentBody(ACME, TRIAD, { [ACTIVE_LEASE]: 1 }),
    )
    const second = await api.post<FulfillmentResult>(
      '/fulfillments/create',
      fulfillmentBody(ACME, TRIAD, { [ACTIVE_LEASE]: 1 }),
    )
    expect([first.http, second.http]).toEqual([200, 200])
    const audits = await rowCount(auditLog)

    const stale = await api.post('/fulfillments/return', fulfillmentBody(ACME, TRIAD, { [ACTIVE_LEASE]: -1 }))
    expect([stale.http, stale.body.err]).toEqual([409, ACTIVATION_MESSAGES.changed])
    expect(rowOf(await rowsOn(TRIAD), ACTIVE_LEASE)[ACTIVATED_FIELD]).toBe(2)
    expect(await rowCount(auditLog)).toBe(audits)

    const started = Date.now()
    const r = await api.post<FulfillmentResult>(
      '/fulfillments/return',
      fulfillmentBody(ACME, TRIAD, { [ACTIVE_LEASE]: -2 }),
    )
    expect(r.http, JSON.stringify(r.body)).toBe(200)
    const ids = [first, second].map((c) => c.body.data!.fulfillments[0].FulfillmentID)
    expect(r.body.data!.fulfillments.map((f) => f.FulfillmentID).sort()).toEqual([...ids].sort())
    for (const fid of ids) {
      const [row] = await server.db.select().from(fulfillments).where(eq(fulfillments.fulfillmentId, fid))
      expect(row).toMatchObject({ status: 'INACTIVE', returnedBy: ADMIN })
      expect(row.returnedAt).toBeGreaterThanOrEqual(started)
    }
    expect(rowOf(await rowsOn(TRIAD), ACTIVE_LEASE)[ACTIVATED_FIELD]).toBe(0)
    const audit = await lastAudit(server.db)
    expect(audit).toMatchObject({ actorEmail: ADMIN, accountId: ACME, area: 'activations', action: 'return' })
    expect(audit.before).toMatchObject({ [ACTIVATED_FIELD]: { [ACTIVE_LEASE]: 2 } })

    const again = await api.post('/fulfillments/return', fulfillmentBody(ACME, TRIAD, { [ACTIVE_LEASE]: -2 }))
    expect([again.http, again.body.err]).toEqual([409, ACTIVATION_MESSAGES.changed])
    const positive = await api.post('/fulfillments/return', fulfillmentBody(ACME, TRIAD, { [ACTIVE_LEASE]: 2 }))
    expect([positive.http, positive.body.err]).toEqual([400, 'activations.0.count: count must be below 0'])
  })
})

describe('the figures of the other screens', () => {
  it('agree with the rows after a create: /fulfillments/count and Total Activated', async () => {
    await clear(TRIAD)
    const api = await as(ADMIN)
    expect(
      (await api.post('/fulfillments/create', fulfillmentBody(ACME, TRIAD, { [ACTIVE_LEASE]: 1, [BORROW_LEASE]: 1 })))
        .http,
    ).toBe(200)
    const rows = await rowsOn(TRIAD)
    const counts = await api.post<Record<string, number>>('/fulfillments/count', {
      customerNumber: ACME,
      activationId: rows.map((r) => r.ActivationId),
    })
    expect(counts.http).toBe(200)
    const grid = (
      await allPages<{ ActivationId: string; TotalActivated: number }>(api, '/fetchEntitlements', {
        customerNumber: ACME,
        type: 'ALL',
      })
    ).rows
    for (const row of rows) {
      const total = row.LineItemQuantity - row[AVAILABLE_FIELD]
      expect(counts.body.data![row.ActivationId]).toBe(total)
      expect(grid.find((g) => g.ActivationId === row.ActivationId)!.TotalActivated).toBe(total)
      expect(total).toBe(await activeSum(server.db, row.ActivationId))
    }
    await clear(TRIAD)
  })
})

describe('who may read and who may change', () => {
  it('lets a view-only user read but not create or return', async () => {
    const viewer = await as(VIEWER)
    expect((await viewer.post('/fulfillments/allentitlements', { customerNumber: ACME, ...LIC01 })).http).toBe(200)
    for (const [path, count] of [
      ['/fulfillments/create', 1],
      ['/fulfillments/return', -1],
    ] as const) {
      const r = await viewer.post(path, fulfillmentBody(ACME, TRIAD, { [ACTIVE_LEASE]: count }))
      expect([path, r.http, r.body.err]).toEqual([path, 403, NOT_ENOUGH_PERMISSIONS])
    }
  })

  it('refuses a user without the activations permission every call', async () => {
    const api = await as(GENERATOR)
    for (const [path, body] of [
      ['/fulfillments/allentitlements', { customerNumber: ACME, ...LIC01 }],
      ['/fulfillments/entitlements', { customerNumber: ACME, ...LIC01 }],
      ['/fulfillments/create', fulfillmentBody(ACME, TRIAD, { [ACTIVE_LEASE]: 1 })],
      ['/fulfillments/return', fulfillmentBody(ACME, TRIAD, { [ACTIVE_LEASE]: -1 })],
    ] as const) {
      const r = await api.post(path, body)
      expect([path, r.http, r.body.err]).toEqual([path, 403, ACTIVATION_MESSAGES.noAccess])
    }
  })

  itRefusesOtherAndExportControlledCustomers(as, [
    ['/fulfillments/allentitlements', { serverId: '' }],
    ['/fulfillments/entitlements', { ...LIC01 }],
    ['/fulfillments/create', fulfillmentFields(LIC01, { [ACTIVE_LEASE]: 1 })],
    ['/fulfillments/return', fulfillmentFields(LIC01, { [ACTIVE_LEASE]: -1 })],
  ])
})
