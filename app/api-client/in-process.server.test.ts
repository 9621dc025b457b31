import { afterEach, describe, expect, it } from 'vitest'
import { send } from './http-transport.server'
import { serveInProcess, type InProcessRequest } from './in-process.server'

// Nothing listens on port 1: a request that reaches it over HTTP fails.
const BASE = 'http://127.0.0.1:1/api'

let stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops) stop()
  stops = []
})

describe('in-process calls to the embedded API', () => {
  it('hands method, path and query below the base, Authorization, the body text and its type over, and passes the reply on', async () => {
    const seen: InProcessRequest[] = []
    stops.push(
      serveInProcess(BASE, async (request) => {
        seen.push(request)
        return { status: 201, json: { status: 'SUCCESS', data: JSON.parse(request.body ?? 'null') } }
      }),
    )
    const body = JSON.stringify({ name: 'Zoë', n: 1 })
    const reply = await send({
      method: 'POST',
      url: `${BASE}/echo/a%2Fb?x=1`,
      headers: { Authorization: 'Bearer t', 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(1_000),
    })
    expect(reply).toEqual({ status: 201, json: { status: 'SUCCESS', data: { name: 'Zoë', n: 1 } } })
    expect(seen).toEqual([
      { method: 'POST', url: '/echo/a%2Fb?x=1', authorization: 'Bearer t', body, contentType: 'application/json' },
    ])
  })

  it('passes no body and no authorization when the request has none', async () => {
    const seen: InProcessRequest[] = []
    stops.push(
      serveInProcess(`${BASE}/`, async (request) => {
        seen.push(request)
        return { status: 401, json: { status: 'FAILURE', err: 'Missing bearer token' } }
      }),
    )
    expect(
      await send({ method: 'GET', url: `${BASE}/getUserDetails`, headers: {}, signal: AbortSignal.timeout(1_000) }),
    ).toEqual({
      status: 401,
      json: { status: 'FAILURE', err: 'Missing bearer token' },
    })
    expect(seen).toEqual([{ method: 'GET', url: '/getUserDetails', authorization: undefined, body: undefined }])
  })

  it('gives up after the timeout when the API never answers', async () => {
    stops.push(serveInProcess(BASE, () => new Promise(() => {})))
    await expect(
      send({ method: 'GET', url: `${BASE}/never`, headers: {}, signal: AbortSignal.timeout(100) }),
    ).rejects.toMatchObject({ name: 'TimeoutError' })
  })

  it('only takes URLs under the registered base, and none once it is withdrawn', async () => {
    const stop = serveInProcess(BASE, async () => ({ status: 200, json: { status: 'SUCCESS', data: null } }))
    stops.push(stop)
    expect(
      await send({ method: 'GET', url: `${BASE}/x`, headers: {}, signal: AbortSignal.timeout(1_000) }),
    ).toMatchObject({ status: 200 })
    // Same host, another path: over HTTP, where nothing listens.
    await expect(
      send({ method: 'GET', url: 'http://127.0.0.1:1/apix/x', headers: {}, signal: AbortSignal.timeout(1_000) }),
    ).rejects.toThrow()
    stop()
    await expect(
      send({ method: 'GET', url: `${BASE}/x`, headers: {}, signal: AbortSignal.timeout(1_000) }),
    ).rejects.toThrow()
  })
})
