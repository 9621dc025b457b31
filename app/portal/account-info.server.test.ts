import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiDispatch } from '../../api/index'
import { createApiClient } from '../upstream/client.server'
import { serveInProcess } from '../upstream/in-process.server'
import { clearTokenCache, getAccessToken } from '../../tests/support/tokens'
import { startTestServer, type TestServer } from '../../tests/api/support/server'
import { accountInfoFor } from './account-info.server'
import { createLoadContext } from '../load-context'

// The real API, reached through a base URL that counts the calls made to it.
const COUNTING_BASE = 'http://counting.invalid/api'
let server: TestServer
let token: string
let calls: string[]
let stop: () => void

beforeAll(async () => {
  server = await startTestServer()
  token = await getAccessToken(server.url, 'busops@vendor.example')
  const dispatch = createApiDispatch({ config: server.config, db: server.db })
  stop = serveInProcess(COUNTING_BASE, (request) => {
    calls.push(request.url)
    return dispatch(request)
  })
})
afterAll(async () => {
  stop?.()
  clearTokenCache()
  await server?.close()
})

describe('accountInfoFor', () => {
  it('asks the API once per request for the same customer, and again for another request or customer', async () => {
    calls = []
    const api = createApiClient({ apiBaseUrl: COUNTING_BASE }, token)
    const requestContext = () => createLoadContext({ cspNonce: 'test', db: server.db, config: server.config })
    const page = requestContext()
    const [shell, screen] = await Promise.all([
      accountInfoFor(page, api, token, '1000001'),
      accountInfoFor(page, api, token, '1000001'),
    ])
    expect(shell).toMatchObject({ status: 'SUCCESS', data: { customerNumber: '1000001', customerName: 'Acme Aerospace' } })
    expect(screen).toBe(shell)
    expect(calls).toEqual(['/getaccountinfo/1000001'])

    await accountInfoFor(page, api, token, '1000002')
    await accountInfoFor(requestContext(), api, token, '1000001')
    expect(calls).toEqual(['/getaccountinfo/1000001', '/getaccountinfo/1000002', '/getaccountinfo/1000001'])
  })
})
