/**
 * The statement calls on a real server and database: POST /statements with
 * figures worked out by hand from sessions recorded through POST /usage/sessions,
 * its bad input, who is refused, and a customer without elastic entitlements.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { entitlements } from '../../db/schema'
import { demoActivationId, ELASTIC_KEYS } from '../../db/seed-entitlements'
import { addDays, todayUtc } from '../../app/domain/entitlements'
import { PRODUCT_NAME } from '../../app/domain/product'
import { NO_ACTIVE_ENTITLEMENTS, PO_FIELD, type StatementData } from '../../app/domain/statement-types'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { itRefusesOtherAndExportControlledCustomers } from './support/refusals'
import { apiClient, startTestServer, type TestServer } from './support/server'

let server: TestServer
const as = async (email: string) => apiClient(server.url, await getAccessToken(server.url, email))

const ADMIN = 'admin@acme.example'
const BUSOPS = 'busops@vendor.example'
const ACME = '1000001'
const STEADY = demoActivationId(ELASTIC_KEYS.acmeSteady)
const FLUENT = `${PRODUCT_NAME} Fluent`
const MECH_PRO = `${PRODUCT_NAME} Mechanical Pro`

const today = todayUtc()
/** A period well before the demo sessions of Acme's steady entitlement (the last 90 days). */
const from = addDays(today, -160)
const to = addDays(today, -151)
const at = (day: string, time: string) => `${day} ${time}`

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

async function record(startTime: string, endTime: string | null, product: string, productCount = 1) {
  const busops = await as(BUSOPS)
  const r = await busops.post<{ charge: number }>('/usage/sessions', {
    customerNumber: ACME,
    activationId: STEADY,
    startTime,
    ...(endTime === null ? {} : { endTime }),
    product,
    productCount,
    user: 'statement-test',
    host: 'statement-host',
  })
  expect(r.http, JSON.stringify(r.body)).toBe(200)
  return r.body.data!.charge
}

const steadyQuantity = () =>
  server.db
    .select({ quantity: entitlements.quantity })
    .from(entitlements)
    .where(eq(entitlements.activationId, STEADY))
    .get()!.quantity

describe('POST /statements', () => {
  it('gives balances, the period used and the products of each record from the sessions charged by their end', async () => {
    // Rates of the 2025.1 table: Fluent 8.5, Mechanical Pro 4.25 per product-hour.
    // 10 h × 8.5, ends the day before: before the period.
    expect(await record(at(addDays(from, -1), '09:00:00'), at(addDays(from, -1), '19:00:00'), FLUENT)).toBe(85)
    // 2 h × 8.5, ends at 00:00 of the first day: in.
    expect(await record(at(addDays(from, -1), '22:00:00'), at(from, '00:00:00'), FLUENT)).toBe(17)
    // 1.5 h × 2 × 4.25: in.
    expect(await record(at(from, '09:00:00'), at(from, '10:30:00'), MECH_PRO, 2)).toBe(12.75)
    // 4 h × 8.5, ends at the period's last millisecond: in.
    expect(await record(at(to, '20:00:00'), at(to, '23:59:59.999'), FLUENT)).toBe(34)
    // 2 h × 4.25, ends at 00:00 after the last day: after the period.
    expect(await record(at(to, '22:00:00'), at(addDays(to, 1), '00:00:00'), MECH_PRO)).toBe(8.5)
    await record(at(to, '12:00:00'), null, FLUENT) // still running: not charged

    const api = await as(ADMIN)
    const r = await api.post<StatementData>('/statements', {
      from,
      to,
      today,
      customerNumber: ACME,
      customerName: 'Anything',
    })
    expect(r.http, JSON.stringify(r.body)).toBe(200)
    const data = r.body.data!
    expect(data.Customer).toEqual({
      ReportDate: today,
      CustomerNumber: ACME,
      CustomerName: 'Acme Aerospace',
      From: from,
      To: to,
    })
    const quantity = steadyQuantity()
    const steady = data.Records.find((x) => x.ActivationId === STEADY)!
    expect(steady).toMatchObject({
      [PO_FIELD]: 'PO-ACME-2025-0412',
      StartDate: addDays(today, -200),
      EndDate: addDays(today, 165),
      Currency: 'USD',
      LineItemQuantity: quantity,
      BalanceBeforeStart: quantity - 85,
      Used: 63.75,
      TotalUsed: 148.75,
      BalanceAtEnd: quantity - 148.75,
      Products: [
        { product: FLUENT, total: 51, currency: 'USD' },
        { product: MECH_PRO, total: 12.75, currency: 'USD' },
      ],
    })
    // Records by PO, then activation id.
    const pos = data.Records.map((x) => `${x[PO_FIELD]} ${x.ActivationId}`)
    expect(pos).toEqual([...pos].sort())
  })

  it("answers 'No active entitlements for account' (404) for a customer without elastic entitlements", async () => {
    const busops = await as(BUSOPS)
    const r = await busops.post('/statements', { from, to, today, customerNumber: '1000003' })
    expect([r.http, r.body]).toEqual([404, { status: 'FAILURE', err: NO_ACTIVE_ENTITLEMENTS }])
  })

  it('refuses bad days, a period that ends before it starts and one longer than 10 years', async () => {
    const api = await as(ADMIN)
    const cases: [Record<string, unknown>, string][] = [
      [{ from: '2026-02-30' }, "from: must be a day like '2026-11-01'"],
      [{ to: 'yesterday' }, "to: must be a day like '2026-11-01'"],
      [{ today: '' }, "today: must be a day like '2026-11-01'"],
      [{ from: '2026-03-02', to: '2026-03-01' }, 'from: must not be after to'],
      [{ from: '2016-01-01', to: '2026-02-17' }, 'The period may be at most 10 years.'],
    ]
    for (const [change, err] of cases) {
      const r = await api.post('/statements', { from, to, today, customerNumber: ACME, ...change })
      expect([r.http, r.body]).toEqual([400, { status: 'FAILURE', err }])
    }
    // 3,700 days, both included.
    const longest = await api.post('/statements', { from: '2016-01-01', to: '2026-02-16', today, customerNumber: ACME })
    expect(longest.http).toBe(200)
  })

  itRefusesOtherAndExportControlledCustomers(as, [['/statements', { from, to, today }]])
})
