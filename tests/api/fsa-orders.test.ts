/**
 * Ordering against a Flexible Spending Account on a real cluster (three API
 * processes on one database file): an order creates lease entitlements that the
 * activation editor offers at once and debits the contract; lines fail alone with
 * their reason (a withdrawn product, a duplicate, a price that is not the price,
 * a manual entry by someone other than business operations, the balance); whole
 * orders are refused for a missing contract, a contract without products, a
 * view-only user, another customer and export control; and orders fired at once
 * never take the balance below zero.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { and, desc, eq } from 'drizzle-orm'
import { first } from '../../db/query'
import { auditLog, emails, entitlements, fsaOrderLines, fsaProducts } from '../../db/tables'
import { demoActivationId } from '../../db/seed-entitlements'
import { DEMO_FSA_CONTRACT_KEY, DEMO_FSA_ORDER_ID } from '../../db/seed-fsa'
import { FSA_FIELD, type FsaContract } from '../../app/domain/fsa-types'
import { addDays, todayUtc } from '../../app/domain/entitlements'
import { balanceMessage, FSA_ORDER_MESSAGES } from '../../app/domain/fsa-order-lines'
import { AVAILABLE_FIELD, NOT_ENOUGH_PERMISSIONS, type ActivationRow } from '../../app/domain/activation-types'
import { FSA_API_MESSAGES, type OrderItemResult } from '../../api/fsa-orders'
import { getAccessToken } from '../support/tokens'
import { useApiCluster } from './support/api-processes'
import { itRefusesOtherAndExportControlledCustomers } from './support/refusals'
import { apiClient } from './support/server'

const cluster = useApiCluster()
const as = async (email: string, process = 0) =>
  apiClient(cluster.urls[process], await getAccessToken(cluster.server.url, email))

const ADMIN = 'admin@acme.example'
const ACME = '1000001'
const CONTRACT = demoActivationId(DEMO_FSA_CONTRACT_KEY)
const today = todayUtc()

/** A standard line of HFSS for 30 days from today: 2,400 a unit. */
const hfss = (count: number, start = today) => ({
  ansysbpn: 'FSA-HFSS-L',
  ansyscount: count,
  ansysprice: 2_400 * count,
  ansystype: 'Lease',
  startdate: start,
  enddate: addDays(start, 29),
  manualentry: false,
})

const order = (products: Record<string, unknown>[], fsaID = CONTRACT) => ({
  ansyshasfsa: true,
  accountid: ACME,
  customerNumber: ACME,
  orderid: 'ORD-TEST',
  fsaID,
  ansyscurrency: 'USD',
  products,
})

const contract = async () =>
  (await first(cluster.server.db.select().from(entitlements).where(eq(entitlements.activationId, CONTRACT))))!

/** What the contract has left to spend. */
const available = async () => {
  const c = await contract()
  return (c.price ?? 0) - c.used
}

/** Sets what the contract has left to spend. */
async function setAvailable(amount: number) {
  const c = await contract()
  await cluster.server.db
    .update(entitlements)
    .set({ used: (c.price ?? 0) - amount })
    .where(eq(entitlements.id, c.id))
}

beforeEach(() => setAvailable(100_000))

describe('POST /api/entitlements (an FSA order)', () => {
  it('creates the leases, debits the contract, and the activation editor offers them at once', async () => {
    const api = await as(ADMIN)
    const r = await api.post<OrderItemResult[]>('/entitlements', order([hfss(2)]))
    expect(r.http, JSON.stringify(r.body)).toBe(200)
    const [item] = r.body.data!
    expect(item).toMatchObject({
      status: 'SUCCESS',
      ansysbpn: 'FSA-HFSS-L',
      startdate: today,
      enddate: addDays(today, 29),
      ansysquantity: 2,
      ansysprice: 4_800,
    })
    expect(await available()).toBe(95_200)
    const lease = (await first(
      cluster.server.db.select().from(entitlements).where(eq(entitlements.activationId, item.activationId!)),
    ))!
    expect(lease).toMatchObject({ accountId: ACME, type: 'SSL', state: 'Deployed', quantity: 2, price: 4_800 })
    const line = await first(
      cluster.server.db.select().from(fsaOrderLines).where(eq(fsaOrderLines.entitlementId, lease.id)),
    )
    expect(line).toMatchObject({ cost: 4_800, count: 2, requesterEmail: ADMIN, orderId: 'ORD-TEST' })

    const rows = await api.post<ActivationRow[]>('/fulfillments/allentitlements', { customerNumber: ACME })
    expect(rows.body.data!.find((row) => row.ActivationId === item.activationId)?.[AVAILABLE_FIELD]).toBe(2)

    const audit = (await first(
      cluster.server.db.select().from(auditLog).where(eq(auditLog.area, 'fsa')).orderBy(desc(auditLog.id)),
    ))!
    expect(audit).toMatchObject({
      actorEmail: ADMIN,
      accountId: ACME,
      action: 'order',
      before: { balance: 100_000 },
      after: { balance: 95_200 },
    })
    const mail = (await first(
      cluster.server.db
        .select()
        .from(emails)
        .where(and(eq(emails.accountId, ACME), eq(emails.kind, 'fsa')))
        .orderBy(desc(emails.id)),
    ))!
    expect(mail.subject).toBe('Flexible Spending Account order: 1 entitlement created')
    expect(mail.body).toContain(item.activationId)
  })

  it('fails lines alone, each with its reason, and creates the others', async () => {
    const r = await (
      await as(ADMIN)
    ).post<OrderItemResult[]>(
      '/entitlements',
      order([
        hfss(1),
        { ...hfss(1, addDays(today, 1)), ansysbpn: 'FSA-CFX-L', ansysprice: 1_500 },
        hfss(1),
        { ...hfss(3, addDays(today, 2)), ansysprice: 100 },
        { ...hfss(1, addDays(today, -1)) },
        { ...hfss(1, addDays(today, 3)), ansyscount: 0 },
        { ...hfss(1, addDays(today, 4)), manualentry: true, manualProductName: 'Consulting', ansysprice: 500 },
        { ...hfss(1, addDays(today, 5)), enddate: addDays(today, 40) },
      ]),
    )
    expect(r.http, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data!.map((i) => [i.status, i.err])).toEqual([
      ['SUCCESS', undefined],
      ['FAILURE', FSA_API_MESSAGES.withdrawn('FSA-CFX-L')],
      ['FAILURE', FSA_ORDER_MESSAGES.duplicate],
      ['FAILURE', FSA_API_MESSAGES.priceChanged(7_200)],
      ['FAILURE', FSA_ORDER_MESSAGES.startDate],
      ['FAILURE', FSA_ORDER_MESSAGES.count],
      ['FAILURE', FSA_API_MESSAGES.manualOnly],
      ['FAILURE', FSA_API_MESSAGES.noDuration],
    ])
    expect(await available()).toBe(97_600)
  })

  it('takes a manual entry from business operations at the cost entered', async () => {
    const r = await (
      await as('busops@vendor.example')
    ).post<OrderItemResult[]>(
      '/entitlements',
      order([
        {
          ...hfss(1),
          ansysbpn: '',
          manualentry: true,
          manualProductName: 'Ansys Consulting Day',
          ansysprice: '1,250.50',
        },
      ]),
    )
    expect(r.body.data![0]).toMatchObject({ status: 'SUCCESS', ansysprice: 1_250.5 })
    expect(await available()).toBe(98_749.5)
  })

  it('refuses a line the balance cannot pay, naming it, and takes the one that fits', async () => {
    await setAvailable(5_000)
    const r = await (
      await as(ADMIN)
    ).post<OrderItemResult[]>('/entitlements', order([hfss(3), hfss(2, addDays(today, 1))]))
    expect(r.body.data!.map((i) => [i.status, i.err])).toEqual([
      ['FAILURE', balanceMessage('product')],
      ['SUCCESS', undefined],
    ])
    expect(await available()).toBe(200)
  })

  it('refuses the whole order for a contract that is not the customer’s or has no products', async () => {
    const api = await as(ADMIN)
    const missing = await api.post('/entitlements', order([hfss(1)], 'NOPE-0000'))
    expect([missing.http, missing.body.err]).toEqual([404, FSA_API_MESSAGES.notContract('NOPE-0000', ACME)])
    const c = await contract()
    const products = await cluster.server.db.select().from(fsaProducts).where(eq(fsaProducts.contractId, c.id))
    await cluster.server.db.delete(fsaProducts).where(eq(fsaProducts.contractId, c.id))
    try {
      const none = await api.post('/entitlements', order([hfss(1)]))
      expect([none.http, none.body.err]).toEqual([409, FSA_ORDER_MESSAGES.noProducts])
    } finally {
      await cluster.server.db.insert(fsaProducts).values(products)
    }
    expect(await available()).toBe(100_000)
  })

  it('refuses a view-only user and bad input, changing nothing', async () => {
    const viewer = await (await as('viewer@acme.example')).post('/entitlements', order([hfss(1)]))
    expect([viewer.http, viewer.body.err]).toEqual([403, NOT_ENOUGH_PERMISSIONS])
    const api = await as(ADMIN)
    expect((await api.post('/entitlements', { ...order([hfss(1)]), products: [] })).http).toBe(400)
    expect((await api.post('/entitlements', { ...order([hfss(1)]), ansyshasfsa: false })).http).toBe(400)
    expect(await available()).toBe(100_000)
  })

  // The order of another customer: the refusal helper names the customer.
  const { customerNumber: _customer, accountid: _account, ...orderBody } = order([hfss(1)])
  itRefusesOtherAndExportControlledCustomers(as, [['/entitlements', orderBody]])
})

describe('POST /api/fsa/contracts', () => {
  it('lists the contract with its terms, balance and the products it may order, none withdrawn', async () => {
    await setAvailable(60_000)
    const r = await (await as(ADMIN)).post<FsaContract[]>('/fsa/contracts', { customerNumber: ACME })
    expect(r.http, JSON.stringify(r.body)).toBe(200)
    const [c] = r.body.data!
    expect(c).toMatchObject({
      EntitlementID: CONTRACT,
      OrderId: DEMO_FSA_ORDER_ID,
      Used: 190_000,
      Available: 60_000,
      [FSA_FIELD.price]: 250_000,
      [FSA_FIELD.currency]: 'USD',
      [FSA_FIELD.poNumber]: 'PO-ACME-2025-0100',
      [FSA_FIELD.busopsEmails]: 'busops@vendor.example',
    })
    const products = c[FSA_FIELD.products]
    expect(products.map((p) => p.ansysbpn).sort()).toEqual(['FSA-FLU-L', 'FSA-HFSS-L', 'FSA-MECH-L'])
    expect(products.find((p) => p.ansysbpn === 'FSA-HFSS-L')).toMatchObject({
      price30Days: 2_400,
      price7Days: null,
      price1Year: 24_000,
    })
  })

  it('refuses a customer without FSA', async () => {
    const r = await (await as('busops@vendor.example')).post('/fsa/contracts', { customerNumber: '1000003' })
    expect([r.http, r.body.err]).toEqual([403, FSA_API_MESSAGES.noFsa])
  })

  itRefusesOtherAndExportControlledCustomers(as, [['/fsa/contracts', {}]])
})

describe('orders at once', () => {
  beforeAll(async () => {
    // Each process signs its token once, before the race.
    await Promise.all(cluster.urls.map((_, i) => as(ADMIN, i)))
  })

  it('never spend more than the balance: 12 orders of 2,400 against 10,000 leave 400', async () => {
    await setAvailable(10_000)
    const replies = await Promise.all(
      Array.from({ length: 12 }, async (_, i) =>
        (await as(ADMIN, i % 3)).post<OrderItemResult[]>('/entitlements', order([hfss(1, addDays(today, i))])),
      ),
    )
    expect(replies.map((r) => r.http)).toEqual(Array(12).fill(200))
    const items = replies.map((r) => r.body.data![0])
    expect(items.filter((i) => i.status === 'SUCCESS')).toHaveLength(4)
    expect(items.filter((i) => i.status === 'FAILURE').map((i) => i.err)).toEqual(
      Array(8).fill(balanceMessage('product')),
    )
    expect(await available()).toBe(400)
  })
})
