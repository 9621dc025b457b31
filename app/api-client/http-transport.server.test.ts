import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nothingSent, send } from './http-transport.server'

let server: http.Server
let base: string

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      if (req.url === '/echo') {
        res.setHeader('content-type', 'application/json')
        res.end(
          JSON.stringify({
            method: req.method,
            body,
            auth: req.headers.authorization,
            length: req.headers['content-length'],
          }),
        )
      } else if (req.url === '/text') {
        res.statusCode = 502
        res.end('<html>bad gateway</html>')
      } else if (req.url === '/slow') {
        setTimeout(() => res.end('{}'), 2_000)
      }
    })
  })
  server.listen(0, '127.0.0.1')
  await new Promise((r) => server.once('listening', r))
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
afterAll(() => {
  server.closeAllConnections()
  server.close()
})

describe('send', () => {
  it('sends method, headers and a JSON body, and parses the JSON reply', async () => {
    const body = JSON.stringify({ name: 'Zoë' })
    const reply = await send({
      method: 'POST',
      url: `${base}/echo`,
      headers: { authorization: 'Bearer t' },
      body,
      signal: AbortSignal.timeout(1_000),
    })
    expect(reply).toEqual({
      status: 200,
      json: { method: 'POST', body, auth: 'Bearer t', length: String(Buffer.byteLength(body)) },
    })
  })

  it('answers json null for a body that is not JSON, with the status', async () => {
    expect(await send({ method: 'GET', url: `${base}/text`, headers: {}, signal: AbortSignal.timeout(1_000) })).toEqual(
      { status: 502, json: null },
    )
  })

  it('gives up when the signal aborts, with its reason', async () => {
    const started = Date.now()
    const reply = send({ method: 'GET', url: `${base}/slow`, headers: {}, signal: AbortSignal.timeout(100) })
    await expect(reply).rejects.toMatchObject({ name: 'TimeoutError' })
    expect(Date.now() - started).toBeLessThan(1_000)
  })

  it('does not start when the signal has already aborted', async () => {
    const controller = new AbortController()
    controller.abort(new Error('page over'))
    await expect(send({ method: 'GET', url: `${base}/echo`, headers: {}, signal: controller.signal })).rejects.toThrow(
      'page over',
    )
  })

  it('rejects when nothing listens, and says nothing was sent', async () => {
    const error = await send({
      method: 'GET',
      url: 'http://127.0.0.1:1/x',
      headers: {},
      signal: AbortSignal.timeout(1_000),
    }).catch((e) => e)
    expect(nothingSent(error)).toBe(true)
    expect(nothingSent(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toBe(false)
  })
})
