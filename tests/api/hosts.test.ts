/**
 * The host calls on a real server and database: a customer's hosts in the spec's
 * order with the customers of their shared-server groups the caller may see;
 * adding a host (every name and host id message, in order, the duplicates and the
 * reactivation in place) and who may; the customers of a host's group and the
 * override warning; the account lists of the customer tabs and search; and the
 * fulfilment history of hosts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, asc, desc, eq } from 'drizzle-orm'
import { first } from '../../db/query'
import { accounts, auditLog, fulfillments, hosts } from '../../db/tables'
import { DEMO_HOSTS } from '../../db/seed-hosts'
import { HOST_ID_MESSAGES, HOST_NAME_MESSAGE, TRIAD_NAMES_MESSAGE } from '../../app/domain/host-id'
import {
  BORROWABLE_FIELD,
  NOT_ENOUGH_PERMISSIONS,
  type AccountRef,
  type AddServerResult,
  type HostHistory,
  type ServerSummary,
} from '../../app/domain/activation-types'
import { ACTIVATION_MESSAGES } from '../../app/domain/activation-rules'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { itRefusesOtherAndExportControlledCustomers } from './support/refusals'
import { apiClient, startTestServer, type TestServer } from './support/server'
import { sharedServerGroup } from './support/activations'

let server: TestServer
const as = async (email: string) => apiClient(server.url, await getAccessToken(server.url, email))

const ADMIN = 'admin@acme.example'
const VIEWER = 'viewer@acme.example'
/** An administrator of 1000001 with the licence-generator flag: no self-serve activations. */
const GENERATOR = 'raj.patel@acme.example'
/** The administrator of 1000004, which has no SSL. */
const NO_SSL = 'dana.levi@deltalabs.example'
const PARTNER = 'partner@channel.example'
/** An administrator of 1000002 only: 1000003, which shares a host with it, is not hers to see. */
const MARTA = 'marta.lindqvist@borealis.example'
const BUSOPS = 'busops@vendor.example'
const ACME = '1000001'
const BOREALIS = '1000002'
const COBALT = '1000003'

const demoHost = (key: string) => DEMO_HOSTS.find((h) => h.key === key)!
const refOf = (key: string) => {
  const h = demoHost(key)
  return { hostId: h.ids.join(','), hostIdType: h.ids.map(() => h.idType).join(',') }
}
const SHARED = refOf('shared')

const hostCount = async () => (await server.db.select().from(hosts)).length
const hostRow = async (name: string) => await first(server.db.select().from(hosts).where(eq(hosts.name, name)))
const groupOf = (hostId: number) => sharedServerGroup(server.db, hostId)
const lastHostAudit = async () =>
  await first(server.db.select().from(auditLog).where(eq(auditLog.area, 'hosts')).orderBy(desc(auditLog.id)))

/** A free host id: ETHERNET ids of this test file's own range. */
let nextMac = 0x0a0000000000
const freshMac = () => (nextMac++).toString(16).padStart(12, '0')

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

async function add(email: string, body: Record<string, unknown>) {
  return (await as(email)).post<AddServerResult>('/fulfillments/servers/add', body)
}

describe('POST /api/fulfillments/servers', () => {
  it('lists the customer’s hosts: active, inactive, unknown, then by name, with their ids, port and group', async () => {
    const r = await (await as(PARTNER)).post<ServerSummary[]>('/fulfillments/servers', { customerNumber: COBALT })
    expect(r.http).toBe(200)
    expect(r.body.data!.map((s) => [s.name, s.state])).toEqual([
      ['cobalt-lic01', 'ACTIVE'],
      ['nordic-shared-lic', 'ACTIVE'],
      ['cobalt-lab', 'UNKNOWN'],
    ])
    const lab = r.body.data![2]
    expect(lab).toEqual({
      id: (await hostRow('cobalt-lab'))!.id,
      name: 'cobalt-lab',
      state: 'UNKNOWN',
      serverId: 'f00dfeed',
      serverIdType: 'DISK_SERIAL_NUM',
      portNumber: 1055,
      triad: false,
      [BORROWABLE_FIELD]: false,
      customers: [COBALT],
    })
    expect(r.body.data![1].customers).toEqual([BOREALIS, COBALT])
  })

  it('puts inactive hosts after the active ones and tells a triad and a borrowable host', async () => {
    const r = await (await as(ADMIN)).post<ServerSummary[]>('/fulfillments/servers', { customerNumber: ACME })
    expect(r.body.data!.map((s) => [s.name, s.state, s.triad, s[BORROWABLE_FIELD]])).toEqual([
      ['acme-lic-triad-a,acme-lic-triad-b,acme-lic-triad-c', 'ACTIVE', true, false],
      ['acme-lic01', 'ACTIVE', false, true],
      ['acme-lic-2019', 'INACTIVE', false, false],
    ])
    expect(r.body.data![0]).toMatchObject({
      serverId: '00155d0a2001,00155d0a2002,00155d0a2003',
      serverIdType: 'ETHERNET,ETHERNET,ETHERNET',
    })
  })

  it('shows of a shared host’s group only the customers the caller may see', async () => {
    const r = await (await as(MARTA)).post<ServerSummary[]>('/fulfillments/servers', { customerNumber: BOREALIS })
    expect(r.body.data!.find((s) => s.name === 'nordic-shared-lic')!.customers).toEqual([BOREALIS])
  })

  it('is open to view-only users and refused without the activations permission', async () => {
    expect((await (await as(VIEWER)).post('/fulfillments/servers', { customerNumber: ACME })).http).toBe(200)
    for (const [email, customerNumber] of [
      [GENERATOR, ACME],
      [NO_SSL, '1000004'],
    ]) {
      const r = await (await as(email)).post('/fulfillments/servers', { customerNumber })
      expect([email, r.http, r.body]).toEqual([email, 403, { status: 'FAILURE', err: ACTIVATION_MESSAGES.noAccess }])
    }
  })
})

describe('POST /api/fulfillments/servers/add', () => {
  it('adds a single host: ACTIVE, ids stored lowercase, port 1055 by default, the customer in its group, audited', async () => {
    const mac = freshMac().toUpperCase()
    const before = await hostCount()
    const r = await add(ADMIN, {
      customerNumber: ACME,
      serverName: ' lic-new01 ',
      serverId: mac,
      serverIdType: 'ETHERNET',
    })
    expect(r.http).toBe(200)
    expect(r.body.data).toEqual({
      server: {
        id: expect.any(Number),
        name: 'lic-new01',
        state: 'ACTIVE',
        serverId: mac.toLowerCase(),
        serverIdType: 'ETHERNET',
        portNumber: 1055,
        triad: false,
        [BORROWABLE_FIELD]: false,
        customers: [ACME],
      },
      reactivated: false,
    })
    expect(await hostCount()).toBe(before + 1)
    const row = (await hostRow('lic-new01'))!
    expect(row.identifier).toBe(mac.toLowerCase())
    expect(await groupOf(row.id)).toEqual([ACME])
    expect(await lastHostAudit()).toMatchObject({
      actorEmail: ADMIN,
      accountId: ACME,
      area: 'hosts',
      action: 'add host',
      before: null,
      after: { name: 'lic-new01', identifier: mac.toLowerCase(), state: 'ACTIVE', port: 1055 },
    })
    const listed = await (await as(ADMIN)).post<ServerSummary[]>('/fulfillments/servers', { customerNumber: ACME })
    expect(listed.body.data!.map((s) => s.name)).toContain('lic-new01')
  })

  it('adds a triad with three names and ids, and a DISK_SERIAL_NUM host on its own port', async () => {
    const ids = [freshMac(), freshMac(), freshMac()]
    const triad = await add(PARTNER, {
      customerNumber: BOREALIS,
      serverName: 'tri-a,tri-b, tri-c',
      serverId: ids.join(','),
      serverIdType: 'ETHERNET,ETHERNET,ETHERNET',
    })
    expect(triad.http).toBe(200)
    expect(triad.body.data!.server).toMatchObject({
      name: 'tri-a,tri-b,tri-c',
      serverId: ids.join(','),
      triad: true,
      customers: [BOREALIS],
    })
    const disk = await add(PARTNER, {
      customerNumber: BOREALIS,
      serverName: 'disk01',
      serverId: 'ABCDEF12',
      serverIdType: 'DISK_SERIAL_NUM',
      portNumber: 27000,
    })
    expect(disk.body.data!.server).toMatchObject({ serverId: 'abcdef12', portNumber: 27000, triad: false })
    expect((await hostRow('disk01'))!.identifier).toBe('DISK_SERIAL_NUM=abcdef12')
  })

  it('refuses a triad under one name, saying it wants three, and adds it under three', async () => {
    const triad = { serverId: '00155d0b0001,00155d0b0002,00155d0b0003', serverIdType: 'ETHERNET,ETHERNET,ETHERNET' }
    const before = await hostCount()
    const one = await add(ADMIN, { customerNumber: ACME, serverName: 'cluster', ...triad })
    expect([one.http, one.body]).toEqual([400, { status: 'FAILURE', err: TRIAD_NAMES_MESSAGE }])
    expect(await hostCount()).toBe(before)
    const three = await add(ADMIN, { customerNumber: ACME, serverName: 'cluster1,cluster2,cluster3', ...triad })
    expect(three.http, JSON.stringify(three.body)).toBe(200)
    expect(await hostCount()).toBe(before + 1)
  })

  it.each([
    ['an empty name', '', '00155d0b0001', 'ETHERNET'],
    ['a name with a space', 'lic 01', '00155d0b0001', 'ETHERNET'],
    ['a name with a special character', 'lic#01', '00155d0b0001', 'ETHERNET'],
    ['two names for one host', 'a,b', '00155d0b0001', 'ETHERNET'],
    ['a bad name before a bad id', 'lic 01', 'xyz', 'ETHERNET'],
  ])('refuses %s with the spec’s name message', async (_case, serverName, serverId, serverIdType) => {
    const before = await hostCount()
    const r = await add(ADMIN, { customerNumber: ACME, serverName, serverId, serverIdType })
    expect([r.http, r.body]).toEqual([400, { status: 'FAILURE', err: HOST_NAME_MESSAGE }])
    expect(await hostCount()).toBe(before)
  })

  it.each([
    ['no id', '', 'ETHERNET', HOST_ID_MESSAGES.noId],
    ['no type', '00155d0b0001', '', HOST_ID_MESSAGES.noType],
    [
      'two ids',
      '00155d0b0001,00155d0b0002',
      'ETHERNET',
      HOST_ID_MESSAGES.notSingleOrTriad('00155d0b0001,00155d0b0002'),
    ],
    [
      'three ids with one type',
      '00155d0b0001,00155d0b0002,00155d0b0003',
      'ETHERNET',
      HOST_ID_MESSAGES.countMismatch(3, 1),
    ],
    [
      'a triad of mixed types',
      '00155d0b0001,00155d0b0002,abcdef12',
      'ETHERNET,ETHERNET,DISK_SERIAL_NUM',
      HOST_ID_MESSAGES.mixedTriad,
    ],
    ['an unknown type', '00155d0b0001', 'VM_UUID', HOST_ID_MESSAGES.unsupported('VM_UUID')],
    ['a short ETHERNET id', '00155d0b01', 'ETHERNET', HOST_ID_MESSAGES.ETHERNET('00155d0b01')],
    [
      'a DISK_SERIAL_NUM id with a non-hex digit',
      'abcdefg1',
      'DISK_SERIAL_NUM',
      HOST_ID_MESSAGES.DISK_SERIAL_NUM('abcdefg1'),
    ],
    ['a FLEXID without 9-', '3a7c51e2', 'FLEXID', HOST_ID_MESSAGES.FLEXID('3a7c51e2')],
  ])('refuses %s with the spec’s host id message', async (_case, serverId, serverIdType, message) => {
    const serverName = serverId.split(',').length === 3 ? 'a,b,c' : 'lic01x'
    const r = await add(ADMIN, { customerNumber: ACME, serverName, serverId, serverIdType })
    expect([r.http, r.body]).toEqual([400, { status: 'FAILURE', err: message }])
  })

  it('refuses an identifier in use under the same name, in any case', async () => {
    const before = await hostCount()
    const r = await add(ADMIN, {
      customerNumber: ACME,
      serverName: 'ACME-LIC01',
      serverId: '00155D0A1B2C',
      serverIdType: 'ETHERNET',
    })
    expect([r.http, r.body]).toEqual([
      409,
      { status: 'FAILURE', err: 'Host identifier acme-lic01 (00155d0a1b2c) is already in use.' },
    ])
    expect(await hostCount()).toBe(before)
  })

  it('refuses an identifier of an active host under another name with the rehost hint, whoever owns it', async () => {
    const r = await add(PARTNER, {
      customerNumber: BOREALIS,
      serverName: 'other-name',
      serverId: '00155d0a1b2c',
      serverIdType: 'ETHERNET',
    })
    expect([r.http, r.body]).toEqual([
      409,
      {
        status: 'FAILURE',
        err:
          'Host identifier acme-lic01 (00155d0a1b2c) is already in use. ' +
          'If you want to rehost, please use the "Manage Activations" menu.',
      },
    ])
    expect(await groupOf((await hostRow('acme-lic01'))!.id)).toEqual([ACME])
  })

  it('refuses the identifier of an inactive host under its own name, and reactivates it in place under another', async () => {
    const old = { serverId: 'A1B2C3D4', serverIdType: 'DISK_SERIAL_NUM' }
    const same = await add(ADMIN, { customerNumber: ACME, serverName: 'acme-lic-2019', ...old })
    expect([same.http, same.body.err]).toEqual([
      409,
      'Host identifier acme-lic-2019 (DISK_SERIAL_NUM=a1b2c3d4) is already in use.',
    ])
    const id = (await hostRow('acme-lic-2019'))!.id
    const before = await hostCount()
    const r = await add(ADMIN, { customerNumber: ACME, serverName: 'acme-lic-2024', ...old })
    expect(r.http).toBe(200)
    expect(r.body.data).toMatchObject({
      server: { id, name: 'acme-lic-2024', state: 'ACTIVE', serverId: 'a1b2c3d4', customers: [ACME] },
      reactivated: true,
    })
    expect(await hostCount()).toBe(before)
    // The host keeps its history: its fulfilments stay on it.
    expect((await server.db.select().from(fulfillments).where(eq(fulfillments.hostId, id))).length).toBeGreaterThan(0)
    expect(await lastHostAudit()).toMatchObject({
      action: 'reactivate host',
      before: { name: 'acme-lic-2019', state: 'INACTIVE' },
      after: { name: 'acme-lic-2024', state: 'ACTIVE' },
    })
  })

  it('reactivating an inactive host of another customer adds the caller’s customer to its group', async () => {
    const mac = freshMac()
    const first = await add(BUSOPS, {
      customerNumber: COBALT,
      serverName: 'gone01',
      serverId: mac,
      serverIdType: 'ETHERNET',
    })
    const id = first.body.data!.server.id
    await server.db.update(hosts).set({ state: 'INACTIVE' }).where(eq(hosts.id, id))
    const r = await add(PARTNER, {
      customerNumber: BOREALIS,
      serverName: 'back01',
      serverId: mac,
      serverIdType: 'ETHERNET',
    })
    expect(r.body.data).toMatchObject({ server: { id, name: 'back01', state: 'ACTIVE' }, reactivated: true })
    expect(await groupOf(id)).toEqual([BOREALIS, COBALT])
  })

  it('two adds of one new host at once: one is added, the other refused as in use', async () => {
    const mac = freshMac()
    const body = { customerNumber: ACME, serverName: 'race01', serverId: mac, serverIdType: 'ETHERNET' }
    const replies = await Promise.all([add(ADMIN, body), add(ADMIN, body)])
    expect(replies.map((r) => r.http).sort()).toEqual([200, 409])
    expect(await server.db.select().from(hosts).where(eq(hosts.identifier, mac))).toHaveLength(1)
  })

  it('refuses view-only users, users without the activations permission and bad bodies, and adds nothing', async () => {
    const before = await hostCount()
    const body = { customerNumber: ACME, serverName: 'nope01', serverId: freshMac(), serverIdType: 'ETHERNET' }
    const viewer = await add(VIEWER, body)
    expect([viewer.http, viewer.body]).toEqual([403, { status: 'FAILURE', err: NOT_ENOUGH_PERMISSIONS }])
    const generator = await add(GENERATOR, body)
    expect([generator.http, generator.body]).toEqual([403, { status: 'FAILURE', err: ACTIVATION_MESSAGES.noAccess }])
    const noSsl = await add(NO_SSL, { ...body, customerNumber: '1000004' })
    expect([noSsl.http, noSsl.body.err]).toEqual([403, ACTIVATION_MESSAGES.noAccess])
    expect((await add(ADMIN, { ...body, portNumber: 70000 })).http).toBe(400)
    expect((await add(ADMIN, { ...body, serverName: 42 })).http).toBe(400)
    expect(await hostCount()).toBe(before)
  })
})

describe('POST /api/fulfillments/customers and /api/fulfillments/override', () => {
  it('lists the group customers the caller may see, and warns when others would drop out of the file', async () => {
    const partner = await as(PARTNER)
    const body = { customerNumber: BOREALIS, customerEmail: PARTNER, ...SHARED }
    expect((await partner.post<AccountRef[]>('/fulfillments/customers', body)).body.data).toEqual([
      { AccountID: BOREALIS, AccountName: 'Borealis Motors' },
      { AccountID: COBALT, AccountName: 'Cobalt Energy' },
    ])
    expect((await partner.post('/fulfillments/override', body)).body.data).toEqual({ warn: false })

    const marta = await as(MARTA)
    expect((await marta.post<AccountRef[]>('/fulfillments/customers', body)).body.data).toEqual([
      { AccountID: BOREALIS, AccountName: 'Borealis Motors' },
    ])
    expect((await marta.post('/fulfillments/override', body)).body.data).toEqual({ warn: true })
  })

  it('leaves out a group customer under export control, without a warning (it is no one’s to manage)', async () => {
    await server.db.update(accounts).set({ exportControlStatus: 'Denied' }).where(eq(accounts.accountId, COBALT))
    try {
      const partner = await as(PARTNER)
      const body = { customerNumber: BOREALIS, ...SHARED }
      expect((await partner.post<AccountRef[]>('/fulfillments/customers', body)).body.data).toEqual([
        { AccountID: BOREALIS, AccountName: 'Borealis Motors' },
      ])
      expect((await partner.post('/fulfillments/override', body)).body.data).toEqual({ warn: false })
    } finally {
      await server.db.update(accounts).set({ exportControlStatus: '' }).where(eq(accounts.accountId, COBALT))
    }
  })

  it('answers 404 for a host outside the customer’s group and 400 with the spec’s words for bad host ids', async () => {
    const partner = await as(PARTNER)
    for (const path of ['/fulfillments/customers', '/fulfillments/override']) {
      const other = await partner.post(path, { customerNumber: BOREALIS, ...refOf('acme-lic01') })
      expect([path, other.http]).toEqual([path, 404])
      const bad = await partner.post(path, { customerNumber: BOREALIS, hostId: '00155d0a1b2c' })
      expect([path, bad.http, bad.body.err]).toEqual([path, 400, HOST_ID_MESSAGES.noType])
    }
  })

  it('is refused without the activations permission', async () => {
    const r = await (
      await as(GENERATOR)
    ).post('/fulfillments/customers', { customerNumber: ACME, ...refOf('acme-lic01') })
    expect([r.http, r.body.err]).toEqual([403, ACTIVATION_MESSAGES.noAccess])
  })
})

describe('POST /api/accounts and /api/getCustomerAccounts', () => {
  it('/accounts lists the caller’s accounts, 2 unless told, at most 100', async () => {
    expect((await (await as(ADMIN)).post<AccountRef[]>('/accounts', { customerNumber: ACME })).body.data).toEqual([
      { AccountID: ACME, AccountName: 'Acme Aerospace' },
    ])
    const partner = await as(PARTNER)
    expect((await partner.post<AccountRef[]>('/accounts', { customerNumber: BOREALIS })).body.data).toEqual([
      { AccountID: BOREALIS, AccountName: 'Borealis Motors' },
      { AccountID: COBALT, AccountName: 'Cobalt Energy' },
    ])
    expect((await partner.post<AccountRef[]>('/accounts', { limit: 1 })).body.data).toHaveLength(1)
    const busops = await as(BUSOPS)
    expect((await busops.post<AccountRef[]>('/accounts', {})).body.data).toHaveLength(2)
    expect((await busops.post<AccountRef[]>('/accounts', { limit: 100 })).body.data).toHaveLength(100)
    expect((await busops.post('/accounts', { limit: 101 })).http).toBe(400)
    expect((await partner.post('/accounts', { customerNumber: ACME })).http).toBe(403)
  })

  it('/getCustomerAccounts searches the accounts the caller may see by name or number, in pages with a token', async () => {
    const search = (value: string) => ({
      filter: {
        condition: 'ANY',
        criteria: [
          { name: 'AccountName', method: 'CONTAINS', value, casefold: true },
          { name: 'AccountID', method: 'CONTAINS', value },
        ],
      },
      limit: 100,
    })
    const busops = await as(BUSOPS)
    expect((await busops.post<AccountRef[]>('/getCustomerAccounts', search('borealis'))).body.data).toEqual([
      { AccountID: BOREALIS, AccountName: 'Borealis Motors' },
    ])
    const numbered = (await server.db.select({ id: accounts.accountId }).from(accounts))
      .filter((a) => a.id.includes('100000'))
      .map((a) => a.id)
      .sort()
    expect(numbered.length).toBeGreaterThan(2)
    const byNumber = await busops.post<AccountRef[]>('/getCustomerAccounts', search('100000'))
    expect(byNumber.body.data!.map((a) => a.AccountID)).toEqual(numbered)
    const partner = await as(PARTNER)
    expect((await partner.post<AccountRef[]>('/getCustomerAccounts', search('100000'))).body.data).toEqual([
      { AccountID: BOREALIS, AccountName: 'Borealis Motors' },
      { AccountID: COBALT, AccountName: 'Cobalt Energy' },
    ])

    const first = await busops.post<AccountRef[]>('/getCustomerAccounts', { limit: 2 })
    expect(first.body.data!.map((a) => a.AccountID)).toEqual([ACME, BOREALIS])
    expect(first.body.token).toBeTruthy()
    const next = await busops.post<AccountRef[]>('/getCustomerAccounts', { limit: 2, token: first.body.token })
    expect(next.body.data!.map((a) => a.AccountID)).toEqual([COBALT, '1000004'])
    const unlimited = await busops.post<AccountRef[]>('/getCustomerAccounts', {})
    expect(unlimited.body.data).toHaveLength(100)
    expect((await busops.post('/getCustomerAccounts', { limit: 101 })).http).toBe(400)
  })
})

describe('POST /api/fulfillments/servers/export', () => {
  const fulfillmentsOf = async (hostId: number, accountId: string) =>
    await server.db
      .select()
      .from(fulfillments)
      .where(and(eq(fulfillments.hostId, hostId), eq(fulfillments.accountId, accountId)))

  it('gives each host’s history oldest first: every fulfilment, and its return as a negative count', async () => {
    const partner = await as(PARTNER)
    const shared = (await hostRow('nordic-shared-lic'))!
    const flex = (await hostRow('bm-flex01'))!
    const r = await partner.post<HostHistory[]>('/fulfillments/servers/export', {
      customerNumber: BOREALIS,
      customerEmail: PARTNER,
      hostIds: `${flex.id}, ${shared.id}`,
      forceSync: true,
    })
    expect(r.http).toBe(200)
    const [flexHistory, sharedHistory] = r.body.data!
    expect(flexHistory).toMatchObject({
      serverId: '3c7d9e4f6a81',
      serverIdType: 'ETHERNET',
      name: 'bm-flex01',
      state: 'ACTIVE',
    })
    for (const [history, host] of [
      [flexHistory, flex],
      [sharedHistory, shared],
    ] as const) {
      const rows = await fulfillmentsOf(host.id, BOREALIS)
      const returned = rows.filter((f) => f.returnedAt !== null)
      expect(history.fulfillments).toHaveLength(rows.length + returned.length)
      const times = history.fulfillments.map((f) => f.time)
      expect([...times].sort((a, b) => a - b)).toEqual(times)
      // Only the requesting customer's, although Cobalt has fulfilments on the shared host too.
      expect(new Set(history.fulfillments.map((f) => f.customerNumber))).toEqual(new Set([BOREALIS]))
      const sum = history.fulfillments.reduce((total, f) => total + f.FulfillCount, 0)
      expect(sum).toBe(rows.filter((f) => f.status === 'ACTIVE').reduce((total, f) => total + f.count, 0))
    }
    expect((await fulfillmentsOf(shared.id, COBALT)).length).toBeGreaterThan(0)
  })

  it('shows a return with who returned it and when', async () => {
    const returned = (
      await server.db.select().from(fulfillments).where(eq(fulfillments.accountId, ACME)).orderBy(asc(fulfillments.id))
    ).find((f) => f.returnedAt !== null)!
    const r = await (
      await as(ADMIN)
    ).post<HostHistory[]>('/fulfillments/servers/export', {
      customerNumber: ACME,
      hostIds: String(returned.hostId),
    })
    const events = r.body.data![0].fulfillments.filter((f) => f.FulfillmentID === returned.fulfillmentId)
    expect(events).toEqual([
      expect.objectContaining({ FulfillCount: returned.count, time: returned.fulfilledAt, action: returned.action }),
      expect.objectContaining({
        FulfillCount: -returned.count,
        time: returned.returnedAt,
        modifiedby: returned.returnedBy,
        action: 'RETURN',
      }),
    ])
    expect(events[0]).toMatchObject({ ActivationId: expect.any(String), ProductName: expect.any(String) })
  })

  it('answers 404 for a host that is not the customer’s and 400 for a malformed list', async () => {
    const admin = await as(ADMIN)
    const other = await admin.post('/fulfillments/servers/export', {
      customerNumber: ACME,
      hostIds: String((await hostRow('bm-flex01'))!.id),
    })
    expect(other.http).toBe(404)
    for (const hostIds of ['', 'abc', '1,,2', '-1', '0']) {
      const bad = await admin.post('/fulfillments/servers/export', { customerNumber: ACME, hostIds })
      expect([hostIds, bad.http]).toEqual([hostIds, 400])
    }
  })
})

describe('every host call', () => {
  itRefusesOtherAndExportControlledCustomers(as, [
    ['/fulfillments/servers', {}],
    ['/fulfillments/servers/add', { serverName: 'x1', serverId: '00155d0c0001', serverIdType: 'ETHERNET' }],
    ['/fulfillments/customers', SHARED],
    ['/fulfillments/override', SHARED],
    ['/fulfillments/servers/export', { hostIds: '1' }],
    ['/accounts', {}],
  ])
})
