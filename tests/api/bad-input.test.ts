/**
 * Hostile or broken input is the caller's mistake: a 400 (or 413) with a FAILURE
 * envelope, never a 500, and nothing is written.
 */
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { MAX_JSON_DEPTH } from '../../api/constants'
import { MAX_VIEW_CHARS, MAX_VIEWS_PER_USER } from '../../api/contract/settings'
import { savedViews, users } from '../../db/tables'
import { first } from '../../db/query'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { apiClient, startTestServer, type TestServer } from './support/server'

let server: TestServer
let token: string
const api = () => apiClient(server.url, token)

beforeAll(async () => {
  server = await startTestServer()
  token = await getAccessToken(server.url, 'admin@acme.example')
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

/** `levels` arrays, one inside the other, as JSON text. */
const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`

const userId = async (email: string) =>
  (await first(server.db.select({ id: users.id }).from(users).where(eq(users.email, email))))!.id

const viewsOf = async (email: string) =>
  server.db
    .select()
    .from(savedViews)
    .where(eq(savedViews.userId, await userId(email)))
    .orderBy(savedViews.customerNumber, savedViews.tableName)

/** One raw HTTP request, so headers and body are exactly as written. */
function rawRequest(method: string, path: string, headers: Record<string, string>, body?: Buffer | string) {
  return new Promise<{ http: number; body: unknown }>((resolve, reject) => {
    const req = http.request(
      `${server.url}/api${path}`,
      { method, headers: { authorization: `Bearer ${token}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ http: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
        )
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

describe('deeply nested JSON', () => {
  it.each([
    [
      '/preferences/save',
      (deep: string) =>
        `{"customerNumber":"1000001","tables":[{"tableName":"emailList","filterModel":{"date":${deep}}}]}`,
    ],
    [
      '/featureflag/pref',
      (deep: string) =>
        `{"tables":[{"customerNumber":"1000001","tableName":"emailList","filterModel":{"date":${deep}}}]}`,
    ],
  ])('%s: 5,000 levels are refused with 400 and nothing is saved', async (path, body) => {
    const before = await viewsOf('admin@acme.example')
    const r = await api().post(path, body(nested(5000)), { 'content-type': 'application/json' })
    expect(r.http).toBe(400)
    expect(r.body).toEqual({
      status: 'FAILURE',
      err: `JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`,
    })
    expect(await viewsOf('admin@acme.example')).toEqual(before)
  })

  it('takes a body nested to the limit, and brackets inside strings do not count', async () => {
    // {tables:[{filterModel:{date: ...}}]} takes four levels before the nested arrays.
    const deep = nested(MAX_JSON_DEPTH - 4)
    const body = `{"customerNumber":"1000001","tables":[{"tableName":"deepList","filterModel":{"date":${deep},"note":"${'['.repeat(100)}"}}]}`
    const r = await api().post('/preferences/save', body, { 'content-type': 'application/json' })
    expect(r.http).toBe(200)
    const oneMore = body.replace(deep, nested(MAX_JSON_DEPTH - 3))
    expect((await api().post('/preferences/save', oneMore, { 'content-type': 'application/json' })).http).toBe(400)
  })
})

describe('the request body', () => {
  it('marked gzip but not gzip: 400, not 500', async () => {
    const r = await rawRequest(
      'POST',
      '/getemails',
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      JSON.stringify({ customerNumber: '1000001' }),
    )
    expect(r).toEqual({
      http: 400,
      body: { status: 'FAILURE', err: 'Request body does not match its Content-Encoding' },
    })
  })

  it('really gzipped: read as usual', async () => {
    const { gzipSync } = await import('node:zlib')
    const r = await rawRequest(
      'POST',
      '/getemails/count',
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      gzipSync(JSON.stringify({ customerNumber: '1000001' })),
    )
    expect(r).toMatchObject({ http: 200, body: { status: 'SUCCESS' } })
  })

  it('an encoding the API does not read: 400', async () => {
    const r = await rawRequest(
      'POST',
      '/getemails',
      { 'content-type': 'application/json', 'content-encoding': 'zstd-ish' },
      '{}',
    )
    expect(r).toEqual({ http: 400, body: { status: 'FAILURE', err: 'Unsupported body encoding' } })
  })

  it.each([
    ['a bare string', '"text"'],
    ['a number', '42'],
    ['only white space', '   '],
    ['broken JSON', '{"customerNumber":'],
  ])('%s: 400 Malformed JSON body', async (_label, body) => {
    const r = await api().post('/getemails', body, { 'content-type': 'application/json' })
    expect({ http: r.http, body: r.body }).toEqual({
      http: 400,
      body: { status: 'FAILURE', err: 'Malformed JSON body' },
    })
  })

  it('larger than the limit: 413', async () => {
    const r = await api().post('/getemails', { customerNumber: '1000001', pad: 'x'.repeat(1024 * 1024) })
    expect({ http: r.http, body: r.body }).toEqual({
      http: 413,
      body: { status: 'FAILURE', err: 'Request body is too large' },
    })
  })
})

describe('a broken % escape in the path', () => {
  it.each([
    ['GET', '/getaccountinfo/%E0%A4%A'],
    ['GET', '/getaccountinfo/100%'],
    ['DELETE', '/emails/%zz'],
    ['POST', '/get%ZZemails'],
  ])('%s %s: 400', async (method, path) => {
    const r = await rawRequest(method, path, {})
    expect(r).toEqual({ http: 400, body: { status: 'FAILURE', err: 'The API path holds a malformed % escape' } })
  })

  it('a well-formed escape is decoded as before', async () => {
    const r = await api().get('/getaccountinfo/%31000001')
    expect(r.body).toMatchObject({ status: 'SUCCESS', data: { customerNumber: '1000001' } })
  })
})

describe('saved view limits', () => {
  it.each([
    ['a sort column', { sortModel: [{ colId: 'date\u0000', sort: 'asc' }] }, 'tables.0.sortModel.0.colId'],
    ['a column of the column state', { columnOrder: [{ colId: 'sub\nject' }] }, 'tables.0.columnOrder.0.colId'],
    ['a filtered column', { filterModel: { 'to\u001b[31m': { filter: 'x' } } }, 'tables.0.filterModel'],
    ['a C1 control', { sortModel: [{ colId: 'date\u0085', sort: 'asc' }] }, 'tables.0.sortModel.0.colId'],
  ])('refuses a control character in %s', async (_label, parts, where) => {
    const before = await viewsOf('admin@acme.example')
    const r = await api().post('/preferences/save', {
      customerNumber: '1000001',
      tables: [{ tableName: 'emailList', ...parts }],
    })
    expect(r.http).toBe(400)
    expect(r.body.err).toContain(where)
    expect(r.body.err).toContain('column ids may not hold control characters')
    expect(await viewsOf('admin@acme.example')).toEqual(before)
  })

  it(`refuses a view over ${MAX_VIEW_CHARS} characters`, async () => {
    const columnOrder = Array.from({ length: 400 }, (_, i) => ({ colId: `column-${i}-${'x'.repeat(150)}` }))
    const r = await api().post('/preferences/save', {
      customerNumber: '1000001',
      tables: [{ tableName: 'wideList', columnOrder }],
    })
    expect(r.http).toBe(400)
    expect(r.body.err).toContain(`preference is too large (at most ${MAX_VIEW_CHARS} characters)`)
  })

  it(`keeps at most ${MAX_VIEWS_PER_USER} views per user, dropping the ones saved longest ago`, async () => {
    const email = 'raj.patel@acme.example'
    const id = await userId(email)
    await server.db.insert(savedViews).values(
      Array.from({ length: MAX_VIEWS_PER_USER }, (_, i) => ({
        userId: id,
        customerNumber: '1000001',
        tableName: `old${String(i).padStart(4, '0')}`,
        sortModel: [],
        updatedAt: 1_000 + i,
      })),
    )
    const raj = apiClient(server.url, await getAccessToken(server.url, email))
    const saved = await raj.post('/preferences/save', {
      customerNumber: '1000001',
      tables: [
        { tableName: 'newA', sortModel: [{ colId: 'date', sort: 'asc' }] },
        { tableName: 'newB', sortModel: [{ colId: 'date', sort: 'desc' }] },
      ],
    })
    expect(saved.http).toBe(200)
    const names = (await viewsOf(email)).map((v) => v.tableName)
    expect(names).toHaveLength(MAX_VIEWS_PER_USER)
    expect(names).toEqual(
      expect.arrayContaining(['newA', 'newB', 'old0002', `old${String(MAX_VIEWS_PER_USER - 1).padStart(4, '0')}`]),
    )
    expect(names).not.toContain('old0000')
    expect(names).not.toContain('old0001')
    // Replacing a view that exists adds none, so nothing more is dropped.
    await raj.post('/preferences/save', {
      customerNumber: '1000001',
      tables: [{ tableName: 'newA', columnOrder: [{ colId: 'x' }] }],
    })
    expect((await viewsOf(email)).map((v) => v.tableName)).toContain('old0002')
  })
})
