import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { apiClient, startTestServer, type TestServer } from './support/server'

type AccountRow = { AccountID: string; AccountName: string }

let server: TestServer
const as = async (email: string) => apiClient(server.url, await getAccessToken(server.url, email))

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

describe('POST /getaccounts', () => {
  it('gives staff every account: an empty search counts at least 500', async () => {
    const api = await as('busops@vendor.example')
    const r = await api.post<number>('/getaccounts/count', {})
    expect(r.http).toBe(200)
    expect(r.body.data).toBeGreaterThanOrEqual(500)
  })

  it('pages 100 rows at a time by AccountID with a continuation token', async () => {
    const api = await as('support@vendor.example')
    const total = (await api.post<number>('/getaccounts/count', { filter: { condition: 'ALL', criteria: [] } })).body
      .data!
    const seen: string[] = []
    let token: string | undefined
    let pages = 0
    do {
      const r = await api.post<AccountRow[]>('/getaccounts', token ? { token } : {})
      expect(r.http).toBe(200)
      expect(r.body.status).toBe('SUCCESS')
      if (pages === 0) expect(r.body.data).toHaveLength(100)
      seen.push(...r.body.data!.map((a) => a.AccountID))
      token = r.body.token
      pages++
    } while (token && pages < 50)
    expect(seen).toHaveLength(total)
    expect(new Set(seen).size).toBe(total)
    expect([...seen].sort()).toEqual(seen)
    expect(seen.slice(0, 5)).toEqual(['1000001', '1000002', '1000003', '1000004', '1000005'])
  })

  it('honours offset, limit and sorting', async () => {
    const api = await as('busops@vendor.example')
    const r = await api.post<AccountRow[]>('/getaccounts', {
      sorting: [{ name: 'AccountID', direction: 'DESC' }],
      offset: 0,
      limit: 3,
    })
    expect(r.body.data).toHaveLength(3)
    expect(r.body.token).toBeTruthy()
    const ids = r.body.data!.map((a) => Number(a.AccountID))
    expect(ids[0]).toBeGreaterThan(ids[1])
    const next = await api.post<AccountRow[]>('/getaccounts', {
      offset: 1,
      limit: 2,
      sorting: [{ name: 'AccountID', direction: 'desc' }],
    })
    expect(next.body.data!.map((a) => Number(a.AccountID))).toEqual(ids.slice(1))
  })

  it('filters by AccountName and AccountID the way the customer search does', async () => {
    const api = await as('busops@vendor.example')
    const any = await api.post<AccountRow[]>('/getaccounts', {
      filter: {
        condition: 'ANY',
        criteria: [
          { name: 'AccountID', method: 'CONTAINS', value: 'acme', casefold: true },
          { name: 'AccountName', method: 'CONTAINS', value: 'acme', casefold: true },
        ],
      },
    })
    expect(any.body.data).toContainEqual({ AccountID: '1000001', AccountName: 'Acme Aerospace' })
    const both = await api.post<AccountRow[]>('/getaccounts', {
      filter: {
        condition: 'ALL',
        criteria: [
          { name: 'AccountID', method: 'EQUALS', value: '1000003' },
          { name: 'AccountName', method: 'EQUALS', value: 'Cobalt Energy' },
        ],
      },
    })
    expect(both.body).toEqual({ status: 'SUCCESS', data: [{ AccountID: '1000003', AccountName: 'Cobalt Energy' }] })
  })

  it('shows a partner exactly the customers they are a contact of', async () => {
    const api = await as('partner@channel.example')
    const r = await api.post<AccountRow[]>('/getaccounts', {})
    expect(r.body).toEqual({
      status: 'SUCCESS',
      data: [
        { AccountID: '1000002', AccountName: 'Borealis Motors' },
        { AccountID: '1000003', AccountName: 'Cobalt Energy' },
      ],
    })
    expect((await api.post('/getaccounts/count', {})).body.data).toBe(2)
  })

  it('shows a user without access no customers', async () => {
    const api = await as('nobody@example.com')
    expect((await api.post('/getaccounts', {})).body).toEqual({ status: 'SUCCESS', data: [] })
    expect((await api.post('/getaccounts/count', {})).body.data).toBe(0)
  })

  it('rejects unknown methods and columns with 400 naming the problem', async () => {
    const api = await as('busops@vendor.example')
    const method = await api.post('/getaccounts', {
      filter: { condition: 'ALL', criteria: [{ name: 'AccountName', method: 'SOUNDSLIKE', value: 'x' }] },
    })
    expect(method.http).toBe(400)
    expect(method.body.err).toMatch(/Unknown filter method 'SOUNDSLIKE'/)
    const column = await api.post('/getaccounts/count', {
      filter: { condition: 'ALL', criteria: [{ name: 'password_hash', method: 'EQUALS', value: 'x' }] },
    })
    expect(column.http).toBe(400)
    expect(column.body.err).toMatch(/Unknown column 'password_hash'/)
    const shape = await api.post('/getaccounts', { filter: { condition: 'SOME', criteria: [] }, limit: 'ten' })
    expect(shape.http).toBe(400)
    expect(shape.body.err).toMatch(/filter\.condition/)
    expect(shape.body.err).toMatch(/limit/)
  })

  it('refuses a page larger than 1000 and a token from another query', async () => {
    const api = await as('busops@vendor.example')
    expect((await api.post('/getaccounts', { limit: 1001 })).http).toBe(400)
    const first = await api.post<AccountRow[]>('/getaccounts', { limit: 10 })
    const other = await api.post('/getaccounts', {
      token: first.body.token,
      filter: { condition: 'ALL', criteria: [{ name: 'AccountName', method: 'STARTSWITH', value: 'A' }] },
    })
    expect(other.http).toBe(400)
    expect(other.body.err).toMatch(/token/)
  })
})

describe('POST /getaccounts/distinct', () => {
  it('lists sorted distinct values within the caller’s accounts', async () => {
    const api = await as('partner@channel.example')
    const r = await api.post('/getaccounts/distinct', { key: 'AccountName' })
    expect(r.body).toEqual({ status: 'SUCCESS', data: ['Borealis Motors', 'Cobalt Energy'] })
  })

  it('refuses when there are more distinct values than the limit', async () => {
    const api = await as('busops@vendor.example')
    const r = await api.post('/getaccounts/distinct', {
      filter: { condition: 'ALL', criteria: [] },
      key: 'AccountID',
      limit: 50,
    })
    expect(r.body).toEqual({ status: 'FAILURE', err: 'Too many distinct values' })
    const tooMany = await api.post('/getaccounts/distinct', { key: 'AccountID' })
    expect(tooMany.body.err).toBe('Too many distinct values')
  })

  it('rejects an unknown key', async () => {
    const api = await as('busops@vendor.example')
    const r = await api.post('/getaccounts/distinct', { key: 'OrgSecret' })
    expect(r.http).toBe(400)
  })
})

describe('GET /getaccountinfo/:customerNumber', () => {
  it('answers the info object with per-customer flags', async () => {
    const r = await (await as('admin@acme.example')).get('/getaccountinfo/1000001')
    expect(r.body).toEqual({
      status: 'SUCCESS',
      data: {
        customerNumber: '1000001',
        customerName: 'Acme Aerospace',
        isPortalView: 0,
        isPortalEdit: 1,
        isAsc: 0,
        isFNPLicenseGenerator: 0,
        isAccessDisabled: 0,
        isSalesAccess: 0,
        isSales: 0,
        hasSSL: 1,
        hasSharedLicense: 1,
        hasNamedLicense: 1,
        hasFSA: 1,
        hasElastic: 1,
        orgType: 'Direct',
        supportEmail: 'support@acme.example',
        ansysExportControlStatus: 'approved',
      },
    })
  })

  it('sets isPortalView, isAsc and the licence-generator flag from the contact row', async () => {
    const viewer = (await (await as('viewer@acme.example')).get<Record<string, unknown>>('/getaccountinfo/1000001'))
      .body.data!
    expect([viewer.isPortalView, viewer.isPortalEdit, viewer.isAsc]).toEqual([1, 0, 0])
    const asc = (await (await as('asc@acme.example')).get<Record<string, unknown>>('/getaccountinfo/1000001')).body
      .data!
    expect([asc.isPortalView, asc.isPortalEdit, asc.isAsc]).toEqual([0, 0, 1])
    const fnp = (await (await as('raj.patel@acme.example')).get<Record<string, unknown>>('/getaccountinfo/1000001'))
      .body.data!
    expect([fnp.isPortalEdit, fnp.isFNPLicenseGenerator]).toEqual([1, 1])
  })

  it('gives staff the sales flags from their global roles', async () => {
    const sales = (await (await as('sales@vendor.example')).get<Record<string, unknown>>('/getaccountinfo/1000004'))
      .body.data!
    expect(sales).toMatchObject({ isSales: 1, isSalesAccess: 0, isPortalEdit: 0, orgType: 'Undefined', hasSSL: 0 })
    const embargo = (await (await as('busops@vendor.example')).get<Record<string, unknown>>('/getaccountinfo/1000005'))
      .body.data!
    expect(embargo).toMatchObject({ isSales: 0, ansysExportControlStatus: 'Denied' })
  })

  it('answers 403 for a customer the user is not a contact of, leaking nothing', async () => {
    const r = await (await as('viewer@acme.example')).get('/getaccountinfo/1000002')
    expect(r.http).toBe(403)
    expect(r.body).toEqual({ status: 'FAILURE', err: 'You do not have access to this customer' })
  })

  it('answers 404 for an unknown customer', async () => {
    const r = await (await as('busops@vendor.example')).get('/getaccountinfo/9999999')
    expect(r.http).toBe(404)
    expect(r.body).toEqual({ status: 'FAILURE', err: 'Customer not found' })
  })
})
