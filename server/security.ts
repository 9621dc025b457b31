import crypto from 'node:crypto'
import type { RequestHandler } from 'express'
import type { Config } from './config'

const NONCE_BYTES = 16
const NONCES_PER_DRAW = 256
let randomPool = Buffer.alloc(0)
let poolOffset = 0

/** A fresh base64 nonce. Random bytes are drawn for 256 nonces at a time: one draw per page cost about as much as building the whole header. */
export function cspNonce(): string {
  if (poolOffset + NONCE_BYTES > randomPool.length) {
    randomPool = crypto.randomBytes(NONCE_BYTES * NONCES_PER_DRAW)
    poolOffset = 0
  }
  const nonce = randomPool.toString('base64', poolOffset, poolOffset + NONCE_BYTES)
  poolOffset += NONCE_BYTES
  return nonce
}

/** Security headers with a fresh CSP nonce on every response; the nonce goes to res.locals.cspNonce (for the page's scripts). */
export function securityHeaders(config: Config): RequestHandler {
  const idpOrigin = new URL(config.oidcIssuer).origin
  const formAction = idpOrigin === new URL(config.publicUrl).origin ? "'self'" : `'self' ${idpOrigin}`
  const https = config.publicUrl.startsWith('https:')
  return (_req, res, next) => {
    const nonce = cspNonce()
    res.locals.cspNonce = nonce
    res.setHeader(
      'Content-Security-Policy',
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}'`,
        "style-src 'self'",
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        `form-action ${formAction}`,
        "frame-ancestors 'none'",
        ...(https ? ['upgrade-insecure-requests'] : []),
      ].join('; '),
    )
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('X-Frame-Options', 'DENY')
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()')
    if (https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    next()
  }
}

/** One structured JSON log line per request. The query string is left out (it can carry codes). */
export function requestLog(enabled: boolean): RequestHandler {
  return (req, res, next) => {
    if (!enabled) return next()
    const start = process.hrtime.bigint()
    const path = req.originalUrl.split('?')[0]
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6
      process.stdout.write(
        JSON.stringify({
          time: new Date().toISOString(),
          level: res.statusCode >= 500 ? 'error' : 'info',
          method: req.method,
          path,
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
          ip: req.ip,
        }) + '\n',
      )
    })
    next()
  }
}

/** Headers for the JSON API: no page may embed or sniff its replies. */
export const apiHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'")
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('X-Frame-Options', 'DENY')
  res.removeHeader('X-Powered-By')
  next()
}
