/**
 * The statement calls on a real server and database: POST /statements with
 * figures worked out by hand from sessions recorded through POST /usage/sessions,
 * its bad input, who is refused, and a customer without elastic entitlements;
 * the weekly and monthly statement e-mails as the outbox and the audit trail then
 * show them; the statement as a PDF, read back with pdftotext.
 */
import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { first } from '../../db/query'
import { entitlements } from '../../db/tables'
import { demoActivationId, ELASTIC_KEYS } from '../../db/seed-entitlements'
import { demoElasticServers } from '../../db/seed-elastic'
import { addDays, formatNumber, todayUtc } from '../../app/domain/entitlements'
import { PRODUCT_NAME } from '../../app/domain/product'
import { NO_ACTIVE_ENTITLEMENTS, PO_FIELD, type StatementData } from '../../app/domain/statement-types'
import { createApiClient } from '../../app/api-client/client.server'
import { statementCalls } from '../../api/contract/statements'
import { EXPORT_DENIED_MESSAGE } from '../../api/access'
import { FILE_OVER_HTTP_ONLY } from '../../api/index'
import type { AuditEntry } from '../../api/audit-log'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { itRefusesOtherAndExportControlledCustomers } from './support/refusals'
import { apiClient, startTestServer, type TestServer } from './support/server'

let server: TestServer
const as = async (email: string) => apiClient(server.url, await getAccessToken(server.url, email))

const ADMIN = 'admin@acme.example'
const VIEWER = 'viewer@acme.example'
const BUSOPS = 'busops@vendor.example'
const ACME = '1000001'
const STEADY = demoActivationId(ELASTIC_KEYS.acmeSteady)
const serverOf = (customer: string) => demoElasticServers.find((s) => s.accountId === customer)!.deviceId
const ACME_SERVER = serverOf(ACME)
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

const steadyQuantity = async () =>
  (await first(
    server.db
      .select({ quantity: entitlements.quantity })
      .from(entitlements)
      .where(eq(entitlements.activationId, STEADY)),
  ))!.quantity

/** The e-mail and PDF tests read the sessions the first test records. */
let sessionsRecorded = false

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
    sessionsRecorded = true

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
    const quantity = await steadyQuantity()
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

type Email = { id: number; subject: string; to: string; date: string }

async function emailNamed(subject: string) {
  const busops = await as(BUSOPS)
  const list = await busops.post<Email[]>('/getemails', {
    customerNumber: ACME,
    filter: { condition: 'ALL', criteria: [{ name: 'subject', method: 'EQUALS', value: subject }] },
  })
  expect(list.http, JSON.stringify(list.body)).toBe(200)
  expect(list.body.data).toHaveLength(1)
  const one = await busops.post<Email & { body: string }>('/getemail', {
    customerNumber: ACME,
    id: list.body.data![0].id,
  })
  expect(one.http).toBe(200)
  return one.body.data!
}

describe('POST /emailweek and /emailmonth', () => {
  const request = (change: Record<string, unknown> = {}) => ({
    customerid: ACME,
    customername: 'Acme Aerospace',
    server: ACME_SERVER,
    activationid: STEADY,
    date: to,
    ...change,
  })

  it("writes the week's statement of the entitlement into the outbox, to the administrators, with an audit record", async () => {
    expect(sessionsRecorded).toBe(true)
    const r = await (await as(ADMIN)).post('/emailweek', request())
    expect([r.http, r.body]).toEqual([200, { status: 'SUCCESS', data: { sent: true } }])

    // The 7 days ending on `to` hold the 4 h Fluent session (34.00); 85 + 17 + 12.75 were charged before.
    const weekFrom = addDays(to, -6)
    const email = await emailNamed(`Weekly elastic statement ${weekFrom} to ${to}`)
    expect(email.to).toBe('admin@acme.example, raj.patel@acme.example, webmatrix.admin@acme.example')
    expect(email.date.slice(0, 10)).toBe(today)
    const quantity = await steadyQuantity()
    const cells = [...email.body.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1])
    expect(email.body).toContain('Elastic Licensing Summary Statement')
    expect(email.body).toContain('1000001 - Acme Aerospace')
    expect(cells).toEqual(
      expect.arrayContaining([
        today,
        weekFrom,
        to,
        'PO-ACME-2025-0412',
        STEADY,
        formatNumber(quantity, 2),
        formatNumber(quantity - 114.75, 2),
        '34.00',
        formatNumber(quantity - 148.75, 2),
        'USD',
        FLUENT,
      ]),
    )
    expect(formatNumber(quantity - 148.75, 2)).toMatch(/^\d{1,3}(,\d{3})+\.25$/)
    expect(email.body).not.toContain(MECH_PRO)

    const audit = await (await as(BUSOPS)).post<AuditEntry[]>('/audit', { customerNumber: ACME })
    expect(audit.body.data![0]).toMatchObject({
      actorEmail: ADMIN,
      area: 'statement',
      action: 'email weekly',
      before: null,
      after: { activationId: STEADY, server: ACME_SERVER, from: weekFrom, to, emailId: email.id },
    })
  })

  it('writes the monthly statement from the 1st of the month of the date', async () => {
    const r = await (await as(BUSOPS)).post('/emailmonth', request({ date: '2026-03-31' }))
    expect(r.http, JSON.stringify(r.body)).toBe(200)
    const email = await emailNamed(`Monthly elastic statement 2026-03-01 to 2026-03-31`)
    expect(email.body).toContain('2026-03-01')
    expect(email.body).toContain(`>${STEADY}<`)
  })

  it('refuses view-only users, servers and entitlements the customer does not have, and bad dates', async () => {
    const viewer = await as(VIEWER)
    const admin = await as(ADMIN)
    const borealisMain = demoActivationId(ELASTIC_KEYS.borealisMain)
    const cases: [Awaited<ReturnType<typeof as>>, string, Record<string, unknown>, number, string][] = [
      [viewer, '/emailweek', {}, 403, 'View-only users cannot send statement e-mails.'],
      [viewer, '/emailmonth', {}, 403, 'View-only users cannot send statement e-mails.'],
      [admin, '/emailweek', { server: serverOf('1000002') }, 404, 'Elastic server not found'],
      [admin, '/emailmonth', { server: 'ELS-NONE' }, 404, 'Elastic server not found'],
      [admin, '/emailweek', { activationid: borealisMain }, 404, 'Elastic entitlement not found'],
      [admin, '/emailmonth', { date: '2026-02-29' }, 400, "date: must be a day like '2026-11-01'"],
      [admin, '/emailweek', { server: '' }, 400, 'server: server is required'],
    ]
    for (const [api, path, change, http, err] of cases) {
      const r = await api.post(path, request(change))
      expect([path, change, r.http, r.body]).toEqual([path, change, http, { status: 'FAILURE', err }])
    }
  })

  it('refuses another customer and a customer under export control', async () => {
    const partner = await as('partner@channel.example')
    for (const path of ['/emailweek', '/emailmonth']) {
      const other = await partner.post(path, request())
      expect([path, other.http, other.body.status]).toEqual([path, 403, 'FAILURE'])
      for (const email of [BUSOPS, 'igor.petrov@embargo.example']) {
        const denied = await (
          await as(email)
        ).post(path, request({ customerid: '1000005', server: serverOf('1000005') }))
        expect([path, denied.http, denied.body]).toEqual([path, 403, { status: 'FAILURE', err: EXPORT_DENIED_MESSAGE }])
      }
    }
  })
})

describe('POST /getPdf', () => {
  it('answers the statement as a PDF named for the customer and period', async () => {
    const token = await getAccessToken(server.url, ADMIN)
    const res = await fetch(`${server.url}/api/getPdf`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from, to, today, customerNumber: ACME }),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="SummaryStatement_${ACME}_${from}_${to}.pdf"`,
    )
    const bytes = Buffer.from(await res.arrayBuffer())
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const text = execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8')
    expect(text).toContain('Elastic Licensing Summary Statement')
    expect(text).toContain('1000001 - Acme Aerospace')
    expect(text).toMatch(new RegExp(`Period Start\\s+${from}`))
    expect(text).toMatch(new RegExp(`Period End\\s+${to}`))
    expect(text).toContain('PO-ACME-2025-0412')
    expect(text).toContain('63.75')
  })

  it('answers failures as JSON envelopes', async () => {
    const r = await (await as(BUSOPS)).post('/getPdf', { from, to, today, customerNumber: '1000003' })
    expect([r.http, r.body]).toEqual([404, { status: 'FAILURE', err: NO_ACTIVE_ENTITLEMENTS }])
    const bad = await (await as(BUSOPS)).post('/getPdf', { from: to, to: from, today, customerNumber: ACME })
    expect([bad.http, bad.body]).toEqual([400, { status: 'FAILURE', err: 'from: must not be after to' }])
  })

  it('answers a clear failure in process, where only JSON travels', async () => {
    const client = createApiClient(server.config, await getAccessToken(server.url, ADMIN))
    const r = await client.send(statementCalls.pdf, { from, to, today, customerNumber: ACME })
    expect(r).toMatchObject({ status: 'FAILURE', err: FILE_OVER_HTTP_ONLY, httpStatus: 406 })
  })

  itRefusesOtherAndExportControlledCustomers(as, [['/getPdf', { from, to, today }]])
})
