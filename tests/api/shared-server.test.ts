/**
 * The shared-server group calls on a real server and database: setting a host's
 * group, dropping the customers left without activations, and a customer leaving
 * the host (the host INACTIVE once no one is left). Customers the caller may not
 * see, customers under export control and customers with activations on the host
 * are never taken out; view-only users and users without the activations
 * permission are refused; every change is audited.
 *
 * Each test adds its own host (through the API) and puts activations on it with
 * fulfilment rows written here, as the fulfilment calls would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, desc, eq } from 'drizzle-orm'
import { first } from '../../db/query'
import { accounts, auditLog, entitlements, fulfillments, hostAccounts, hosts } from '../../db/tables'
import { NOT_ENOUGH_PERMISSIONS, type AddServerResult } from '../../app/domain/activation-types'
import { EXPORT_DENIED_MESSAGE } from '../../api/access'
import { ACTIVATION_MESSAGES } from '../../app/domain/activation-rules'
import { SHARED_SERVER_MESSAGES } from '../../api/shared-server'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { itRefusesOtherAndExportControlledCustomers } from './support/refusals'
import { apiClient, startTestServer, type TestServer } from './support/server'

let server: TestServer
const as = async (email: string) => apiClient(server.url, await getAccessToken(server.url, email))

const PARTNER = 'partner@channel.example'
/** Administrator of 1000002 only. */
const MARTA = 'marta.lindqvist@borealis.example'
/** Viewer of 1000002. */
const OLE = 'ole.hansen@borealis.example'
const BUSOPS = 'busops@vendor.example'
const GENERATOR = 'raj.patel@acme.example'
const ACME = '1000001'
const BOREALIS = '1000002'
const COBALT = '1000003'
const EMBARGO = '1000005'

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

let nextMac = 0x0b0000000000
let nextFulfillment = 1

interface TestHost {
  id: number
  ref: { hostId: string; hostIdType: string }
}

/** A new host of `customer`'s, added through the API. */
async function newHost(customer = BOREALIS): Promise<TestHost> {
  const mac = (nextMac++).toString(16).padStart(12, '0')
  const r = await (
    await as(BUSOPS)
  ).post<AddServerResult>('/fulfillments/servers/add', {
    customerNumber: customer,
    serverName: `shared-${mac}`,
    serverId: mac,
    serverIdType: 'ETHERNET',
  })
  expect(r.http).toBe(200)
  return { id: r.body.data!.server.id, ref: { hostId: mac, hostIdType: 'ETHERNET' } }
}

/** Puts the customer in the host's group with an active fulfilment of one of its entitlements there. */
async function activate(host: TestHost, customer: string) {
  const entitlement = (await first(
    server.db
      .select({ id: entitlements.id })
      .from(entitlements)
      .where(and(eq(entitlements.accountId, customer), eq(entitlements.type, 'SSL')))
      .orderBy(entitlements.id),
  ))!
  await server.db.insert(hostAccounts).values({ hostId: host.id, accountId: customer }).onConflictDoNothing()
  return first(
    server.db
      .insert(fulfillments)
      .values({
        fulfillmentId: `FID-SHARED-TEST-${nextFulfillment++}`,
        entitlementId: entitlement.id,
        hostId: host.id,
        accountId: customer,
        count: 1,
        status: 'ACTIVE',
        action: 'EDIT',
        fulfilledAt: Date.now(),
      })
      .returning(),
  )
}

async function returnAll(host: TestHost, customer: string) {
  await server.db
    .update(fulfillments)
    .set({ status: 'INACTIVE', returnedAt: Date.now(), returnedBy: PARTNER })
    .where(and(eq(fulfillments.hostId, host.id), eq(fulfillments.accountId, customer)))
}

const groupOf = async (host: TestHost) =>
  (
    await server.db
      .select({ accountId: hostAccounts.accountId })
      .from(hostAccounts)
      .where(eq(hostAccounts.hostId, host.id))
  )
    .map((r) => r.accountId)
    .sort()
const stateOf = async (host: TestHost) =>
  (await first(server.db.select().from(hosts).where(eq(hosts.id, host.id))))!.state
const lastAudit = async () =>
  (await first(server.db.select().from(auditLog).where(eq(auditLog.area, 'hosts')).orderBy(desc(auditLog.id))))!

async function withCobaltDenied(work: () => Promise<void>) {
  await server.db.update(accounts).set({ exportControlStatus: 'Denied' }).where(eq(accounts.accountId, COBALT))
  try {
    await work()
  } finally {
    await server.db.update(accounts).set({ exportControlStatus: '' }).where(eq(accounts.accountId, COBALT))
  }
}

describe('POST /api/sharedserver', () => {
  it('sets the group to the requester and customers with activations on the host, audited', async () => {
    const host = await newHost()
    await activate(host, COBALT)
    await server.db
      .delete(hostAccounts)
      .where(and(eq(hostAccounts.hostId, host.id), eq(hostAccounts.accountId, COBALT)))
    const r = await (
      await as(PARTNER)
    ).post('/sharedserver', { customerNumber: BOREALIS, ...host.ref, group: [BOREALIS, COBALT] })
    expect([r.http, r.body]).toEqual([200, { status: 'SUCCESS', data: { group: [BOREALIS, COBALT] } }])
    expect(await groupOf(host)).toEqual([BOREALIS, COBALT])
    expect(await lastAudit()).toMatchObject({
      actorEmail: PARTNER,
      accountId: BOREALIS,
      action: 'set shared group',
      before: { group: [BOREALIS] },
      after: { group: [BOREALIS, COBALT] },
    })
  })

  it('refuses a customer without activations on the host, one the caller may not see and one under export control', async () => {
    const host = await newHost()
    await activate(host, BOREALIS)
    const busops = await as(BUSOPS)
    const none = await busops.post('/sharedserver', { customerNumber: BOREALIS, ...host.ref, group: [BOREALIS, ACME] })
    expect([none.http, none.body.err]).toEqual([409, SHARED_SERVER_MESSAGES.noActivations(ACME)])
    const unseen = await (
      await as(PARTNER)
    ).post('/sharedserver', { customerNumber: BOREALIS, ...host.ref, group: [BOREALIS, ACME] })
    expect(unseen.http).toBe(403)
    const denied = await busops.post('/sharedserver', { customerNumber: BOREALIS, ...host.ref, group: [EMBARGO] })
    expect([denied.http, denied.body.err]).toEqual([403, EXPORT_DENIED_MESSAGE])
    expect(await groupOf(host)).toEqual([BOREALIS])
  })

  it('keeps customers with activations, customers the caller may not see and customers under export control', async () => {
    const host = await newHost()
    await activate(host, COBALT)
    // Cobalt has activations: a group without it still has it.
    const partner = await as(PARTNER)
    const kept = await partner.post('/sharedserver', { customerNumber: BOREALIS, ...host.ref, group: [BOREALIS] })
    expect(kept.body.data).toEqual({ group: [BOREALIS, COBALT] })
    await returnAll(host, COBALT)
    // Marta may not see Cobalt: it stays, and she is not shown it.
    const marta = await as(MARTA)
    const unseen = await marta.post('/sharedserver', { customerNumber: BOREALIS, ...host.ref, group: [BOREALIS] })
    expect(unseen.body.data).toEqual({ group: [BOREALIS] })
    expect(await groupOf(host)).toEqual([BOREALIS, COBALT])
    await withCobaltDenied(async () => {
      const denied = await partner.post('/sharedserver', { customerNumber: BOREALIS, ...host.ref, group: [BOREALIS] })
      expect(denied.body.data).toEqual({ group: [BOREALIS] })
      expect(await groupOf(host)).toEqual([BOREALIS, COBALT])
    })
    // Approved again, visible and without activations: the partner takes it out.
    const out = await partner.post('/sharedserver', { customerNumber: BOREALIS, ...host.ref, group: [BOREALIS] })
    expect(out.body.data).toEqual({ group: [BOREALIS] })
    expect(await groupOf(host)).toEqual([BOREALIS])
  })

  it('refuses bad input: a host outside the customer’s group, bad host ids, a group that is not a list', async () => {
    const host = await newHost(COBALT)
    const partner = await as(PARTNER)
    const other = await partner.post('/sharedserver', { customerNumber: BOREALIS, ...host.ref, group: [BOREALIS] })
    expect(other.http).toBe(404)
    const bad = await partner.post('/sharedserver', {
      customerNumber: COBALT,
      hostId: 'zz',
      hostIdType: 'ETHERNET',
      group: [COBALT],
    })
    expect(bad.http).toBe(400)
    expect(bad.body.err).toMatch(/^Invalid ETHERNET server id: zz\./)
    expect((await partner.post('/sharedserver', { customerNumber: COBALT, ...host.ref, group: COBALT })).http).toBe(400)
  })
})

describe('POST /api/sharedserver/deactivate', () => {
  it('drops every customer the caller is shown that has no activations on the host, but never the requester', async () => {
    const host = await newHost()
    await activate(host, COBALT)
    const partner = await as(PARTNER)
    expect(
      (await partner.post('/sharedserver/deactivate', { customerNumber: BOREALIS, ...host.ref })).body.data,
    ).toEqual({
      group: [BOREALIS, COBALT],
    })
    await returnAll(host, COBALT)
    // Marta cannot see Cobalt, so she cannot drop it.
    await (await as(MARTA)).post('/sharedserver/deactivate', { customerNumber: BOREALIS, ...host.ref })
    expect(await groupOf(host)).toEqual([BOREALIS, COBALT])
    const r = await partner.post('/sharedserver/deactivate', { customerNumber: BOREALIS, ...host.ref })
    expect([r.http, r.body.data]).toEqual([200, { group: [BOREALIS] }])
    expect(await groupOf(host)).toEqual([BOREALIS])
    expect(await stateOf(host)).toBe('ACTIVE')
    expect(await lastAudit()).toMatchObject({
      action: 'deactivate shared group',
      before: { group: [BOREALIS, COBALT] },
      after: { group: [BOREALIS] },
    })
  })
})

describe('POST /api/sharedserver/remove', () => {
  it('refuses while the requester has activations on the host, then takes it out; the host stays while others use it', async () => {
    const host = await newHost()
    await activate(host, BOREALIS)
    await activate(host, COBALT)
    const partner = await as(PARTNER)
    const busy = await partner.post('/sharedserver/remove', { customerNumber: BOREALIS, ...host.ref })
    expect([busy.http, busy.body.err]).toEqual([
      409,
      SHARED_SERVER_MESSAGES.stillActive(BOREALIS, `shared-${host.ref.hostId}`),
    ])
    await returnAll(host, BOREALIS)
    const r = await partner.post('/sharedserver/remove', { customerNumber: BOREALIS, ...host.ref })
    expect([r.http, r.body]).toEqual([200, { status: 'SUCCESS', data: { removed: true } }])
    expect(await groupOf(host)).toEqual([COBALT])
    expect(await stateOf(host)).toBe('ACTIVE')
    const servers = await partner.post<{ id: number }[]>('/fulfillments/servers', { customerNumber: BOREALIS })
    expect(servers.body.data!.map((s) => s.id)).not.toContain(host.id)
    // Removed, the host is no longer the customer's to change.
    expect((await partner.post('/sharedserver/remove', { customerNumber: BOREALIS, ...host.ref })).http).toBe(404)
  })

  it('leaves a host with no customer INACTIVE, audited', async () => {
    const host = await newHost()
    const r = await (await as(PARTNER)).post('/sharedserver/remove', { customerNumber: BOREALIS, ...host.ref })
    expect(r.http).toBe(200)
    expect(await groupOf(host)).toEqual([])
    expect(await stateOf(host)).toBe('INACTIVE')
    expect(await lastAudit()).toMatchObject({
      action: 'remove host',
      before: { group: [BOREALIS] },
      after: { group: [], state: 'INACTIVE' },
    })
  })
})

describe('every shared-server call', () => {
  it('refuses view-only users and users without the activations permission, and changes nothing', async () => {
    const host = await newHost()
    const acmeHost = await newHost(ACME)
    const calls = [
      ['/sharedserver', { group: [BOREALIS] }],
      ['/sharedserver/deactivate', {}],
      ['/sharedserver/remove', {}],
    ] as const
    for (const [path, body] of calls) {
      const viewer = await (await as(OLE)).post(path, { customerNumber: BOREALIS, ...host.ref, ...body })
      expect([path, viewer.http, viewer.body.err]).toEqual([path, 403, NOT_ENOUGH_PERMISSIONS])
      const generator = await (await as(GENERATOR)).post(path, { customerNumber: ACME, ...acmeHost.ref, ...body })
      expect([path, generator.http, generator.body.err]).toEqual([path, 403, ACTIVATION_MESSAGES.noAccess])
    }
    expect(await groupOf(host)).toEqual([BOREALIS])
    expect(await stateOf(host)).toBe('ACTIVE')
  })

  itRefusesOtherAndExportControlledCustomers(as, [
    ['/sharedserver', { hostId: '0cc47a1f3b90', hostIdType: 'ETHERNET', group: [] }],
    ['/sharedserver/deactivate', { hostId: '0cc47a1f3b90', hostIdType: 'ETHERNET' }],
    ['/sharedserver/remove', { hostId: '0cc47a1f3b90', hostIdType: 'ETHERNET' }],
  ])
})
