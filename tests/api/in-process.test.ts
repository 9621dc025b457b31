/**
 * The portal's client reaches the embedded API in process (no socket). It must
 * get exactly what an HTTP client of the API gets: same data, same refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient, UnauthorizedError } from '../../app/api-client/client.server'
import { send } from '../../app/api-client/http-transport.server'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { apiClient, startTestServer, type TestServer } from './support/server'

let server: TestServer
let token: string
let httpRequests: string[]

beforeAll(async () => {
  server = await startTestServer()
  token = await getAccessToken(server.url, 'admin@acme.example')
  httpRequests = []
  server.server.on('request', (req: { url?: string }) => httpRequests.push(req.url ?? ''))
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

describe('the portal client and the embedded API in one process', () => {
  it('gets the same account info as an HTTP client, without an HTTP request', async () => {
    const overHttp = await apiClient(server.url, token).get('/getaccountinfo/1000001')
    httpRequests = []
    const inProcess = await createApiClient(server.config, token).getAccountInfo('1000001')
    expect(httpRequests).toEqual([])
    expect(overHttp.http).toBe(200)
    expect(inProcess).toEqual(overHttp.body)
    expect(inProcess).toMatchObject({
      status: 'SUCCESS',
      data: { customerNumber: '1000001', customerName: 'Acme Aerospace' },
    })
  })

  it('sends POST bodies the same way', async () => {
    const request = { offset: 0, limit: 5, filter: { condition: 'ALL', criteria: [] } }
    const overHttp = await apiClient(server.url, token).post('/getaccounts', request)
    const inProcess = await createApiClient(server.config, token).getAccounts(request as never)
    expect(inProcess).toEqual(overHttp.body)
  })

  it('is refused another customer, and a bad token, as over HTTP', async () => {
    const other = await createApiClient(server.config, token).getAccountInfo('1000002')
    expect(other).toMatchObject({ status: 'FAILURE', httpStatus: 403 })
    expect((await apiClient(server.url, token).get('/getaccountinfo/1000002')).http).toBe(403)
    await expect(createApiClient(server.config, 'not.a.jwt').getAccountInfo('1000001')).rejects.toBeInstanceOf(
      UnauthorizedError,
    )
  })

  // The same request both ways: over HTTP, and through the portal's transport in process.
  const bothWays = async (method: string, path: string, body?: string, authorization = `Bearer ${token}`) => {
    const headers = { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }
    const overHttp = await apiClient(server.url).call(method, path, body, headers)
    httpRequests = []
    const inProcess = await send({
      method,
      url: `${server.config.apiBaseUrl}${path}`,
      headers,
      body,
      signal: AbortSignal.timeout(5_000),
    })
    expect(httpRequests).toEqual([])
    return { overHttp: { status: overHttp.http, json: overHttp.body }, inProcess }
  }

  it.each([
    ['a customer under export control', 'POST', '/getemails', JSON.stringify({ customerNumber: '1000005' })],
    ['its account info, answered', 'GET', '/getaccountinfo/1000005', undefined],
    [
      'JSON nested 5,000 levels deep',
      'POST',
      '/preferences/save',
      `{"customerNumber":"1000001","tables":[{"tableName":"t","filterModel":{"a":${'['.repeat(5000)}${']'.repeat(5000)}}}]}`,
    ],
    [
      'JSON nested 5,000 levels deep (all views)',
      'POST',
      '/featureflag/pref',
      `{"tables":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    ],
    ['a body that is not an object', 'POST', '/getemails', '"1000001"'],
    ['malformed JSON', 'POST', '/getemails', '{"customerNumber":'],
    [
      'a body over the limit',
      'POST',
      '/getemails',
      JSON.stringify({ customerNumber: '1000001', pad: 'x'.repeat(1024 * 1024) }),
    ],
    ['a broken % escape in the path', 'GET', '/getaccountinfo/%E0%A4%A', undefined],
    ['a hexadecimal e-mail id', 'DELETE', '/emails/0x10', undefined],
    [
      'an e-mail of another customer',
      'POST',
      '/getemail',
      JSON.stringify({ customerNumber: '1000001', id: 1_000_000 }),
    ],
    [
      'setips without the list it started from',
      'POST',
      '/setips',
      JSON.stringify({ customerNumber: '1000001', clsId: 'x', whitelist: [] }),
    ],
    ['the audit trail, read with GET', 'GET', '/audit?customerNumber=1000001&limit=2', undefined],
    ['an unknown call', 'POST', '/nosuchcall', '{}'],
    ['a path in another case with a trailing slash', 'GET', '/GETUSERDETAILS/', undefined],
  ])('answers %s the same both ways', async (_label, method, path, body) => {
    const { overHttp, inProcess } = await bothWays(method, path, body)
    expect(inProcess).toEqual(overHttp)
    expect(overHttp.status).not.toBe(500)
  })

  it('refuses a missing token the same both ways', async () => {
    const { overHttp, inProcess } = await bothWays('GET', '/getUserDetails', undefined, '')
    expect(inProcess).toEqual(overHttp)
    expect(overHttp).toEqual({ status: 401, json: { status: 'FAILURE', err: 'Missing bearer token' } })
  })
})
