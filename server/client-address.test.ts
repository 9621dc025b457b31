import type http from 'node:http'
import { describe, expect, it } from 'vitest'
import { clientAddress, isLoopback, requestOrigin } from './client-address'

function request(remoteAddress: string, headers: http.IncomingHttpHeaders = {}, encrypted = false) {
  return { socket: { remoteAddress, encrypted }, headers } as unknown as http.IncomingMessage
}

describe('isLoopback', () => {
  it('knows IPv4 and IPv6 loopback, mapped or not', () => {
    for (const address of ['127.0.0.1', '127.4.5.6', '::1', '::ffff:127.0.0.1']) expect(isLoopback(address)).toBe(true)
    for (const address of ['10.0.0.1', '::ffff:10.0.0.1', '::2', '', undefined]) expect(isLoopback(address)).toBe(false)
  })
})

describe('requestOrigin', () => {
  it('takes the Host header, with its port, and the connection scheme', () => {
    expect(requestOrigin(request('10.0.0.9', { host: 'portal.test:3000' }))).toBe('http://portal.test:3000')
    expect(requestOrigin(request('10.0.0.9', { host: 'portal.test' }, true))).toBe('https://portal.test')
  })
  it('believes X-Forwarded-Proto and -Host from a loopback proxy only', () => {
    const forwarded = {
      host: '127.0.0.1:3000',
      'x-forwarded-proto': 'https, http',
      'x-forwarded-host': 'portal.example.com',
    }
    expect(requestOrigin(request('127.0.0.1', forwarded))).toBe('https://portal.example.com')
    expect(requestOrigin(request('203.0.113.7', forwarded))).toBe('http://127.0.0.1:3000')
  })
})

describe('clientAddress', () => {
  it('is the peer unless the peer is a loopback proxy', () => {
    expect(clientAddress(request('203.0.113.7', { 'x-forwarded-for': '198.51.100.1' }))).toBe('203.0.113.7')
    expect(clientAddress(request('127.0.0.1'))).toBe('127.0.0.1')
  })
  it('walks X-Forwarded-For from the right past loopback hops', () => {
    expect(clientAddress(request('127.0.0.1', { 'x-forwarded-for': '198.51.100.1, 203.0.113.7' }))).toBe('203.0.113.7')
    expect(clientAddress(request('127.0.0.1', { 'x-forwarded-for': '198.51.100.1, 127.0.0.1' }))).toBe('198.51.100.1')
  })
})
