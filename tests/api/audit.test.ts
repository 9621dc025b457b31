import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../db/tables'
import { first as firstRow } from '../../db/query'
import { recordAudit, REDACTED, type AuditEntry } from '../../api/audit-log'
import { AUDIT_STAFF_ONLY } from '../../api/audit'
import type { Contact } from '../../app/domain/portal-access'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { apiClient, startTestServer, type TestServer } from './support/server'

let server: TestServer
const as = async (email: string) => apiClient(server.url, await getAccessToken(server.url, email))

const BOREALIS = '1000002'

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

describe('the audit trail', () => {
  it('records a portal access change with who, when, before and after', async () => {
    const marta = await as('marta.lindqvist@borealis.example')
    const old = (await marta.post<Contact[]>('/getportalaccess', { customerNumber: BOREALIS })).body.data!
    const next = [...old, { email: 'wei.chen@cobalt.example', role: 'Viewer' }]
    const started = Date.now()
    expect(
      (await marta.post('/setportalaccess', { customerNumber: BOREALIS, newContacts: next, oldContacts: old })).http,
    ).toBe(200)

    const r = await (await as('busops@vendor.example')).post<AuditEntry[]>('/audit', { customerNumber: BOREALIS })
    expect(r.http).toBe(200)
    expect(r.body.data).toHaveLength(1)
    const [entry] = r.body.data!
    expect(entry).toMatchObject({
      actorEmail: 'marta.lindqvist@borealis.example',
      customerNumber: BOREALIS,
      area: 'portalaccess',
      action: 'update',
      before: old,
    })
    expect(entry.after).toContainEqual({ email: 'wei.chen@cobalt.example', role: 'Viewer' })
    expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(started - 1000)
    expect(entry.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  })

  it('shows the other areas too, never a secret, newest first, paged', async () => {
    await recordAudit(server.db, {
      actorEmail: 'busops@vendor.example',
      accountId: BOREALIS,
      area: 'pin',
      action: 'change',
      before: { pinSet: true, pin: '123456' },
      after: { pinSet: true, nested: [{ newPin: '654321', password: 'x', accessToken: 'abc' }] },
    })
    await recordAudit(server.db, {
      actorEmail: 'busops@vendor.example',
      accountId: BOREALIS,
      area: 'whitelist',
      action: 'update',
      before: [],
      after: [{ rulename: 'Office', ipaddress: '203.0.113.0/24' }],
    })
    const stored = (await firstRow(server.db.select().from(auditLog).where(eq(auditLog.area, 'pin'))))!
    expect(JSON.stringify(stored)).not.toContain('123456')
    expect(JSON.stringify(stored)).not.toContain('654321')
    expect(stored.before).toEqual({ pinSet: true, pin: REDACTED })
    expect(stored.after).toEqual({
      pinSet: true,
      nested: [{ newPin: REDACTED, password: REDACTED, accessToken: REDACTED }],
    })

    const api = await as('support@vendor.example')
    const all = await api.post<AuditEntry[]>('/audit', { customerNumber: BOREALIS })
    expect(all.body.data!.map((e) => e.area)).toEqual(['whitelist', 'pin', 'portalaccess'])

    const first = await api.post<AuditEntry[]>('/audit', { customerNumber: BOREALIS, limit: 2 })
    expect(first.body.data!.map((e) => e.area)).toEqual(['whitelist', 'pin'])
    expect(first.body.token).toBeTruthy()
    const second = await api.post<AuditEntry[]>('/audit', {
      customerNumber: BOREALIS,
      limit: 2,
      token: first.body.token,
    })
    expect(second.body.data!.map((e) => e.area)).toEqual(['portalaccess'])
    expect(second.body.token).toBeUndefined()

    const filtered = await api.post<AuditEntry[]>('/audit', {
      customerNumber: BOREALIS,
      filter: { condition: 'ALL', criteria: [{ name: 'area', method: 'EQUALS', value: 'pin' }] },
    })
    expect(filtered.body.data!.map((e) => e.area)).toEqual(['pin'])
    const count = await api.post<number>('/audit/count', { customerNumber: BOREALIS })
    expect(count.body).toEqual({ status: 'SUCCESS', data: 3 })

    const viaGet = await api.get<AuditEntry[]>(`/audit?customerNumber=${BOREALIS}&limit=1&offset=1`)
    expect(viaGet.body.data!.map((e) => e.area)).toEqual(['pin'])
  })

  it('keeps customers apart', async () => {
    const r = await (await as('sales@vendor.example')).post<AuditEntry[]>('/audit', { customerNumber: '1000003' })
    expect(r.body).toEqual({ status: 'SUCCESS', data: [] })
  })

  it('is readable by every kind of vendor staff and by nobody else', async () => {
    for (const email of [
      'busops@vendor.example',
      'support@vendor.example',
      'sales@vendor.example',
      'salesaccess@vendor.example',
    ]) {
      expect((await (await as(email)).post('/audit', { customerNumber: BOREALIS })).http, email).toBe(200)
    }
    for (const email of [
      'marta.lindqvist@borealis.example',
      'partner@channel.example',
      'ole.hansen@borealis.example',
      'admin@acme.example',
    ]) {
      const api = await as(email)
      const r = await api.post('/audit', { customerNumber: BOREALIS })
      expect(r.http, email).toBe(403)
      expect(r.body).toEqual({ status: 'FAILURE', err: AUDIT_STAFF_ONLY })
      expect((await api.get(`/audit?customerNumber=${BOREALIS}`)).http).toBe(403)
      expect((await api.post('/audit/count', { customerNumber: BOREALIS })).http).toBe(403)
    }
  })

  it('answers 404 for an unknown customer, 400 for a bad request and 401 without a token', async () => {
    const api = await as('busops@vendor.example')
    expect((await api.post('/audit', { customerNumber: '9999999' })).http).toBe(404)
    expect((await api.post('/audit', {})).http).toBe(400)
    expect((await api.post('/audit', { customerNumber: BOREALIS, limit: 100_000 })).http).toBe(400)
    expect(
      (await api.post('/audit', { customerNumber: BOREALIS, sorting: [{ name: 'before', direction: 'asc' }] })).http,
    ).toBe(400)
    expect((await apiClient(server.url).post('/audit', { customerNumber: BOREALIS })).http).toBe(401)
  })
})
