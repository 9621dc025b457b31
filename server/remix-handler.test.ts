import { EventEmitter } from 'node:events'
import type http from 'node:http'
import { describe, expect, it } from 'vitest'
import { remixRequest } from './remix-handler'

function node(url: string, headers: [string, string][], method = 'GET') {
  const req = {
    url,
    method,
    rawHeaders: headers.flat(),
    headers: Object.fromEntries(headers.map(([name, value]) => [name.toLowerCase(), value])),
    socket: { remoteAddress: '203.0.113.7' },
  } as unknown as http.IncomingMessage
  const res = new EventEmitter() as unknown as http.ServerResponse
  return { req, res }
}

describe('remixRequest', () => {
  it('builds the URL from Host and the path as it came, with every header', () => {
    const { req, res } = node('/home?customer=1000001', [
      ['Host', 'portal.test:3000'],
      ['Cookie', 'a=1'],
      ['Accept', 'text/html'],
    ])
    const request = remixRequest(req, res)!
    expect(request.url).toBe('http://portal.test:3000/home?customer=1000001')
    expect(request.headers.get('cookie')).toBe('a=1')
    expect(request.headers.get('accept')).toBe('text/html')
  })

  it('keeps a path that starts with two slashes a path on this host', () => {
    const { req, res } = node('//evil.example/home', [['Host', 'portal.test']])
    const url = new URL(remixRequest(req, res)!.url)
    expect(url.host).toBe('portal.test')
    expect(url.pathname).toBe('//evil.example/home')
  })

  it('gives null for a Host that does not make a URL', () => {
    const { req, res } = node('/home', [['Host', 'a b']])
    expect(remixRequest(req, res)).toBeNull()
  })

  it('aborts when the connection closes before the response is finished, not after', () => {
    const early = node('/home', [['Host', 'portal.test']])
    const aborted = remixRequest(early.req, early.res)!
    ;(early.res as unknown as EventEmitter).emit('close')
    expect(aborted.signal.aborted).toBe(true)

    const done = node('/home', [['Host', 'portal.test']])
    const finished = remixRequest(done.req, done.res)!
    ;(done.res as unknown as EventEmitter).emit('finish')
    ;(done.res as unknown as EventEmitter).emit('close')
    expect(finished.signal.aborted).toBe(false)
  })

  it('aborts the Requests Remix derives from it, as they pass its signal on', () => {
    const { req, res } = node('/home?index', [['Host', 'portal.test']])
    const request = remixRequest(req, res)!
    const derived = new Request('http://portal.test/home', { headers: request.headers, signal: request.signal })
    ;(res as unknown as EventEmitter).emit('close')
    expect(derived.signal.aborted).toBe(true)
  })

  it('hands its signal out through a getter rather than following it', () => {
    // A Request that follows a signal keeps both until a full collection; this one follows none.
    const { req, res } = node('/home', [['Host', 'portal.test']])
    const request = remixRequest(req, res)!
    const ownSignal = Object.getOwnPropertyDescriptor(Request.prototype, 'signal')!.get!.call(request) as AbortSignal
    ;(res as unknown as EventEmitter).emit('close')
    expect(request.signal.aborted).toBe(true)
    expect(ownSignal.aborted).toBe(false)
  })
})
