import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import express from 'express'
import { sameOriginWrites, writeAllowed } from './same-origin'

const OWN = new Set(['https://portal.example.com'])
const allowed = (method: string, origin?: string, secFetchSite?: string) =>
  writeAllowed({ method, origin, secFetchSite }, OWN)

describe('writeAllowed', () => {
  it('lets reads through whatever their origin', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS'])
      expect(allowed(method, 'http://evil.example', 'cross-site')).toBe(true)
  })

  it('lets a write through from the portal’s own origin only', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND']) {
      expect(allowed(method, 'https://portal.example.com'), method).toBe(true)
      expect(allowed(method, 'http://evil.example'), method).toBe(false)
    }
  })

  it('compares whole origins: scheme, host and port', () => {
    expect(allowed('POST', 'https://portal.example.com:443')).toBe(true)
    expect(allowed('POST', 'HTTPS://PORTAL.EXAMPLE.COM')).toBe(true)
    for (const other of [
      'http://portal.example.com',
      'https://portal.example.com:8443',
      'https://sub.portal.example.com',
      'https://portal.example.com.evil.example',
      'https://example.com',
      'null',
      '',
      'portal.example.com',
      'https://portal.example.com, https://evil.example',
    ]) {
      expect(allowed('POST', other), other).toBe(false)
    }
  })

  it('without Origin, trusts Sec-Fetch-Site: same-origin only', () => {
    expect(allowed('POST', undefined, 'same-origin')).toBe(true)
    for (const site of ['same-site', 'cross-site', 'none', ''])
      expect(allowed('POST', undefined, site), site).toBe(false)
    // Origin, when sent, decides.
    expect(allowed('POST', 'http://evil.example', 'same-origin')).toBe(false)
  })

  it('lets a write without either header through: no browser sends one', () => {
    expect(allowed('POST')).toBe(true)
  })
})

describe('sameOriginWrites over HTTP', () => {
  let server: http.Server
  let port: number
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})

  beforeAll(async () => {
    // As in server/app.ts: the API and the identity provider answer before the guard.
    const app = express()
    app.set('trust proxy', 'loopback')
    app.use('/api', (_req, res) => void res.send('api'))
    app.use('/oidc', (_req, res) => void res.send('oidc'))
    app.use(sameOriginWrites({ publicUrl: 'https://portal.example.com' }))
    app.use((_req, res) => void res.send('passed'))
    server = http.createServer(app)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    warn.mockRestore()
    await new Promise((resolve) => server.close(resolve))
  })

  function send(method: string, path: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }))
      })
      req.on('error', reject)
      req.end()
    })
  }

  it('answers a cross-origin write with a short 403 page and logs a warning', async () => {
    warn.mockClear()
    const refused = await send('POST', '/clscredentials?customer=1&_data=x', { origin: 'http://evil.example' })
    expect(refused.status).toBe(403)
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(refused.headers['cache-control']).toBe('no-store')
    expect(refused.body).toContain('Request refused')
    expect(warn).toHaveBeenCalledTimes(1)
    const logged = JSON.parse(String(warn.mock.calls[0][0]))
    expect(logged).toMatchObject({
      level: 'warn',
      method: 'POST',
      path: '/clscredentials',
      origin: 'http://evil.example',
    })
  })

  it('lets a write from the public address or from the address the request was made to through', async () => {
    expect((await send('POST', '/x', { origin: 'https://portal.example.com' })).body).toBe('passed')
    expect((await send('DELETE', '/x', { origin: `http://127.0.0.1:${port}` })).body).toBe('passed')
    expect((await send('POST', '/x', { 'sec-fetch-site': 'same-origin' })).body).toBe('passed')
    expect((await send('POST', '/x')).body).toBe('passed')
  })

  it('refuses every unsafe method from elsewhere, and a same-site page on another port', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect((await send(method, '/resources/alerts/dismiss', { origin: 'http://evil.example' })).status, method).toBe(
        403,
      )
    }
    expect((await send('POST', '/x', { origin: `http://127.0.0.1:${port + 1}` })).status).toBe(403)
    expect((await send('POST', '/x', { 'sec-fetch-site': 'same-site' })).status).toBe(403)
  })

  it('passes reads, and leaves the API and the identity provider mounted before it alone', async () => {
    expect((await send('GET', '/x', { origin: 'http://evil.example' })).body).toBe('passed')
    expect((await send('POST', '/api/setpin', { origin: 'http://evil.example' })).body).toBe('api')
    expect((await send('POST', '/oidc/interaction/abc/login', { origin: 'http://evil.example' })).body).toBe('oidc')
    expect((await send('POST', '/apis', { origin: 'http://evil.example' })).status).toBe(403)
  })
})
