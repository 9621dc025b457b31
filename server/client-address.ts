/**
 * Who is asking, and at which address the portal was asked for, behind a
 * proxy on the same machine: X-Forwarded-* headers count only when the peer
 * is a loopback address (Express's 'trust proxy' of 'loopback').
 */
import type http from 'node:http'
import type { TLSSocket } from 'node:tls'

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false
  const plain = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address
  return plain === '::1' || /^127\./.test(plain)
}

function first(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header
  return value?.split(',')[0].trim() || undefined
}

/** Scheme and host the client used, e.g. `https://portal.example.com`. */
export function requestOrigin(req: http.IncomingMessage): string {
  const trusted = isLoopback(req.socket.remoteAddress)
  const scheme =
    (trusted && first(req.headers['x-forwarded-proto'])) || ((req.socket as TLSSocket).encrypted ? 'https' : 'http')
  const host = (trusted && first(req.headers['x-forwarded-host'])) || req.headers.host || 'localhost'
  return `${scheme}://${host}`
}

/** The client's address: the peer, or the nearest X-Forwarded-For hop beyond trusted (loopback) ones. */
export function clientAddress(req: http.IncomingMessage): string | undefined {
  let address = req.socket.remoteAddress
  if (!isLoopback(address)) return address
  const header = req.headers['x-forwarded-for']
  const hops = (Array.isArray(header) ? header.join(',') : header ?? '').split(',')
  for (let i = hops.length - 1; i >= 0 && isLoopback(address); i--) {
    const hop = hops[i].trim()
    if (hop) address = hop
  }
  return address
}
