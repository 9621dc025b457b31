import http from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApiClient, TIMEOUT_MESSAGE, timedOut } from './client.server'

let server: http.Server
let base: string
const hits: string[] = []

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '')
    res.setHeader('content-type', 'application/json')
    if (req.url === '/api/slow') setTimeout(() => res.end('{"status":"SUCCESS","data":1}'), 1_000)
    else if (req.url === '/api/bad') {
      res.statusCode = 400
      res.end('{"status":"FAILURE","err":"bad filter"}')
    } else if (req.url === '/api/unauthorised') {
      res.statusCode = 401
      res.end('{}')
    } else if (req.url === '/api/broken') {
      res.statusCode = 502
      res.end('<html>bad gateway</html>')
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

describe('createApiClient: replies, failures, retries and timeouts', () => {
  it('answers the envelope of a successful call', async () => {
    expect(await createApiClient({ apiBaseUrl: base }, 't').call('GET', '/ok')).toEqual({ status: 'SUCCESS', data: 42 })
  })

  it('a call that times out is answered at once as a timed-out FAILURE, not retried', async () => {
    const reply = await createApiClient({ apiBaseUrl: base }, 't', { timeoutMs: 100 }).call('POST', '/slow', {})
    expect(reply).toMatchObject({ status: 'FAILURE', err: TIMEOUT_MESSAGE })
    expect(timedOut(reply)).toBe(true)
    expect(hits).toEqual(['/api/slow'])
  })

  it('a server error is retried up to 5 times and is not marked as timed out', async () => {
    const reply = await createApiClient({ apiBaseUrl: base }, 't').call('GET', '/broken')
    expect(reply).toMatchObject({ status: 'FAILURE', err: 'unable to fetch data after 5 attempts: Request failed (502).' })
    expect(timedOut(reply)).toBe(false)
    expect(hits).toHaveLength(5)
  })

  it('an API that cannot be reached is retried too', async () => {
    const reply = await createApiClient({ apiBaseUrl: 'http://127.0.0.1:1/api' }, 't').call('GET', '/ok')
    expect(reply.status).toBe('FAILURE')
    expect(reply.err).toMatch(/^unable to fetch data after 5 attempts: /)
  })

  it('an HTTP 4xx is not retried and keeps its status', async () => {
    const reply = await createApiClient({ apiBaseUrl: base }, 't').call('POST', '/bad', {})
    expect(reply).toEqual({ status: 'FAILURE', err: 'bad filter', httpStatus: 400 })
    expect(hits).toHaveLength(1)
  })

  it('a 401 throws, so the caller signs the user in again', async () => {
    await expect(createApiClient({ apiBaseUrl: base }, 't').call('GET', '/unauthorised')).rejects.toThrow('refused the access token')
  })
})
