/**
 * The order history of a Flexible Spending Account on a real server and
 * database: after orders placed through POST /entitlements, POST /fsa/history
 * lists each created line, newest first, with the lease it created, the contract
 * charged, when, how many, its term, cost and who ordered it; failed lines and
 * other customers' lines are not in it; a customer without FSA, another
 * customer, a customer under export control and bad input are refused.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { first } from '../../db/query'
import { entitlements, fsaOrderLines } from '../../db/tables'
import { demoActivationId } from '../../db/seed-entitlements'
import { DEMO_FSA_CONTRACT_KEY } from '../../db/seed-fsa'
import { addDays, todayUtc } from '../../app/domain/entitlements'
import type { FsaHistoryRow } from '../../app/domain/fsa-types'
import { FSA_API_MESSAGES, type OrderItemResult } from '../../api/fsa-orders'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { itRefusesOtherAndExportControlledCustomers } from './support/refusals'
import { apiClient, startTestServer, type TestServer } from './support/server'

let server: TestServer
const as = async (email: string) => apiClient(server.url, await getAccessToken(server.url, email))

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

const ADMIN = 'admin@acme.example'
const VIEWER = 'viewer@acme.example'
const BUSOPS = 'busops@vendor.example'
/** The administrator of 1000002, Borealis Motors, which has no FSA. */
const NO_FSA_ADMIN = 'marta.lindqvist@borealis.example'
const ACME = '1000001'
const BOREALIS = '1000002'
const CONTRACT = demoActivationId(DEMO_FSA_CONTRACT_KEY)
const today = todayUtc()

/** A standard line of HFSS for 30 days: 2,400 a unit. */
const hfss = (count: number, start = today) => ({
  ansysbpn: 'FSA-HFSS-L',
  ansyscount: count,
  ansysprice: 2_400 * count,
  ansystype: 'Lease',
  startdate: start,
  enddate: addDays(start, 29),
  manualentry: false,
})

const order = (orderid: string, products: Record<string, unknown>[]) => ({
  ansyshasfsa: true,
  accountid: ACME,
  customerNumber: ACME,
  orderid,
  fsaID: CONTRACT,
  ansyscurrency: 'USD',
  products,
})

const contract = async () =>
  (await first(server.db.select().from(entitlements).where(eq(entitlements.activationId, CONTRACT))))!

/** Sets what the contract has left to spend, so each test's orders fit. */
async function setAvailable(amount: number) {
  const c = await contract()
  await server.db
    .update(entitlements)
    .set({ used: (c.price ?? 0) - amount })
    .where(eq(entitlements.id, c.id))
}

beforeEach(() => setAvailable(100_000))

async function place(email: string, body: ReturnType<typeof order>) {
  const r = await (await as(email)).post<OrderItemResult[]>('/entitlements', body)
  expect(r.http, JSON.stringify(r.body)).toBe(200)
  return r.body.data!
}

async function history(email = ADMIN, customerNumber = ACME) {
  const r = await (await as(email)).post<FsaHistoryRow[]>('/fsa/history', { customerNumber })
  expect(r.http, JSON.stringify(r.body)).toBe(200)
  return r.body.data!
}

/** 'YYYY-MM-DD HH:mm:ss' in UTC, to the second. */
const utcSecond = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ')

describe('POST /api/fsa/history', () => {
  it('lists each line ordered, newest first, with its lease, contract, date, count, term, cost and requester', async () => {
    const before = await history()
    const from = utcSecond(Math.floor(Date.now() / 1000) * 1000)

    const [first] = await place(ADMIN, order('ORD-HIST-1', [hfss(2)]))
    expect(first.status).toBe('SUCCESS')
    // Orders are stamped to the millisecond: the second one must be later.
    await new Promise((r) => setTimeout(r, 20))
    const second = await place(
      ADMIN,
      order('ORD-HIST-2', [
        { ...hfss(1, addDays(today, 1)), ansysbpn: 'FSA-MECH-L', ansysprice: 650, enddate: addDays(today, 7) },
        { ...hfss(1), ansysbpn: 'FSA-CFX-L', ansysprice: 1_500 },
        hfss(3, addDays(today, 2)),
      ]),
    )
    expect(second.map((i) => i.status)).toEqual(['SUCCESS', 'FAILURE', 'SUCCESS'])
    const to = utcSecond(Date.now())

    const rows = await history()
    // Only the created lines are new: the failed (withdrawn) one is not in the history.
    expect(rows).toHaveLength(before.length + 3)
    expect(rows.slice(3)).toEqual(before)
    const added = rows.slice(0, 3)
    // Newest order first; within an order, the later line first.
    expect(added.map((r) => [r.entitlementId, r.orderid])).toEqual([
      [second[2].activationId, 'ORD-HIST-2'],
      [second[0].activationId, 'ORD-HIST-2'],
      [first.activationId, 'ORD-HIST-1'],
    ])
    expect(added[2]).toMatchObject({
      entitlementId: first.activationId,
      ansysproduct: 'Ansys HFSS',
      fsaId: CONTRACT,
      orderid: 'ORD-HIST-1',
      count: 2,
      startdate: today,
      enddate: addDays(today, 29),
      cost: 4_800,
      currency: 'USD',
      requester: ADMIN,
      manual: false,
    })
    expect(added[1]).toMatchObject({
      ansysproduct: 'Ansys Mechanical Enterprise',
      fsaId: CONTRACT,
      count: 1,
      startdate: addDays(today, 1),
      enddate: addDays(today, 7),
      cost: 650,
      requester: ADMIN,
    })
    expect(added[0]).toMatchObject({
      ansysproduct: 'Ansys HFSS',
      count: 3,
      startdate: addDays(today, 2),
      enddate: addDays(today, 31),
      cost: 7_200,
    })
    for (const row of added) {
      expect(row.orderdate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
      expect(row.orderdate >= from && row.orderdate <= to, `${row.orderdate} in [${from}, ${to}]`).toBe(true)
    }
    expect(added[0].orderdate >= added[2].orderdate).toBe(true)
    // Each row points at the lease the line created.
    for (const row of added) {
      const [lease] = await server.db
        .select()
        .from(entitlements)
        .where(eq(entitlements.activationId, row.entitlementId))
      expect(lease).toMatchObject({ accountId: ACME, type: 'SSL', quantity: row.count, price: row.cost })
    }
  })

  it('lists a manual entry under its name, with business operations as the requester', async () => {
    const before = await history()
    const [item] = await place(
      BUSOPS,
      order('ORD-HIST-3', [
        { ...hfss(1), ansysbpn: '', manualentry: true, manualProductName: 'Consulting Day', ansysprice: '1,250.50' },
      ]),
    )
    expect(item.status, item.err).toBe('SUCCESS')
    const rows = await history()
    expect(rows).toHaveLength(before.length + 1)
    expect(rows[0]).toMatchObject({
      entitlementId: item.activationId,
      ansysproduct: 'Consulting Day',
      fsaId: CONTRACT,
      orderid: 'ORD-HIST-3',
      count: 1,
      cost: 1_250.5,
      currency: 'USD',
      requester: BUSOPS,
      manual: true,
    })
  })

  it('is the same for a view-only user of the customer', async () => {
    const [item] = await place(ADMIN, order('ORD-HIST-4', [hfss(1, addDays(today, 3))]))
    const rows = await history()
    expect(rows[0].entitlementId).toBe(item.activationId)
    expect(await history(VIEWER)).toEqual(rows)
  })

  it('lists only the customer’s own lines', async () => {
    const borealis = (await first(server.db.select().from(entitlements).where(eq(entitlements.accountId, BOREALIS))))!
    const before = await history()
    const [stray] = await server.db
      .insert(fsaOrderLines)
      .values({
        orderId: 'ORD-STRAY',
        contractId: borealis.id,
        accountId: BOREALIS,
        entitlementId: borealis.id,
        bpn: 'FSA-HFSS-L',
        productName: 'Stray',
        count: 1,
        startDate: today,
        endDate: today,
        cost: 1,
        currency: 'EUR',
        requesterEmail: NO_FSA_ADMIN,
        orderedAt: Date.now() + 60_000,
      })
      .returning({ id: fsaOrderLines.id })
    try {
      expect(await history()).toEqual(before)
    } finally {
      await server.db.delete(fsaOrderLines).where(eq(fsaOrderLines.id, stray.id))
    }
  })

  it('refuses a customer without FSA', async () => {
    for (const [email, customerNumber] of [
      [NO_FSA_ADMIN, BOREALIS],
      [BUSOPS, '1000003'],
    ]) {
      const r = await (await as(email)).post('/fsa/history', { customerNumber })
      expect([email, r.http, r.body]).toEqual([
        email,
        403,
        { status: 'FAILURE', err: 'This customer has no Flexible Spending Account.' },
      ])
    }
    expect(FSA_API_MESSAGES.noFsa).toBe('This customer has no Flexible Spending Account.')
  })

  it('refuses a body without a customer number, or with one that is not one', async () => {
    const api = await as(ADMIN)
    for (const body of [{}, { customerNumber: '' }, { customerNumber: 'ACME 1' }, { customer: ACME }]) {
      const r = await api.post('/fsa/history', body)
      expect([JSON.stringify(body), r.http, r.body.status]).toEqual([JSON.stringify(body), 400, 'FAILURE'])
    }
  })

  it('refuses a caller who is not signed in', async () => {
    const r = await apiClient(server.url).post('/fsa/history', { customerNumber: ACME })
    expect([r.http, r.body.status]).toEqual([401, 'FAILURE'])
  })

  itRefusesOtherAndExportControlledCustomers(as, [['/fsa/history', {}]])
})
