/**
 * Manage Activations' host actions on a real server and database: deactivate,
 * rehost and delete, each all or nothing. Activations are put on hosts through
 * the real create call. A failure forced by the database between two steps of a
 * rehost (a trigger) proves that nothing of it is kept; two actions on one host
 * at once prove that only one of them happens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { ENGINE } from '../../db/engine'
import { first } from '../../db/query'
import { rawRun } from '../../db/raw'
import { auditLog, entitlements, fulfillments, hostAccounts, hosts } from '../../db/tables'
import {
  ACTIVATED_FIELD,
  AVAILABLE_FIELD,
  BORROWABLE_FIELD,
  NOT_ENOUGH_PERMISSIONS,
  type ActivationRow,
  type AddServerResult,
  type HostMoveResult,
  type LicenseFile,
  type ServerSummary,
} from '../../app/domain/activation-types'
import { HOST_ACTION_MESSAGES } from '../../app/domain/host-actions'
import { ADD_HOST_MESSAGES } from '../../app/domain/add-host'
import { todayUtc } from '../../app/domain/entitlements'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { itRefusesOtherAndExportControlledCustomers } from './support/refusals'
import { activeSum, fulfillmentBody, incrementOf, sharedServerGroup } from './support/activations'
import { apiClient, startTestServer, type TestServer } from './support/server'

let server: TestServer
const as = async (email: string) => apiClient(server.url, await getAccessToken(server.url, email))

const PARTNER = 'partner@channel.example'
/** Administrator of 1000002 only. */
const MARTA = 'marta.lindqvist@borealis.example'
const ADMIN = 'admin@acme.example'
const VIEWER = 'viewer@acme.example'
const BUSOPS = 'busops@vendor.example'
const ACME = '1000001'
const BOREALIS = '1000002'
const COBALT = '1000003'

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

let nextMac = 0x0c0000000000
const newMac = () => (nextMac++).toString(16).padStart(12, '0')
const ref = (mac: string) => ({ hostId: mac, hostIdType: 'ETHERNET' })
const serverRef = (mac: string) => ({ serverId: mac, serverIdType: 'ETHERNET' })

/** A new host of `customer`'s, added through the API by `email`. */
async function newHost(customer: string, email = BUSOPS) {
  const mac = newMac()
  const r = await (
    await as(email)
  ).post<AddServerResult>('/fulfillments/servers/add', {
    customerNumber: customer,
    serverName: `move-${mac}`,
    serverId: mac,
    serverIdType: 'ETHERNET',
  })
  expect(r.http, JSON.stringify(r.body)).toBe(200)
  return { mac, id: r.body.data!.server.id, name: `move-${mac}` }
}

/** Activation ids of the customer with something available and maintenance not lapsed. */
async function activatable(customer: string, email: string, n: number): Promise<string[]> {
  const r = await (
    await as(email)
  ).post<ActivationRow[]>('/fulfillments/allentitlements', { customerNumber: customer, activeOnly: true })
  const today = todayUtc()
  const ids = r.body
    .data!.filter((row) => row[AVAILABLE_FIELD] > 0 && (!row.VersionDate || row.VersionDate.slice(0, 10) >= today))
    .map((row) => row.ActivationId)
  expect(ids.length).toBeGreaterThanOrEqual(n)
  return ids.slice(0, n)
}

/** Activates one of each id on the host through the create call. */
async function activateOn(customer: string, email: string, mac: string, ids: string[]) {
  const r = await (
    await as(email)
  ).post(
    '/fulfillments/create',
    fulfillmentBody(customer, serverRef(mac), Object.fromEntries(ids.map((id) => [id, 1]))),
  )
  expect(r.http, JSON.stringify(r.body)).toBe(200)
}

const hostRow = async (mac: string) => await first(server.db.select().from(hosts).where(eq(hosts.hostIds, mac)))
const groupOf = (hostId: number) => sharedServerGroup(server.db, hostId)
const activeOn = async (hostId: number) =>
  await server.db
    .select({ activationId: entitlements.activationId, count: fulfillments.count, action: fulfillments.action })
    .from(fulfillments)
    .innerJoin(entitlements, eq(entitlements.id, fulfillments.entitlementId))
    .where(and(eq(fulfillments.hostId, hostId), eq(fulfillments.status, 'ACTIVE')))
    .orderBy(asc(entitlements.activationId))
const auditsSince = async (id: number) =>
  await server.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.id} > ${id}`)
    .orderBy(asc(auditLog.id))
const lastAuditId = async () =>
  (await first(server.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id))))?.id ?? 0

/** Everything the host actions may change, to prove an action that failed changed none of it. */
const snapshot = async () => ({
  hosts: await server.db.select().from(hosts).orderBy(asc(hosts.id)),
  groups: await server.db.select().from(hostAccounts).orderBy(asc(hostAccounts.hostId), asc(hostAccounts.accountId)),
  fulfillments: await server.db.select().from(fulfillments).orderBy(asc(fulfillments.id)),
  audit: await lastAuditId(),
})

/**
 * A trigger that fails every insert into `table` of a row that `when` (SQL over NEW) holds for, as the
 * database's own error; the function returned drops it.
 */
async function failInserts(table: string, when: string): Promise<() => Promise<void>> {
  if (ENGINE === 'postgres') {
    await rawRun(
      server.db,
      sql.raw(`CREATE FUNCTION injected_failure() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'injected'; END $$`),
    )
    await rawRun(
      server.db,
      sql.raw(`CREATE TRIGGER injected_failure BEFORE INSERT ON ${table} FOR EACH ROW WHEN (${when})
        EXECUTE FUNCTION injected_failure()`),
    )
    return async () => {
      await rawRun(server.db, sql.raw(`DROP TRIGGER injected_failure ON ${table}`))
      await rawRun(server.db, sql.raw('DROP FUNCTION injected_failure()'))
    }
  }
  await rawRun(
    server.db,
    sql.raw(
      `CREATE TRIGGER injected_failure BEFORE INSERT ON ${table} WHEN ${when} BEGIN SELECT RAISE(ABORT, 'injected'); END`,
    ),
  )
  return async () => void (await rawRun(server.db, sql.raw('DROP TRIGGER injected_failure')))
}

describe('POST /api/fulfillments/servers/deactivate', () => {
  it('returns every activation of every customer on the host and makes it inactive, audited per customer', async () => {
    const host = await newHost(BOREALIS)
    const [b] = await activatable(BOREALIS, PARTNER, 1)
    const [c] = await activatable(COBALT, PARTNER, 1)
    await activateOn(BOREALIS, PARTNER, host.mac, [b])
    await activateOn(COBALT, PARTNER, host.mac, [c])
    const before = { b: await activeSum(server.db, b), c: await activeSum(server.db, c) }
    const audit = await lastAuditId()

    const r = await (
      await as(PARTNER)
    ).post<HostMoveResult>('/fulfillments/servers/deactivate', { customerNumber: BOREALIS, ...ref(host.mac) })
    expect(r.http, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data).toMatchObject({ from: { id: host.id, state: 'INACTIVE' }, to: null, returned: 2 })
    expect((await hostRow(host.mac))!.state).toBe('INACTIVE')
    expect(await activeOn(host.id)).toEqual([])
    expect([await activeSum(server.db, b), await activeSum(server.db, c)]).toEqual([before.b - 1, before.c - 1])
    expect(await groupOf(host.id)).toEqual([BOREALIS, COBALT])
    const records = await auditsSince(audit)
    expect(records.map((a) => [a.accountId, a.action, a.actorEmail])).toEqual([
      [BOREALIS, 'deactivate host', PARTNER],
      [COBALT, 'deactivate host', PARTNER],
    ])
    expect(records[1]).toMatchObject({
      before: { host: host.mac, state: 'ACTIVE', activations: { [c]: 1 } },
      after: { host: host.mac, state: 'INACTIVE', activations: {} },
    })

    // The returns are in the host's history, and an inactive host takes no new activations.
    const history = await (
      await as(PARTNER)
    ).post<{ fulfillments: { FulfillCount: number; modifiedby: string }[] }[]>('/fulfillments/servers/export', {
      customerNumber: BOREALIS,
      hostIds: String(host.id),
    })
    expect(history.body.data![0].fulfillments.map((f) => [f.FulfillCount, f.modifiedby])).toEqual([
      [1, PARTNER],
      [-1, PARTNER],
    ])
    const again = await (
      await as(PARTNER)
    ).post('/fulfillments/servers/deactivate', { customerNumber: BOREALIS, ...ref(host.mac) })
    expect([again.http, again.body.err]).toEqual([409, HOST_ACTION_MESSAGES.notActive])
  })

  it('refuses a host that also holds activations of a customer the caller may not see, changing nothing', async () => {
    const host = await newHost(BOREALIS)
    const [b] = await activatable(BOREALIS, PARTNER, 1)
    const [c] = await activatable(COBALT, PARTNER, 1)
    await activateOn(BOREALIS, PARTNER, host.mac, [b])
    await activateOn(COBALT, PARTNER, host.mac, [c])
    const before = await snapshot()
    const r = await (
      await as(MARTA)
    ).post('/fulfillments/servers/deactivate', { customerNumber: BOREALIS, ...ref(host.mac) })
    expect([r.http, r.body.err]).toEqual([409, HOST_ACTION_MESSAGES.othersActive(host.name)])
    expect(await snapshot()).toEqual(before)
  })

  it('is blocked by an activation whose maintenance has lapsed, naming it', async () => {
    const host = await newHost(BOREALIS)
    const [b] = await activatable(BOREALIS, PARTNER, 1)
    await activateOn(BOREALIS, PARTNER, host.mac, [b])
    const e = (await first(server.db.select().from(entitlements).where(eq(entitlements.activationId, b))))!
    await server.db.update(entitlements).set({ versionDate: '2020-01-31' }).where(eq(entitlements.id, e.id))
    try {
      const before = await snapshot()
      const r = await (
        await as(PARTNER)
      ).post('/fulfillments/servers/deactivate', { customerNumber: BOREALIS, ...ref(host.mac) })
      expect([r.http, r.body.err]).toEqual([
        409,
        HOST_ACTION_MESSAGES.maintenanceExpired([`${e.productName} (${e.activationId})`]),
      ])
      expect(await snapshot()).toEqual(before)
    } finally {
      await server.db.update(entitlements).set({ versionDate: e.versionDate }).where(eq(entitlements.id, e.id))
    }
  })

  it('refuses a view-only user with 403 and changes nothing', async () => {
    const host = await newHost(ACME)
    const before = await snapshot()
    const r = await (
      await as(VIEWER)
    ).post('/fulfillments/servers/deactivate', { customerNumber: ACME, ...ref(host.mac) })
    expect([r.http, r.body.err]).toEqual([403, NOT_ENOUGH_PERMISSIONS])
    expect(await snapshot()).toEqual(before)
  })
})

describe('POST /api/fulfillments/servers/rehost', () => {
  it('moves every count and the borrowable flag to a new host, the old one inactive, the file naming the new host', async () => {
    const old = await newHost(BOREALIS)
    await server.db.update(hosts).set({ borrowable: 1, port: 27001 }).where(eq(hosts.id, old.id))
    const [b1, b2] = await activatable(BOREALIS, PARTNER, 2)
    const [c] = await activatable(COBALT, PARTNER, 1)
    await activateOn(BOREALIS, PARTNER, old.mac, [b1, b2])
    await activateOn(BOREALIS, PARTNER, old.mac, [b1])
    await activateOn(COBALT, PARTNER, old.mac, [c])
    const sums = [await activeSum(server.db, b1), await activeSum(server.db, b2), await activeSum(server.db, c)]
    const audit = await lastAuditId()
    const mac = newMac()

    const r = await (
      await as(PARTNER)
    ).post<HostMoveResult>('/fulfillments/servers/rehost', {
      customerNumber: BOREALIS,
      ...ref(old.mac),
      serverName: 'moved-lic',
      ...serverRef(mac.toUpperCase()),
    })
    expect(r.http, JSON.stringify(r.body)).toBe(200)
    const result = r.body.data!
    expect(result.from).toMatchObject({ id: old.id, state: 'INACTIVE' })
    expect(result.to).toMatchObject({
      name: 'moved-lic',
      serverId: mac,
      state: 'ACTIVE',
      portNumber: 27001,
      [BORROWABLE_FIELD]: true,
      customers: [BOREALIS, COBALT],
    })
    expect([result.returned, result.created]).toEqual([4, 3])
    expect(await activeOn(old.id)).toEqual([])
    expect(await activeOn(result.to!.id)).toEqual(
      [
        { activationId: b1, count: 2, action: 'REHOST' },
        { activationId: b2, count: 1, action: 'REHOST' },
        { activationId: c, count: 1, action: 'REHOST' },
      ].sort((x, y) => (x.activationId < y.activationId ? -1 : 1)),
    )
    // The totals are the same: the counts moved, nothing was gained or lost.
    expect([await activeSum(server.db, b1), await activeSum(server.db, b2), await activeSum(server.db, c)]).toEqual(
      sums,
    )
    expect(await groupOf(result.to!.id)).toEqual([BOREALIS, COBALT])
    expect((await auditsSince(audit)).map((a) => [a.accountId, a.action])).toEqual([
      [BOREALIS, 'rehost'],
      [COBALT, 'rehost'],
    ])

    const file = await (
      await as(PARTNER)
    ).post<LicenseFile>('/fulfillments/download', { customerNumber: BOREALIS, ...serverRef(mac) })
    expect(file.http).toBe(200)
    expect(file.body.data!.licenseFileName).toBe(`license_${BOREALIS}-${COBALT}_${mac}_shared.lic`)
    expect(file.body.data!.licenseText).toContain(`SERVER moved-lic ${mac} 27001`)
    expect(incrementOf(file.body.data!.licenseText, b1)).toBeDefined()
    const rows = await (
      await as(PARTNER)
    ).post<ActivationRow[]>('/fulfillments/entitlements', { customerNumber: BOREALIS, ...serverRef(mac) })
    expect(rows.body.data!.find((row) => row.ActivationId === b1)![ACTIVATED_FIELD]).toBe(2)
  })

  it('reuses an inactive host with the identifier, under the new name', async () => {
    const old = await newHost(BOREALIS)
    const parked = await newHost(BOREALIS)
    const partner = await as(PARTNER)
    await partner.post('/fulfillments/servers/deactivate', { customerNumber: BOREALIS, ...ref(parked.mac) })
    const [b] = await activatable(BOREALIS, PARTNER, 1)
    await activateOn(BOREALIS, PARTNER, old.mac, [b])
    const r = await partner.post<HostMoveResult>('/fulfillments/servers/rehost', {
      customerNumber: BOREALIS,
      ...ref(old.mac),
      serverName: 'parked-again',
      ...serverRef(parked.mac),
    })
    expect(r.http, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data!.to).toMatchObject({ id: parked.id, name: 'parked-again', state: 'ACTIVE' })
    expect(await activeOn(parked.id)).toEqual([{ activationId: b, count: 1, action: 'REHOST' }])
  })

  it('refuses an active target of the same name and identifier, the host itself and bad input, changing nothing', async () => {
    const old = await newHost(BOREALIS)
    const busy = await newHost(BOREALIS)
    const [b] = await activatable(BOREALIS, PARTNER, 1)
    await activateOn(BOREALIS, PARTNER, old.mac, [b])
    const partner = await as(PARTNER)
    const before = await snapshot()
    const rehost = (target: Record<string, unknown>) =>
      partner.post('/fulfillments/servers/rehost', { customerNumber: BOREALIS, ...ref(old.mac), ...target })

    const active = await rehost({ serverName: busy.name, ...serverRef(busy.mac) })
    expect([active.http, active.body.err]).toEqual([409, `Host ${busy.name} (${busy.mac}) is active.`])
    const itself = await rehost({ serverName: 'other', ...serverRef(old.mac) })
    expect([itself.http, itself.body.err]).toEqual([409, HOST_ACTION_MESSAGES.sameHost])
    const badId = await rehost({ serverName: 'ok', serverId: 'zz', serverIdType: 'ETHERNET' })
    expect(badId.http).toBe(400)
    expect(badId.body.err).toMatch(/^Invalid ETHERNET server id: zz\./)
    const badName = await rehost({ serverName: 'two words', ...serverRef(newMac()) })
    expect([badName.http, badName.body.err]).toEqual([400, 'Please remove spaces and special characters.'])
    expect(await snapshot()).toEqual(before)
  })

  it('refuses a view-only user and an inactive host', async () => {
    const host = await newHost(ACME)
    const viewer = await (
      await as(VIEWER)
    ).post('/fulfillments/servers/rehost', {
      customerNumber: ACME,
      ...ref(host.mac),
      serverName: 'x',
      ...serverRef(newMac()),
    })
    expect([viewer.http, viewer.body.err]).toEqual([403, NOT_ENOUGH_PERMISSIONS])
    const admin = await as(ADMIN)
    await admin.post('/fulfillments/servers/deactivate', { customerNumber: ACME, ...ref(host.mac) })
    const inactive = await admin.post('/fulfillments/servers/rehost', {
      customerNumber: ACME,
      ...ref(host.mac),
      serverName: 'x',
      ...serverRef(newMac()),
    })
    expect([inactive.http, inactive.body.err]).toEqual([409, HOST_ACTION_MESSAGES.notActive])
  })

  for (const [step, table, when] of [
    ['creating the fulfilments on the new host', 'fulfillments', `NEW.action = 'REHOST'`],
    ['joining the new host’s group, its last step', 'host_accounts', `NEW.account_id = '${COBALT}'`],
  ] as const) {
    it(`keeps nothing of a rehost that fails while ${step}`, async () => {
      const old = await newHost(BOREALIS)
      const [b] = await activatable(BOREALIS, PARTNER, 1)
      const [c] = await activatable(COBALT, PARTNER, 1)
      await activateOn(BOREALIS, PARTNER, old.mac, [b])
      await activateOn(COBALT, PARTNER, old.mac, [c])
      const before = await snapshot()
      const dropTrigger = await failInserts(table, when)
      try {
        const mac = newMac()
        const r = await (
          await as(PARTNER)
        ).post('/fulfillments/servers/rehost', {
          customerNumber: BOREALIS,
          ...ref(old.mac),
          serverName: 'never-there',
          ...serverRef(mac),
        })
        expect(r.http).toBe(500)
        expect(await snapshot()).toEqual(before)
        expect(await hostRow(mac)).toBeUndefined()
        expect((await hostRow(old.mac))!.state).toBe('ACTIVE')
      } finally {
        await dropTrigger()
      }
    })
  }

  it('does one of two actions on the same host at once: the other is refused and nothing is lost', async () => {
    const old = await newHost(BOREALIS)
    const [b] = await activatable(BOREALIS, PARTNER, 1)
    await activateOn(BOREALIS, PARTNER, old.mac, [b])
    const sum = await activeSum(server.db, b)
    const partner = await as(PARTNER)
    const mac = newMac()
    const [rehost, deactivate] = await Promise.all([
      partner.post<HostMoveResult>('/fulfillments/servers/rehost', {
        customerNumber: BOREALIS,
        ...ref(old.mac),
        serverName: 'raced',
        ...serverRef(mac),
      }),
      partner.post<HostMoveResult>('/fulfillments/servers/deactivate', { customerNumber: BOREALIS, ...ref(old.mac) }),
    ])
    expect([rehost.http, deactivate.http].sort()).toEqual([200, 409])
    expect((await hostRow(old.mac))!.state).toBe('INACTIVE')
    if (rehost.http === 200) {
      expect(await activeSum(server.db, b)).toBe(sum)
      expect(deactivate.body.err).toBe(HOST_ACTION_MESSAGES.notActive)
    } else {
      expect(await activeSum(server.db, b)).toBe(sum - 1)
      expect(await hostRow(mac)).toBeUndefined()
    }
  })
})

describe('POST /api/fulfillments/servers/remove', () => {
  it('deletes an inactive host from the customer’s hosts, audited; adding it again brings it back', async () => {
    const host = await newHost(BOREALIS)
    const partner = await as(PARTNER)
    const active = await partner.post('/fulfillments/servers/remove', { customerNumber: BOREALIS, ...ref(host.mac) })
    expect([active.http, active.body.err]).toEqual([409, HOST_ACTION_MESSAGES.notInactive])
    await partner.post('/fulfillments/servers/deactivate', { customerNumber: BOREALIS, ...ref(host.mac) })
    const audit = await lastAuditId()
    const r = await partner.post<HostMoveResult>('/fulfillments/servers/remove', {
      customerNumber: BOREALIS,
      ...ref(host.mac),
    })
    expect(r.http, JSON.stringify(r.body)).toBe(200)
    expect(await groupOf(host.id)).toEqual([])
    const servers = await partner.post<ServerSummary[]>('/fulfillments/servers', { customerNumber: BOREALIS })
    expect(servers.body.data!.map((s) => s.id)).not.toContain(host.id)
    expect(await auditsSince(audit)).toMatchObject([
      { accountId: BOREALIS, action: 'delete host', before: { host: host.mac, state: 'INACTIVE' }, after: null },
    ])
    const gone = await partner.post('/fulfillments/servers/remove', { customerNumber: BOREALIS, ...ref(host.mac) })
    expect(gone.http).toBe(404)

    const again = await partner.post<AddServerResult>('/fulfillments/servers/add', {
      customerNumber: BOREALIS,
      serverName: host.name,
      ...serverRef(host.mac),
    })
    expect(again.http, JSON.stringify(again.body)).toBe(200)
    expect(again.body.data).toMatchObject({ server: { id: host.id, state: 'ACTIVE' }, reactivated: true })
  })

  it('leaves the host to the other customers of its group', async () => {
    const host = await newHost(BOREALIS)
    const partner = await as(PARTNER)
    const [c] = await activatable(COBALT, PARTNER, 1)
    await activateOn(COBALT, PARTNER, host.mac, [c])
    await partner.post('/fulfillments/servers/deactivate', { customerNumber: BOREALIS, ...ref(host.mac) })
    await partner.post('/fulfillments/servers/remove', { customerNumber: BOREALIS, ...ref(host.mac) })
    expect(await groupOf(host.id)).toEqual([COBALT])
    // Still in use by its group, so adding it under the same name is refused as in use.
    const add = await partner.post('/fulfillments/servers/add', {
      customerNumber: BOREALIS,
      serverName: host.name,
      ...serverRef(host.mac),
    })
    expect([add.http, add.body.err]).toEqual([409, ADD_HOST_MESSAGES.inUse(host.name, host.mac)])
  })

  it('refuses a view-only user', async () => {
    const host = await newHost(ACME)
    await (await as(ADMIN)).post('/fulfillments/servers/deactivate', { customerNumber: ACME, ...ref(host.mac) })
    const r = await (await as(VIEWER)).post('/fulfillments/servers/remove', { customerNumber: ACME, ...ref(host.mac) })
    expect([r.http, r.body.err]).toEqual([403, NOT_ENOUGH_PERMISSIONS])
    expect(await groupOf(host.id)).toEqual([ACME])
  })
})

describe('access', () => {
  itRefusesOtherAndExportControlledCustomers(as, [
    ['/fulfillments/servers/deactivate', ref('00155d0a1b2c')],
    ['/fulfillments/servers/rehost', { ...ref('00155d0a1b2c'), serverName: 'x', ...serverRef('0c0c0c0c0c0c') }],
    ['/fulfillments/servers/remove', ref('00155d0a1b2c')],
  ])

  it('refuses a host of another customer’s group with 404', async () => {
    const host = await newHost(COBALT)
    const r = await (
      await as(MARTA)
    ).post('/fulfillments/servers/deactivate', { customerNumber: BOREALIS, ...ref(host.mac) })
    expect(r.http).toBe(404)
    expect((await hostRow(host.mac))!.state).toBe('ACTIVE')
  })
})
