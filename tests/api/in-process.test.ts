/**
 * The portal's client reaches the embedded API in process (no socket). It must
 * get exactly what an HTTP client of the API gets: same data, same refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient, UnauthorizedError } from '../../app/upstream/client.server'
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
    expect(inProcess).toMatchObject({ status: 'SUCCESS', data: { customerNumber: '1000001', customerName: 'Acme Aerospace' } })
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
    await expect(createApiClient(server.config, 'not.a.jwt').getAccountInfo('1000001')).rejects.toBeInstanceOf(UnauthorizedError)
  })
})
