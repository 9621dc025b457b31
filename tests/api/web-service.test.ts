/**
 * The web licence service (POST /web/checkout, /web/heartbeat, /web/checkin) on the demo data:
 * every outcome and reason of a checkout, what each call writes (checkouts and web transactions),
 * leases kept by heartbeats and returned at their end by the next checkout or the sweep (time
 * driven by writing a lease's end into the past), who may call it, and bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { mapInOrder } from '../../db/in-order'
import { first } from '../../db/query'
import { rawAll, rawRun } from '../../db/raw'
import { entitlements, webCheckouts, webTransactions } from '../../db/tables'
import { DENIAL_TEXTS, HEARTBEAT_INTERVAL_MS, LEASE_MS, type DenialReason } from '../../app/domain/web-seats'
import { demoWebUsers } from '../../db/seed-web'
import { EXPORT_DENIED_MESSAGE } from '../../api/access'
import { WEB_SERVICE_MESSAGES } from '../../api/web-service'
import { sweepExpiredLeases } from '../../api/web-lease-sweep'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { dataSnapshot } from './support/call-requests'
import { apiClient, startTestServer, type TestServer } from './support/server'
import { insertWebPool, type WebPool } from './support/web-pools'

const ACME = '1000001'
const BOREALIS = '1000002'
const EMBARGO = '1000005'
const SERVICE = 'weblicense@vendor.example'
const ACME_USERS = demoWebUsers(ACME).map((u) => u.email)
/** Acme's demo web users by their part in the demo data (db/seed-web.ts). */
const ADAM = ACME_USERS[0] // in no group but All Users, holds no named seat
const LENA = ACME_USERS[3] // holds an Ansys Mechanical named seat
const AMELIA = ACME_USERS[4] // in Design, for which Ansys SpaceClaim is reserved

type Granted = { outcome: 'granted'; checkoutId: string; activationId: string; leaseExpiresAt: number }
type Denied = { outcome: 'denied'; reason: DenialReason; message: string }
type CheckoutReply = Granted | Denied

let server: TestServer
let api: ReturnType<typeof apiClient>

beforeAll(async () => {
  server = await startTestServer()
  api = apiClient(server.url, await getAccessToken(server.url, SERVICE))
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

const checkout = (email: string, product: string, extra: Record<string, unknown> = {}) =>
  api.post<CheckoutReply>('/web/checkout', { customerNumber: ACME, email, product, ...extra })

async function granted(email: string, product: string, extra: Record<string, unknown> = {}) {
  const reply = await checkout(email, product, extra)
  expect([reply.http, reply.body.data?.outcome], JSON.stringify(reply.body)).toEqual([200, 'granted'])
  return reply.body.data as Granted
}

let pools = 0
/** A web entitlement of Acme's for a product of its own, so seat counts are this test's alone. */
function pool(type: WebPool['type'], seats: number, days: { start?: number; end?: number } = {}) {
  pools++
  const product = `Ansys Probe ${pools}`
  return insertWebPool(server.db, {
    accountId: ACME,
    type,
    product,
    activationId: `WEB-PROBE-${pools}`,
    seats,
    ...days,
  })
}

const seatRow = async (checkoutId: string) =>
  (await first(server.db.select().from(webCheckouts).where(eq(webCheckouts.checkoutId, checkoutId))))!
const transactionsOf = (checkoutId: string) =>
  server.db.select().from(webTransactions).where(eq(webTransactions.checkoutId, checkoutId)).orderBy(webTransactions.id)
const lastTransaction = async () =>
  (await rawAll<Record<string, unknown>>(server.db, sql`SELECT * FROM web_transactions ORDER BY id DESC LIMIT 1`))[0]
const transactionCount = async () =>
  (await rawAll<{ n: number }>(server.db, sql`SELECT count(*) AS n FROM web_transactions`))[0]
/** Moves a seat's times `ms` into the past, as if that much time had gone by since it was taken. */
async function age(checkoutId: string, ms: number) {
  const row = await seatRow(checkoutId)
  await server.db
    .update(webCheckouts)
    .set({
      startedAt: row.startedAt - ms,
      lastHeartbeatAt: row.lastHeartbeatAt - ms,
      leaseExpiresAt: row.leaseExpiresAt - ms,
    })
    .where(eq(webCheckouts.checkoutId, checkoutId))
  return seatRow(checkoutId)
}

describe('checkout', () => {
  it('grants a shared seat open to every web user, with its lease and heartbeat, and records the grant', async () => {
    const before = Date.now()
    const seat = await granted(ADAM, 'Ansys Discovery', { clientHost: 'ws-17', productVersion: '2026 R1' })
    const discovery = (await first(
      server.db
        .select()
        .from(entitlements)
        .where(and(eq(entitlements.accountId, ACME), eq(entitlements.product, 'Ansys Discovery')))
        // SQLite's order from its index on the account and type: the web entitlement before the SSL ones.
        .orderBy(entitlements.type, entitlements.id),
    ))!
    expect(seat).toMatchObject({ activationId: discovery.activationId, heartbeatSeconds: HEARTBEAT_INTERVAL_MS / 1000 })
    expect(seat.leaseExpiresAt).toBeGreaterThanOrEqual(before + LEASE_MS)
    expect(seat.leaseExpiresAt).toBeLessThanOrEqual(Date.now() + LEASE_MS)
    expect(await seatRow(seat.checkoutId)).toMatchObject({
      entitlementId: discovery.id,
      userEmail: ADAM,
      clientHost: 'ws-17',
      productVersion: '2026 R1',
      leaseExpiresAt: seat.leaseExpiresAt,
      endedAt: null,
    })
    expect(await transactionsOf(seat.checkoutId)).toEqual([
      expect.objectContaining({
        accountId: ACME,
        entitlementId: discovery.id,
        product: 'Ansys Discovery',
        userEmail: ADAM,
        outcome: 'granted',
        reason: '',
        clientHost: 'ws-17',
        productVersion: '2026 R1',
        durationMs: null,
      }),
    ])
  })

  it('knows the user whatever the case of the e-mail', async () => {
    await granted(ADAM.toUpperCase(), 'Ansys Discovery')
  })

  async function denied(email: string, product: string, reason: DenialReason) {
    const count = await transactionCount()
    const reply = await checkout(email, product)
    expect([reply.http, reply.body.data]).toEqual([200, { outcome: 'denied', reason, message: DENIAL_TEXTS[reason] }])
    expect(await transactionCount()).toEqual({ n: count.n + 1 })
    expect(await lastTransaction()).toMatchObject({
      account_id: ACME,
      product,
      user_email: email.toLowerCase(),
      outcome: 'denied',
      reason,
      checkout_id: null,
    })
  }

  it('refuses an e-mail that is no web user of the customer (unknown-user)', async () => {
    await denied('stranger@elsewhere.example', 'Ansys Discovery', 'unknown-user')
  })

  it('refuses a product the customer has no web licence of (no-entitlement)', async () => {
    await denied(ADAM, 'Ansys Fluent Nowhere', 'no-entitlement')
    // An SSL licence of a product is no web licence of it.
    await denied(ADAM, 'Ansys HFSS', 'no-entitlement')
  })

  it('reserves a shared licence assigned to groups for their members (not-in-group)', async () => {
    await denied(ADAM, 'Ansys SpaceClaim', 'not-in-group')
    await granted(AMELIA, 'Ansys SpaceClaim')
  })

  it('grants a named seat to its holder on several machines at once, and refuses anyone else (not-named-user)', async () => {
    const seats = [await granted(LENA, 'Ansys Mechanical'), await granted(LENA, 'Ansys Mechanical')]
    const third = await granted(LENA, 'Ansys Mechanical', { clientHost: 'laptop' })
    expect(new Set([...seats, third].map((s) => s.checkoutId)).size).toBe(3)
    await denied(ADAM, 'Ansys Mechanical', 'not-named-user')
  })

  it('refuses a licence before its start (not-started) and after its end (ended)', async () => {
    const early = await pool('SHARED_WEB', 3, { start: 1, end: 100 })
    const late = await pool('SHARED_WEB', 3, { start: -100, end: -1 })
    await denied(ADAM, early.product, 'not-started')
    await denied(ADAM, late.product, 'ended')
  })

  it('refuses when every seat is in use (no-free-seat), naming the entitlement in the record', async () => {
    const { product, activationId } = await pool('SHARED_WEB', 2)
    await granted(ADAM, product)
    await granted(AMELIA, product)
    await denied(LENA, product, 'no-free-seat')
    const id = (await first(
      server.db.select({ id: entitlements.id }).from(entitlements).where(eq(entitlements.activationId, activationId)),
    ))!.id
    expect((await lastTransaction()).entitlement_id).toBe(id)
  })

  it('answers 404 for a customer that does not exist, writing nothing', async () => {
    const before = await dataSnapshot(server.db)
    const reply = await api.post('/web/checkout', {
      customerNumber: '9999999',
      email: ADAM,
      product: 'Ansys Discovery',
    })
    expect([reply.http, reply.body.err]).toEqual([404, 'Customer not found'])
    expect(await dataSnapshot(server.db)).toEqual(before)
  })

  it('records the refusal of a customer under export control, then answers 403 as every call about it', async () => {
    const reply = await api.post('/web/checkout', {
      customerNumber: EMBARGO,
      email: 'igor.petrov@embargo.example',
      product: 'Ansys Discovery',
    })
    expect([reply.http, reply.body]).toEqual([403, { status: 'FAILURE', err: EXPORT_DENIED_MESSAGE }])
    expect(await lastTransaction()).toMatchObject({
      account_id: EMBARGO,
      outcome: 'denied',
      reason: 'export-control',
      user_email: 'igor.petrov@embargo.example',
    })
  })
})

describe('heartbeat and check-in', () => {
  it('a heartbeat renews the lease from now', async () => {
    const seat = await granted(ADAM, (await pool('SHARED_WEB', 1)).product)
    const aged = await age(seat.checkoutId, 10 * 60_000)
    const before = Date.now()
    const reply = await api.post<{ checkoutId: string; leaseExpiresAt: number }>('/web/heartbeat', {
      checkoutId: seat.checkoutId,
    })
    expect(reply.http).toBe(200)
    expect(reply.body.data!.leaseExpiresAt).toBeGreaterThanOrEqual(before + LEASE_MS)
    expect(reply.body.data!.leaseExpiresAt).toBeGreaterThan(aged.leaseExpiresAt)
    const row = await seatRow(seat.checkoutId)
    expect(row).toMatchObject({ leaseExpiresAt: reply.body.data!.leaseExpiresAt, endedAt: null })
    expect(row.lastHeartbeatAt).toBeGreaterThanOrEqual(before)
    expect((await transactionsOf(seat.checkoutId)).map((t) => t.outcome)).toEqual(['granted'])
  })

  it('a check-in returns the seat with how long it was held; it is then free, and a second check-in is 409', async () => {
    const { product } = await pool('SHARED_WEB', 1)
    const seat = await granted(ADAM, product)
    await age(seat.checkoutId, 60_000)
    const reply = await api.post<{ returnedAt: number; durationMs: number }>('/web/checkin', {
      checkoutId: seat.checkoutId,
    })
    expect(reply.http).toBe(200)
    const { returnedAt, durationMs } = reply.body.data!
    expect(durationMs).toBeGreaterThanOrEqual(60_000)
    expect(durationMs).toBeLessThan(70_000)
    expect(await seatRow(seat.checkoutId)).toMatchObject({ endedAt: returnedAt, endReason: 'returned' })
    expect(await transactionsOf(seat.checkoutId)).toEqual([
      expect.objectContaining({ outcome: 'granted' }),
      expect.objectContaining({ outcome: 'returned', at: returnedAt, durationMs, product, userEmail: ADAM }),
    ])
    await granted(AMELIA, product)
    for (const call of ['/web/checkin', '/web/heartbeat']) {
      const again = await api.post(call, { checkoutId: seat.checkoutId })
      expect([call, again.http, again.body.err]).toEqual([call, 409, WEB_SERVICE_MESSAGES.ended])
    }
    expect(await transactionsOf(seat.checkoutId)).toHaveLength(2)
  })

  it('answers 404 for a checkout id no checkout answered', async () => {
    const reply = await api.post('/web/heartbeat', { checkoutId: '00000000-0000-4000-8000-000000000001' })
    expect([reply.http, reply.body.err]).toEqual([404, WEB_SERVICE_MESSAGES.unknownCheckout])
  })

  it('refuses a seat of a customer that has come under export control since', async () => {
    const seat = await api.post<Granted>('/web/checkout', {
      customerNumber: BOREALIS,
      email: demoWebUsers(BOREALIS)[1].email,
      product: 'Ansys HFSS',
    })
    expect(seat.body.data?.outcome).toBe('granted')
    const status = (value: string) =>
      rawRun(server.db, sql`UPDATE accounts SET export_control_status = ${value} WHERE account_id = ${BOREALIS}`)
    await status('Denied')
    try {
      for (const call of ['/web/heartbeat', '/web/checkin']) {
        const reply = await api.post(call, { checkoutId: seat.body.data!.checkoutId })
        expect([call, reply.http, reply.body.err]).toEqual([call, 403, EXPORT_DENIED_MESSAGE])
      }
      expect((await seatRow(seat.body.data!.checkoutId)).endedAt).toBeNull()
    } finally {
      await status('')
    }
  })
})

describe('leases past their end', () => {
  it('are returned by the next checkout of the product, at the lease’s end, with how long they were held', async () => {
    const { product } = await pool('SHARED_WEB', 1)
    const stale = await granted(ADAM, product)
    const aged = await age(stale.checkoutId, LEASE_MS + 60_000)
    const fresh = await granted(AMELIA, product)
    expect(await seatRow(stale.checkoutId)).toMatchObject({ endedAt: aged.leaseExpiresAt, endReason: 'expired' })
    expect((await seatRow(fresh.checkoutId)).endedAt).toBeNull()
    expect(await transactionsOf(stale.checkoutId)).toEqual([
      expect.objectContaining({ outcome: 'granted' }),
      expect.objectContaining({
        outcome: 'expired',
        at: aged.leaseExpiresAt,
        durationMs: aged.leaseExpiresAt - aged.startedAt,
        product,
        userEmail: ADAM,
      }),
    ])
    const heartbeat = await api.post('/web/heartbeat', { checkoutId: stale.checkoutId })
    expect([heartbeat.http, heartbeat.body.err]).toEqual([409, WEB_SERVICE_MESSAGES.ended])
  })

  it('are returned by the sweep, whichever customer or product they are of', async () => {
    const seats = [await granted(ADAM, (await pool('SHARED_WEB', 1)).product), await granted(LENA, 'Ansys Mechanical')]
    const aged = await mapInOrder(seats, (s) => age(s.checkoutId, LEASE_MS + 1))
    expect(await sweepExpiredLeases(server.db)).toBe(2)
    for (const row of aged) {
      expect(await seatRow(row.checkoutId)).toMatchObject({ endedAt: row.leaseExpiresAt, endReason: 'expired' })
      expect((await transactionsOf(row.checkoutId)).map((t) => [t.outcome, t.durationMs])).toEqual([
        ['granted', null],
        ['expired', row.leaseExpiresAt - row.startedAt],
      ])
    }
    expect(await sweepExpiredLeases(server.db)).toBe(0)
  })

  it('a heartbeat that comes too late is refused (409) and the seat recorded as expired', async () => {
    const seat = await granted(ADAM, (await pool('SHARED_WEB', 1)).product)
    const aged = await age(seat.checkoutId, LEASE_MS)
    const reply = await api.post('/web/heartbeat', { checkoutId: seat.checkoutId })
    expect([reply.http, reply.body.err]).toEqual([409, WEB_SERVICE_MESSAGES.ended])
    expect(await seatRow(seat.checkoutId)).toMatchObject({ endedAt: aged.leaseExpiresAt, endReason: 'expired' })
    expect((await transactionsOf(seat.checkoutId)).map((t) => t.outcome)).toEqual(['granted', 'expired'])
  })
})

describe('who may call the service', () => {
  it('business operations may', async () => {
    const busops = apiClient(server.url, await getAccessToken(server.url, 'busops@vendor.example'))
    const reply = await busops.post<CheckoutReply>('/web/checkout', {
      customerNumber: ACME,
      email: ADAM,
      product: 'Ansys Discovery',
    })
    expect(reply.body.data?.outcome).toBe('granted')
  })

  for (const who of ['admin@acme.example', 'viewer@acme.example', 'support@vendor.example', 'nobody@example.com']) {
    it(`${who} is refused every call with 403, and nothing changes`, async () => {
      const seat = await granted(ADAM, 'Ansys Discovery')
      const other = apiClient(server.url, await getAccessToken(server.url, who))
      await other.get('/getUserDetails')
      const before = await dataSnapshot(server.db)
      const answers = [
        await other.post('/web/checkout', { customerNumber: ACME, email: ADAM, product: 'Ansys Discovery' }),
        await other.post('/web/heartbeat', { checkoutId: seat.checkoutId }),
        await other.post('/web/checkin', { checkoutId: seat.checkoutId }),
      ].map((r) => [r.http, r.body.err])
      expect(answers).toEqual(Array(3).fill([403, WEB_SERVICE_MESSAGES.serviceOnly]))
      expect(await dataSnapshot(server.db)).toEqual(before)
    })
  }
})

describe('bad input', () => {
  const cases: [string, string, unknown, string][] = [
    ['checkout', 'no e-mail', { customerNumber: ACME, product: 'Ansys Discovery' }, 'email'],
    ['checkout', 'not an e-mail', { customerNumber: ACME, email: 'adam', product: 'Ansys Discovery' }, 'email'],
    ['checkout', 'no product', { customerNumber: ACME, email: ADAM }, 'product'],
    ['checkout', 'an empty product', { customerNumber: ACME, email: ADAM, product: ' ' }, 'product'],
    ['checkout', 'a formula for a product', { customerNumber: ACME, email: ADAM, product: '=1+1' }, 'product'],
    ['checkout', 'no customer', { email: ADAM, product: 'Ansys Discovery' }, 'customerNumber'],
    [
      'checkout',
      'a host of 300 characters',
      { customerNumber: ACME, email: ADAM, product: 'Ansys Discovery', clientHost: 'h'.repeat(300) },
      'clientHost',
    ],
    ['heartbeat', 'no checkout id', {}, 'checkoutId'],
    ['heartbeat', 'a made-up checkout id', { checkoutId: '1 OR 1=1' }, 'checkoutId'],
    ['checkin', 'a number for a checkout id', { checkoutId: 42 }, 'checkoutId'],
  ]
  for (const [call, what, body, field] of cases) {
    it(`${call} with ${what} is 400 naming ${field}, and nothing changes`, async () => {
      const before = await dataSnapshot(server.db)
      const reply = await api.post(`/web/${call}`, body)
      expect([reply.http, reply.body.status]).toEqual([400, 'FAILURE'])
      expect(reply.body.err).toContain(field)
      expect(await dataSnapshot(server.db)).toEqual(before)
    })
  }
})
