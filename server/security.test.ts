import http from 'node:http'
import express, { type Request, type Response } from 'express'
import { describe, expect, it, vi } from 'vitest'
import { cspNonce, requestLog } from './security'

describe('cspNonce', () => {
  it('gives 16 random bytes in base64, never the same twice, across several draws of the pool', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 1000; i++) {
      const nonce = cspNonce()
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
      seen.add(nonce)
    }
    expect(seen.size).toBe(1000)
  })
})

describe('requestLog', () => {
  it('writes one JSON line per request when it finishes, without the query string, with the client behind a local proxy', async () => {
    const lines: string[] = []
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true))
    const app = express()
    app.set('trust proxy', 'loopback')
    app.use(requestLog(true), (_req, res) => void res.status(404).end())
    const server = http.createServer(app)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as { port: number }
      await fetch(`http://127.0.0.1:${port}/home?code=secret`, { headers: { 'x-forwarded-for': '203.0.113.7' } })
    } finally {
      write.mockRestore()
      server.close()
    }
    expect(lines).toHaveLength(1)
    expect(JSON.parse(lines[0])).toMatchObject({
      level: 'info',
      method: 'GET',
      path: '/home',
      status: 404,
      ip: '203.0.113.7',
    })
    expect(lines[0]).not.toContain('secret')
  })

  it('writes nothing when turned off', () => {
    const req = {} as Request
    const res = { on: vi.fn() } as unknown as Response
    const next = vi.fn()
    requestLog(false)(req, res, next)
    expect(res.on).not.toHaveBeenCalled()
    expect(next).toHaveBeenCalledOnce()
  })
})
