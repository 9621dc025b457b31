import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLoadContext } from '../load-context'
import { loadConfig } from '../../server/config'
import { recordApiCalls, RECORDED_API_BASE } from '../../tests/api/support/recorded-api'
import { clearTokenCache, getAccessToken } from '../../tests/support/tokens'
import { startTestServer, type TestServer } from '../../tests/api/support/server'
import { accountInfoFor } from './account-info.server'

let server: TestServer
let token: string
let calls: string[]
let stop: () => void

beforeAll(async () => {
  server = await startTestServer()
  token = await getAccessToken(server.url, 'busops@vendor.example')
  ;({ calls, stop } = recordApiCalls(server))
})
afterAll(async () => {
  stop?.()
  clearTokenCache()
  await server?.close()
})

describe('accountInfoFor', () => {
  it('asks the API once per request for the same customer, and again for another request or customer', async () => {
    calls.length = 0
    // A load context is made for each request; the loaders of one request share it.
    const newContext = () =>
      createLoadContext({ cspNonce: 'test', db: server.db, config: loadConfig({ API_BASE_URL: RECORDED_API_BASE }) })
    const context = newContext()
    const page = new Request('http://portal.test/portalaccess?customer=1000001')
    const [shell, screen] = await Promise.all([
      accountInfoFor(page, context, token, '1000001'),
      accountInfoFor(new Request(page.url), context, token, '1000001'),
    ])
    expect(shell).toMatchObject({
      status: 'SUCCESS',
      data: { customerNumber: '1000001', customerName: 'Acme Aerospace' },
    })
    expect(screen).toBe(shell)
    expect(calls).toEqual(['/getaccountinfo/1000001'])

    await accountInfoFor(page, context, token, '1000002')
    await accountInfoFor(page, newContext(), token, '1000001')
    expect(calls).toEqual(['/getaccountinfo/1000001', '/getaccountinfo/1000002', '/getaccountinfo/1000001'])
  })
})
