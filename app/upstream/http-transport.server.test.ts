import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { send, TransportTimeoutError } from './http-transport.server'

let server: http.Server
let base: string

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      if (req.url === '/echo') {
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify({ method: req.method, body, auth: req.headers.authorization, length: req.headers['content-length'] }))
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
    const reply = await send({ method: 'POST', url: `${base}/echo`, headers: { authorization: 'Bearer t' }, body, timeoutMs: 1_000 })
    expect(reply).toEqual({
      status: 200,
      json: { method: 'POST', body, auth: 'Bearer t', length: String(Buffer.byteLength(body)) },
    })
  })

  it('answers json null for a body that is not JSON, with the status', async () => {
    expect(await send({ method: 'GET', url: `${base}/text`, headers: {}, timeoutMs: 1_000 })).toEqual({ status: 502, json: null })
  })

  it('gives up after the timeout', async () => {
    await expect(send({ method: 'GET', url: `${base}/slow`, headers: {}, timeoutMs: 100 })).rejects.toBeInstanceOf(TransportTimeoutError)
  })

  it('rejects when nothing listens', async () => {
    await expect(send({ method: 'GET', url: 'http://127.0.0.1:1/x', headers: {}, timeoutMs: 1_000 })).rejects.toThrow()
  })
})
