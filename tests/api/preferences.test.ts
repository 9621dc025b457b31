import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { apiClient, startTestServer, type TestServer } from './support/server'

let server: TestServer
const as = async (email: string) => apiClient(server.url, await getAccessToken(server.url, email))

const view = {
  tableName: 'emailList',
  filterModel: { subject: { filterType: 'text', type: 'contains', filter: 'licence' } },
  sortModel: [{ colId: 'date', sort: 'desc', sortIndex: 0 }],
  columnOrder: [
    { colId: 'date', width: 140 },
    { colId: 'subject', hide: false, pinned: 'left' },
    { colId: 'to', hide: true },
  ],
  dateRange: '3 Months',
}

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

describe('saved table views', () => {
  it('answers null when nothing is saved', async () => {
    const r = await (
      await as('admin@acme.example')
    ).post('/preferences/get', {
      customerNumber: '1000001',
      tableName: 'emailList',
    })
    expect(r.body).toEqual({ status: 'SUCCESS', data: null })
  })

  it('saves, reads back (with extras), replaces and resets a view', async () => {
    const api = await as('admin@acme.example')
    const saved = await api.post('/preferences/save', { customerNumber: 1000001, tables: [view] })
    expect(saved.http).toBe(200)
    const got = await api.post('/preferences/get', { customerNumber: '1000001', tableName: 'emailList' })
    expect(got.body.data).toEqual({ customerNumber: '1000001', ...view })

    await api.post('/preferences/save', {
      customerNumber: '1000001',
      tables: [{ tableName: 'emailList', sortModel: [{ colId: 'subject', sort: 'asc' }] }],
    })
    const replaced = await api.post('/preferences/get', { customerNumber: '1000001', tableName: 'emailList' })
    expect(replaced.body.data).toEqual({
      customerNumber: '1000001',
      tableName: 'emailList',
      filterModel: null,
      sortModel: [{ colId: 'subject', sort: 'asc' }],
      columnOrder: null,
    })

    const reset = await api.post('/preferences/save', {
      customerNumber: '1000001',
      tables: [{ tableName: 'emailList' }],
    })
    expect(reset.body).toEqual({ status: 'SUCCESS', data: [] })
    const after = await api.post('/preferences/get', { customerNumber: '1000001', tableName: 'emailList' })
    expect(after.body.data).toBeNull()
  })

  it('keeps views per user', async () => {
    await (await as('admin@acme.example')).post('/preferences/save', { customerNumber: '1000001', tables: [view] })
    const other = await (
      await as('viewer@acme.example')
    ).post('/preferences/get', {
      customerNumber: '1000001',
      tableName: 'emailList',
    })
    expect(other.body.data).toBeNull()
  })

  it('requires access to the customer', async () => {
    const api = await as('viewer@acme.example')
    const forbidden = await api.post('/preferences/save', { customerNumber: '1000002', tables: [view] })
    expect(forbidden.http).toBe(403)
    const missing = await api.post('/preferences/get', { customerNumber: '7777777', tableName: 'emailList' })
    expect(missing.http).toBe(404)
  })

  it('validates the shapes', async () => {
    const api = await as('admin@acme.example')
    const badSort = await api.post('/preferences/save', {
      customerNumber: '1000001',
      tables: [{ tableName: 'emailList', sortModel: [{ colId: 'date', sort: 'upwards' }] }],
    })
    expect(badSort.http).toBe(400)
    expect(badSort.body.err).toMatch(/tables\.0\.sortModel\.0\.sort/)
    const noTable = await api.post('/preferences/get', { customerNumber: '1000001' })
    expect(noTable.http).toBe(400)
    const badFilter = await api.post('/preferences/save', {
      customerNumber: '1000001',
      tables: [{ tableName: 'emailList', filterModel: ['not', 'an', 'object'] }],
    })
    expect(badFilter.http).toBe(400)
  })
})

describe('GET and POST /featureflag/pref', () => {
  it('saves views of several customers and lists them all', async () => {
    const api = await as('partner@channel.example')
    const r = await api.post('/featureflag/pref', {
      tables: [
        { customerNumber: '1000002', tableName: 'emailList', sortModel: [{ colId: 'date', sort: 'asc' }] },
        {
          customerNumber: '1000003',
          tableName: 'usageList',
          columnOrder: [{ colId: 'user' }],
          startDate: '2024-01-01',
        },
      ],
    })
    expect(r.http).toBe(200)
    const all = await api.get<Record<string, unknown>[]>('/featureflag/pref')
    expect(all.body.data).toEqual([
      {
        customerNumber: '1000002',
        tableName: 'emailList',
        filterModel: null,
        sortModel: [{ colId: 'date', sort: 'asc' }],
        columnOrder: null,
      },
      {
        customerNumber: '1000003',
        tableName: 'usageList',
        filterModel: null,
        sortModel: null,
        columnOrder: [{ colId: 'user' }],
        startDate: '2024-01-01',
      },
    ])
  })

  it('checks every item’s customer and writes nothing when one is refused', async () => {
    const api = await as('partner@channel.example')
    const r = await api.post('/featureflag/pref', {
      tables: [
        { customerNumber: '1000002', tableName: 'otherList', sortModel: [{ colId: 'a', sort: 'asc' }] },
        { customerNumber: '1000001', tableName: 'emailList', sortModel: [{ colId: 'a', sort: 'asc' }] },
      ],
    })
    expect(r.http).toBe(403)
    const all = await api.get<{ tableName: string }[]>('/featureflag/pref')
    expect(all.body.data!.map((v) => v.tableName)).not.toContain('otherList')
  })

  it('an item with only its names resets that view', async () => {
    const api = await as('partner@channel.example')
    await api.post('/featureflag/pref', { tables: [{ customerNumber: '1000002', tableName: 'emailList' }] })
    const all = await api.get<{ tableName: string }[]>('/featureflag/pref')
    expect(all.body.data!.map((v) => v.tableName)).toEqual(['usageList'])
  })
})
