import http from 'node:http'
import express from 'express'
import compression from 'compression'
import { afterEach, describe, expect, it } from 'vitest'
import { send } from './http-transport.server'
import { serveInProcess } from './in-process.server'

// Nothing listens on port 1: a request that reaches it over HTTP fails.
const BASE = 'http://127.0.0.1:1/api'

function echoApp() {
  const app = express()
  const api = express.Router()
  api.use(express.json())
  api.post('/echo', (req, res) => {
    res.status(201).json({
      method: req.method,
      url: req.originalUrl,
      body: req.body,
      auth: req.get('authorization'),
      host: req.get('host'),
      ip: req.ip,
      protocol: req.protocol,
    })
  })
  api.get('/chunks', (_req, res) => {
    res.setHeader('content-type', 'application/json')
    res.write('{"parts":')
    res.write(Buffer.from('["a",'))
    res.end('"ü"]}')
  })
  api.get('/text', (_req, res) => {
    res.status(502).send('<html>bad gateway</html>')
  })
  api.get('/throws', () => {
    throw new Error('boom')
  })
  api.get('/never', () => {})
  app.use('/api', compression(), api)
  return app
}

let stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops) stop()
  stops = []
})

describe('in-process calls to the embedded API', () => {
  it('hands method, path, headers and JSON body to the handler and reads its status and JSON back', async () => {
    stops.push(serveInProcess(BASE, echoApp()))
    const body = JSON.stringify({ name: 'Zoë', n: 1 })
    const reply = await send({
      method: 'POST',
      url: `${BASE}/echo?x=1`,
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(1_000),
    })
    expect(reply).toEqual({
      status: 201,
      json: {
        method: 'POST',
        url: '/api/echo?x=1',
        body: { name: 'Zoë', n: 1 },
        auth: 'Bearer t',
        host: '127.0.0.1:1',
        ip: '127.0.0.1',
        protocol: 'http',
      },
    })
  })

  it('joins a reply written in several chunks', async () => {
    stops.push(serveInProcess(BASE, echoApp()))
    expect(await send({ method: 'GET', url: `${BASE}/chunks`, headers: {}, signal: AbortSignal.timeout(1_000) })).toEqual({
      status: 200,
      json: { parts: ['a', 'ü'] },
    })
  })

  it('answers json null for a reply that is not JSON, and passes on error statuses', async () => {
    stops.push(serveInProcess(BASE, echoApp()))
    expect(await send({ method: 'GET', url: `${BASE}/text`, headers: {}, signal: AbortSignal.timeout(1_000) })).toEqual({ status: 502, json: null })
    expect(await send({ method: 'GET', url: `${BASE}/throws`, headers: {}, signal: AbortSignal.timeout(1_000) })).toEqual({ status: 500, json: null })
  })

  it('gives up after the timeout when the handler never answers', async () => {
    stops.push(serveInProcess(BASE, echoApp()))
    await expect(send({ method: 'GET', url: `${BASE}/never`, headers: {}, signal: AbortSignal.timeout(100) })).rejects.toMatchObject({ name: 'TimeoutError' })
  })

  it('only takes URLs under the registered base, and none once it is withdrawn', async () => {
    const stop = serveInProcess(BASE, echoApp())
    stops.push(stop)
    // Same host, another path: over HTTP, where nothing listens.
    await expect(send({ method: 'GET', url: 'http://127.0.0.1:1/apix/chunks', headers: {}, signal: AbortSignal.timeout(1_000) })).rejects.toThrow()
    stop()
    await expect(send({ method: 'GET', url: `${BASE}/chunks`, headers: {}, signal: AbortSignal.timeout(1_000) })).rejects.toThrow()
  })

  it("builds the request and response on an Express app's own prototypes, so Express need not swap them", async () => {
    const app = echoApp()
    const seen: [object | null, object | null][] = []
    const dispatch = Object.assign(
      (req: http.IncomingMessage, res: http.ServerResponse) => {
        seen.push([Object.getPrototypeOf(req), Object.getPrototypeOf(res)])
        app(req, res)
      },
      { request: app.request, response: app.response },
    )
    stops.push(serveInProcess(BASE, dispatch))
    const reply = await send({ method: 'POST', url: `${BASE}/echo`, headers: { 'content-type': 'application/json' }, body: '{"a":1}', signal: AbortSignal.timeout(1_000) })
    expect(reply).toMatchObject({ status: 201, json: { method: 'POST', body: { a: 1 }, ip: '127.0.0.1' } })
    expect(seen).toEqual([[app.request, app.response]])
  })

  it('builds plain Node objects for a handler that names no prototypes', async () => {
    const app = echoApp()
    const seen: [object | null, object | null][] = []
    stops.push(
      serveInProcess(BASE, (req, res) => {
        seen.push([Object.getPrototypeOf(req), Object.getPrototypeOf(res)])
        app(req, res)
      }),
    )
    expect(await send({ method: 'GET', url: `${BASE}/chunks`, headers: {}, signal: AbortSignal.timeout(1_000) })).toMatchObject({ status: 200 })
    expect(seen).toEqual([[http.IncomingMessage.prototype, http.ServerResponse.prototype]])
  })
})
