/**
 * Check a licence file on a real server and database (POST /fulfillments/check):
 * a file as downloaded is genuine and current, pasted or uploaded; a tampered
 * count is reported on its line and as a difference; a removed line and a
 * further activation are reported as what differs. Only a customer's
 * administrators and vendor support or business operations may check, and a
 * file of a customer the caller may not check (another customer, an unknown
 * one, one under export control) tells nothing about it. Bad input gets its
 * reason, and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../db/tables'
import { demoActivationId } from '../../db/seed-entitlements'
import type { LicenseFile } from '../../app/domain/activation-types'
import { LICENSE_CHECK_MESSAGES, type LicenseCheck } from '../../app/domain/license-check'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { demoHost, fulfillmentBody } from './support/activations'
import { apiClient, startTestServer, type TestServer } from './support/server'

let server: TestServer
const as = async (email: string) => apiClient(server.url, await getAccessToken(server.url, email))

const ADMIN = 'admin@acme.example'
const ACME = '1000001'
const BOREALIS = '1000002'
const COBALT = '1000003'
const LIC01 = demoHost('acme-lic01')
const SHARED = demoHost('shared')
const ACTIVE_LEASE = demoActivationId('acme-lease-active')
const BORROW_LEASE = demoActivationId('acme-lease-last-weeks')

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

const hostBody = (customerNumber: string, host: { serverId: string; serverIdType: string }) => ({
  customerNumber,
  serverId: host.serverId,
  serverIdType: host.serverIdType,
})

/** Sets the customer's counts on the host to these (returning what it had there). */
async function activate(email: string, customer: string, host: typeof LIC01, activations: Record<string, number>) {
  const api = await as(email)
  const on = await api.post<{ ActivationId: string; ansysActivated: number }[]>('/fulfillments/entitlements', {
    customerNumber: customer,
    ...host,
  })
  const held = Object.fromEntries(on.body.data!.map((r) => [r.ActivationId, -r.ansysActivated]))
  if (Object.keys(held).length > 0) await api.post('/fulfillments/return', fulfillmentBody(customer, host, held))
  const r = await api.post('/fulfillments/create', fulfillmentBody(customer, host, activations))
  expect(r.http, JSON.stringify(r.body)).toBe(200)
}

async function download(email: string, customer: string, host: typeof LIC01): Promise<string> {
  const r = await (await as(email)).post<LicenseFile>('/fulfillments/download', hostBody(customer, host))
  expect(r.http, JSON.stringify(r.body)).toBe(200)
  return r.body.data!.licenseText
}

async function check(email: string, licenseText: string) {
  return (await as(email)).post<LicenseCheck>('/fulfillments/check', { licenseText })
}

async function checked(email: string, licenseText: string): Promise<LicenseCheck> {
  const r = await check(email, licenseText)
  expect(r.http, JSON.stringify(r.body)).toBe(200)
  return r.body.data!
}

const auditCount = async () => (await server.db.select().from(auditLog)).length

describe('POST /fulfillments/check', () => {
  it('finds a file as downloaded genuine and current, with what it grants, whose it is and its host', async () => {
    await activate(ADMIN, ACME, LIC01, { [ACTIVE_LEASE]: 2, [BORROW_LEASE]: 1 })
    const text = await download(ADMIN, ACME, LIC01)
    const audits = await auditCount()
    const result = await checked(ADMIN, text)
    expect(result).toMatchObject({
      genuine: true,
      state: 'current',
      differences: [],
      host: { ids: [LIC01.serverId], name: 'acme-lic01' },
      customers: [{ number: ACME, name: 'Acme Aerospace' }],
      hiddenLines: 0,
    })
    const active = result.lines.find((l) => l.activationId === ACTIVE_LEASE)!
    expect(active).toMatchObject({
      genuine: true,
      problems: [],
      productName: 'Ansys Mechanical Enterprise',
      count: '2',
      customerNumber: ACME,
      borrowing: 'No',
    })
    expect(result.lines.find((l) => l.activationId === BORROW_LEASE)).toMatchObject({
      count: '1',
      genuine: true,
      borrowing: 'Yes',
    })
    expect(await auditCount()).toBe(audits)
  })

  it('reads an uploaded file (multipart) as it reads pasted text', async () => {
    const text = await download(ADMIN, ACME, LIC01)
    const form = new FormData()
    form.set('file', new File([text], 'license.lic', { type: 'text/plain' }))
    const res = await fetch(`${server.url}/api/fulfillments/check`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await getAccessToken(server.url, ADMIN)}` },
      body: form,
    })
    const body = (await res.json()) as { data: LicenseCheck }
    expect(res.status).toBe(200)
    expect(body.data).toMatchObject({ genuine: true, state: 'current' })
  })

  it('reports a tampered count on its line, and as what differs from today', async () => {
    const text = await download(ADMIN, ACME, LIC01)
    const tampered = text.replace(/(Ansys_Mechanical_Enterprise ansyslmd \S+ \S+) 2 /, '$1 20 ')
    expect(tampered).not.toBe(text)
    const result = await checked(ADMIN, tampered)
    expect(result.genuine).toBe(false)
    const line = result.lines.find((l) => l.activationId === ACTIVE_LEASE)!
    expect(line).toMatchObject({ genuine: false, count: '20' })
    expect(line.problems).toEqual(['Its signature does not match what it grants: it was changed after it was issued.'])
    expect(result.lines.find((l) => l.activationId === BORROW_LEASE)!.genuine).toBe(true)
    expect(result.state).toBe('differs')
    expect(result.differences).toEqual([
      expect.stringMatching(
        new RegExp(`Ansys Mechanical Enterprise \\(${ACTIVE_LEASE}\\): count 20 in the file, 2 today`),
      ),
    ])
  })

  it('reports a removed line as missing from the file', async () => {
    const text = await download(ADMIN, ACME, LIC01)
    const lines = text.split('\n')
    const start = lines.findIndex((l) => l.startsWith('INCREMENT') && l.includes('Ansys_Mechanical_Pro'))
    expect(start).toBeGreaterThan(0)
    let end = start
    while (lines[end].endsWith('\\')) end++
    const removed = [...lines.slice(0, start), ...lines.slice(end + 1)].join('\n')
    const result = await checked(ADMIN, removed)
    expect(result.lines.every((l) => l.genuine)).toBe(true)
    expect(result.state).toBe('differs')
    expect(result.differences).toEqual([
      expect.stringMatching(new RegExp(`\\(${BORROW_LEASE}\\): 1 activated on this host today, missing from the file`)),
    ])
  })

  it('tells what differs after a further activation on the host', async () => {
    const text = await download(ADMIN, ACME, LIC01)
    await activate(ADMIN, ACME, LIC01, { [ACTIVE_LEASE]: 3, [BORROW_LEASE]: 1 })
    const result = await checked(ADMIN, text)
    expect(result).toMatchObject({ genuine: true, state: 'differs' })
    expect(result.differences).toEqual([expect.stringMatching(/: count 2 in the file, 3 today\.$/)])
  })

  it('is for a customer’s administrators and vendor support and business operations only', async () => {
    const text = await download(ADMIN, ACME, LIC01)
    for (const email of ['support@vendor.example', 'busops@vendor.example', 'raj.patel@acme.example']) {
      expect((await checked(email, text)).customers, email).toEqual([{ number: ACME, name: 'Acme Aerospace' }])
    }
    for (const email of ['viewer@acme.example', 'asc@acme.example', 'sales@vendor.example', 'nobody@example.com']) {
      const r = await check(email, text)
      expect([email, r.http, r.body]).toEqual([email, 403, { status: 'FAILURE', err: LICENSE_CHECK_MESSAGES.refused }])
    }
  })

  it('tells nothing of a customer the caller may not check: another, an unknown one, one under export control', async () => {
    const text = await download(ADMIN, ACME, LIC01)
    const refusals = [
      await check('marta.lindqvist@borealis.example', text),
      await check('marta.lindqvist@borealis.example', text.replaceAll(`customer=${ACME}`, 'customer=9999999')),
      await check('igor.petrov@embargo.example', text.replaceAll(`customer=${ACME}`, 'customer=1000005')),
      await check('igor.petrov@embargo.example', text),
    ]
    for (const r of refusals)
      expect([r.http, r.body]).toEqual([403, { status: 'FAILURE', err: LICENSE_CHECK_MESSAGES.refused }])
    // Vendor staff see every customer but one under export control: its lines are counted, never described.
    const embargoed = await checked('busops@vendor.example', text.replaceAll(`customer=${ACME}`, 'customer=1000005'))
    expect(embargoed).toMatchObject({ customers: [], lines: [], hiddenLines: 2, state: 'unknownHost' })
    expect(JSON.stringify(embargoed)).not.toMatch(/Embargo|1000005/)
  })

  it('shows a shared host’s file to a customer’s administrator with the other customers’ lines counted only', async () => {
    await activate('partner@channel.example', BOREALIS, SHARED, { [demoActivationId('borealis-lease-active')]: 1 })
    await activate('partner@channel.example', COBALT, SHARED, { [demoActivationId('cobalt-fluent-lease')]: 2 })
    const text = await download('partner@channel.example', BOREALIS, SHARED)
    expect(text).toContain(`customer=${COBALT}`)
    const partner = await checked('partner@channel.example', text)
    expect(partner).toMatchObject({ genuine: true, state: 'current', hiddenLines: 0 })
    expect(partner.customers.map((c) => c.number)).toEqual([BOREALIS, COBALT])

    const borealis = await checked('marta.lindqvist@borealis.example', text)
    expect(borealis).toMatchObject({ state: 'current', customers: [{ number: BOREALIS }], hiddenLines: 1 })
    expect(borealis.lines.map((l) => l.customerNumber)).toEqual([BOREALIS])
    expect(JSON.stringify(borealis)).not.toMatch(/Cobalt|1000003/)
  })

  it('gives bad input its reason', async () => {
    const reasons: [string, string][] = [
      ['', LICENSE_CHECK_MESSAGES.empty],
      ['   \n', LICENSE_CHECK_MESSAGES.empty],
      ['Dear customer,\nplease find attached.\n', LICENSE_CHECK_MESSAGES.notLicense],
      ['SERVER a 001122aabbcc\u0000', LICENSE_CHECK_MESSAGES.notText],
    ]
    for (const [text, reason] of reasons) {
      const r = await check(ADMIN, text)
      expect([r.http, r.body]).toEqual([400, { status: 'FAILURE', err: reason }])
    }
    const large = await check(ADMIN, `# ${'x'.repeat(300 * 1024)}`)
    expect(large.http).toBe(400)
    const none = await (await as(ADMIN)).post('/fulfillments/check', {})
    expect(none.http).toBe(400)
  })
})
