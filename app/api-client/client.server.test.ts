import http from 'node:http'
import net from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { declareCall, type CallMethod } from '../../api/contract/define'
import { elasticServerCalls } from '../../api/contract/elastic-server'
import { createApiClient, TIMEOUT_MESSAGE, timedOut, type ApiClient } from './client.server'
import { failureStatus, isOutage } from './envelope'
import { metricsRegistry, METRIC_PREFIX } from '../../server/metrics/registry'
import { parseMetrics, total } from '../../tests/api/support/metrics'

const METRIC = `${METRIC_PREFIX}api_client_call_duration_seconds`

/** A call of the test server, declared as the contract does: GETs and /getips read, other POSTs write. */
const declared = (method: CallMethod, path: string) =>
  declareCall({
    method,
    path,
    tag: 'Test',
    summary: path,
    access: method === 'GET' || path === elasticServerCalls.getIps.path ? 'read' : 'write',
    caller: 'user',
    input: z.unknown(),
    reply: z.unknown(),
  })

const call = (api: ApiClient, method: CallMethod, path: string, body: unknown = {}) =>
  api.send(declared(method, path), body)
const sendForm = (api: ApiClient, path: string, form: FormData) => api.sendForm(declared('POST', path), form)

let server: http.Server
let base: string
const hits: string[] = []

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`)
    res.setHeader('content-type', 'application/json')
    if (req.url === '/api/slow' || req.url === '/api/hang') {
      if (req.url === '/api/slow') setTimeout(() => res.end('{"status":"SUCCESS","data":1}'), 1_000)
    } else if (req.url === '/api/bad') {
      res.statusCode = 400
      res.end('{"status":"FAILURE","err":"bad filter"}')
    } else if (req.url === '/api/unauthorised') {
      res.statusCode = 401
      res.end('{}')
    } else if (req.url === '/api/broken' || req.url === '/api/setips') {
      res.statusCode = 502
      res.end('<html>bad gateway</html>')
    } else if (req.url === '/api/reset' || req.url === '/api/getips') {
      req.socket.resetAndDestroy()
    } else if (req.url === '/api/form') {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8')
        res.end(JSON.stringify({ status: 'SUCCESS', data: { contentType: req.headers['content-type'], body } }))
      })
    } else if (req.url === '/api/shape') {
      res.end('{"rows":[]}')
    } else res.end('{"status":"SUCCESS","data":42}')
  })
  server.listen(0, '127.0.0.1')
  await new Promise((r) => server.once('listening', r))
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}/api`
})
afterAll(() => {
  server.closeAllConnections()
  server.close()
})
beforeEach(() => {
  hits.length = 0
})

/** A port nothing listens on. */
async function closedPort() {
  const probe = net.createServer().listen(0, '127.0.0.1')
  await new Promise((r) => probe.once('listening', r))
  const { port } = probe.address() as net.AddressInfo
  await new Promise((r) => probe.close(r))
  return port
}

describe('createApiClient: replies, failures, retries and the deadline', () => {
  it('answers the envelope of a successful call', async () => {
    expect(await call(createApiClient({ apiBaseUrl: base }, 't'), 'GET', '/ok')).toEqual({
      status: 'SUCCESS',
      data: 42,
    })
  })

  it('a call still open at the deadline is answered at once as a timed-out outage, not retried', async () => {
    const started = Date.now()
    const reply = await call(
      createApiClient({ apiBaseUrl: base }, 't', { signal: AbortSignal.timeout(100) }),
      'POST',
      '/slow',
      {},
    )
    expect(Date.now() - started).toBeLessThan(900)
    expect(reply).toMatchObject({ status: 'FAILURE', err: TIMEOUT_MESSAGE, unavailable: true })
    expect(timedOut(reply)).toBe(true)
    expect(failureStatus(reply as never)).toBe(503)
    expect(hits).toEqual(['POST /api/slow'])
  })

  it('one deadline ends every call of the page: after it, nothing more is sent', async () => {
    const api = createApiClient({ apiBaseUrl: base }, 't', { signal: AbortSignal.timeout(100) })
    await call(api, 'GET', '/hang')
    expect(timedOut(await call(api, 'GET', '/ok'))).toBe(true)
    expect(hits).toEqual(['GET /api/hang'])
  })

  it('a read that fails with a 5xx is retried up to 5 times and reported as an outage', async () => {
    const reply = await call(createApiClient({ apiBaseUrl: base }, 't'), 'GET', '/broken')
    expect(reply).toMatchObject({
      status: 'FAILURE',
      err: 'unable to fetch data after 5 attempts: Request failed (502).',
      unavailable: true,
    })
    expect(timedOut(reply)).toBe(false)
    expect(hits).toHaveLength(5)
  })

  it('a read-only POST is retried after a reset like a GET', async () => {
    expect(elasticServerCalls.getIps.access).toBe('read')
    const reply = await call(createApiClient({ apiBaseUrl: base }, 't'), 'POST', '/getips', {})
    expect(isOutage(reply)).toBe(true)
    expect(hits).toHaveLength(5)
  })

  it('a write is not sent again after a 5xx or a reset: it may have been saved', async () => {
    const api = createApiClient({ apiBaseUrl: base }, 't')
    const after5xx = await call(api, 'POST', '/setips', {})
    expect(after5xx).toMatchObject({ status: 'FAILURE', httpStatus: 502, unavailable: true })
    const afterReset = await call(api, 'POST', '/reset', {})
    expect(isOutage(afterReset)).toBe(true)
    expect(hits).toEqual(['POST /api/setips', 'POST /api/reset'])
  })

  it('a write is sent again when the connection was refused, since nothing reached the API', async () => {
    const port = await closedPort()
    const started = Date.now()
    const reply = await call(
      createApiClient({ apiBaseUrl: `http://127.0.0.1:${port}/api` }, 't'),
      'POST',
      '/setips',
      {},
    )
    expect(reply.err).toMatch(/^unable to fetch data after 5 attempts: .*ECONNREFUSED/)
    expect(isOutage(reply)).toBe(true)
    // The spec's waits: 100 + 200 + 300 + 400 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000)
  })

  it('a 200 reply that is not an envelope is an outage, not data', async () => {
    const reply = await call(createApiClient({ apiBaseUrl: base }, 't'), 'GET', '/shape')
    expect(reply).toMatchObject({ status: 'FAILURE', unavailable: true })
  })

  it('an HTTP 4xx is not retried and keeps its status', async () => {
    const reply = await call(createApiClient({ apiBaseUrl: base }, 't'), 'POST', '/bad', {})
    expect(reply).toEqual({ status: 'FAILURE', err: 'bad filter', httpStatus: 400 })
    expect(isOutage(reply)).toBe(false)
    expect(failureStatus(reply as never)).toBe(400)
    expect(hits).toHaveLength(1)
  })

  it('with onOutage, an outage throws what it returns, and an answer is still answered', async () => {
    const api = createApiClient({ apiBaseUrl: base }, 't', { onOutage: () => new Response('down', { status: 503 }) })
    await expect(call(api, 'GET', '/shape')).rejects.toMatchObject({ status: 503 })
    expect(await call(api, 'POST', '/bad', {})).toMatchObject({ httpStatus: 400 })
  })

  it('a 401 throws, so the caller signs the user in again; onUnauthorized chooses what', async () => {
    await expect(call(createApiClient({ apiBaseUrl: base }, 't'), 'GET', '/unauthorised')).rejects.toThrow(
      'refused the access token',
    )
    const signIn = new Response(null, { status: 302, headers: { location: '/auth/login' } })
    const api = createApiClient({ apiBaseUrl: base }, 't', { onUnauthorized: async () => signIn })
    await expect(call(api, 'GET', '/unauthorised')).rejects.toBe(signIn)
  })
})

describe('createApiClient: sendForm', () => {
  const licenseForm = () => {
    const form = new FormData()
    form.set('customerNumber', '1000001')
    form.set('file', new File(['SERVER lic01 00155d0a1b2c 1055\n'], 'license.lic', { type: 'text/plain' }))
    return form
  }

  it('sends the form as multipart/form-data that reads back as the same fields', async () => {
    const reply = await sendForm(createApiClient({ apiBaseUrl: base }, 't'), '/form', licenseForm())
    expect(reply.status).toBe('SUCCESS')
    const { contentType, body } = (reply as { data: { contentType: string; body: string } }).data
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/)
    const read = await new Request('http://x/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    }).formData()
    expect(read.get('customerNumber')).toBe('1000001')
    const file = read.get('file') as File
    expect([file.name, await file.text()]).toEqual(['license.lic', 'SERVER lic01 00155d0a1b2c 1055\n'])
    expect(hits).toEqual(['POST /api/form'])
  })

  it('is never sent twice: not after a 5xx, not even when the connection was refused', async () => {
    const after5xx = await sendForm(createApiClient({ apiBaseUrl: base }, 't'), '/broken', licenseForm())
    expect(after5xx).toMatchObject({ status: 'FAILURE', httpStatus: 502, unavailable: true })
    expect(hits).toEqual(['POST /api/broken'])
    const port = await closedPort()
    const refused = await sendForm(
      createApiClient({ apiBaseUrl: `http://127.0.0.1:${port}/api` }, 't'),
      '/uploadserverid',
      licenseForm(),
    )
    expect(refused).toMatchObject({ status: 'FAILURE', unavailable: true })
    expect((refused as { err: string }).err).toMatch(/^connect ECONNREFUSED/)
  })
})

describe('createApiClient: one page, one view of the service', () => {
  it('once a call of the page found the service down, the next ones do not retry', async () => {
    const health = { unavailable: false }
    const api = createApiClient({ apiBaseUrl: base }, 't', { health })
    await call(api, 'GET', '/broken')
    expect(health.unavailable).toBe(true)
    hits.length = 0
    const started = Date.now()
    expect(isOutage(await call(api, 'GET', '/broken'))).toBe(true)
    expect(hits).toHaveLength(1)
    expect(Date.now() - started).toBeLessThan(100)
  })
})

describe('createApiClient: metrics', () => {
  const count = async (path: string, outcome: string) => {
    const method = path === '/ok' ? 'GET' : 'POST'
    const samples = parseMetrics(await metricsRegistry().getSingleMetricAsString(METRIC))
    return total(samples, `${METRIC}_count`, { call: `${method} ${path}`, outcome })
  }

  it('times each call once, retries included, under its name and how it ended', async () => {
    const api = createApiClient({ apiBaseUrl: base }, 't')
    const before = {
      success: await count('/ok', 'success'),
      failure: await count('/bad', 'failure'),
      unavailable: await count('/setips', 'unavailable'),
      timeout: await count('/slow', 'timeout'),
      unauthorized: await count('/unauthorised', 'unauthorized'),
      form: await count('/form', 'success'),
    }
    await call(api, 'GET', '/ok')
    await call(api, 'GET', '/ok')
    await call(api, 'POST', '/bad', {})
    await call(
      createApiClient({ apiBaseUrl: base }, 't', { onOutage: () => new Error('down') }),
      'POST',
      '/setips',
      {},
    ).catch(() => undefined)
    await call(createApiClient({ apiBaseUrl: base }, 't', { signal: AbortSignal.timeout(100) }), 'POST', '/slow', {})
    await call(api, 'POST', '/unauthorised', {}).catch(() => undefined)
    await api.sendForm(declared('POST', '/form'), new FormData())
    expect({
      success: (await count('/ok', 'success')) - before.success,
      failure: (await count('/bad', 'failure')) - before.failure,
      unavailable: (await count('/setips', 'unavailable')) - before.unavailable,
      timeout: (await count('/slow', 'timeout')) - before.timeout,
      unauthorized: (await count('/unauthorised', 'unauthorized')) - before.unauthorized,
      form: (await count('/form', 'success')) - before.form,
    }).toEqual({ success: 2, failure: 1, unavailable: 1, timeout: 1, unauthorized: 1, form: 1 })
  })
})
