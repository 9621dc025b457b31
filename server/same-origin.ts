/**
 * Refuses writes that another site makes a signed-in browser send (cross-site
 * request forgery). The session cookie is SameSite=Lax, which still goes with
 * requests from a page of the same site (another port, a subdomain), and a
 * Remix action, a `.data` or `?_data=` request and a resource route all act on
 * it alike: so every request with an unsafe method is checked here, once,
 * before any of them runs. See docs/decisions/0005-same-origin-writes.md.
 *
 * A write passes when its Origin is the portal's own (PUBLIC_URL, or the
 * address the request was made to), or, without Origin, when Sec-Fetch-Site
 * says same-origin, or when it carries neither header: browsers send Origin
 * with every POST, PUT, PATCH and DELETE, so such a request is not a
 * browser's and brings no victim's cookie.
 *
 * /api takes bearer tokens, not cookies, and /oidc (the embedded identity
 * provider) protects its own forms: both are left alone where they are mounted.
 */
import type http from 'node:http'
import type { Config } from './config'
import { clientAddress, requestOrigin } from './client-address'
import { pathMatcher } from './path-prefixes'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export interface WriteHeaders {
  method: string
  origin: string | undefined
  secFetchSite: string | undefined
}

/** Whether a request may act on the portal, given the origins that are the portal's own. */
export function writeAllowed({ method, origin, secFetchSite }: WriteHeaders, ownOrigins: ReadonlySet<string>): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return true
  if (origin !== undefined) {
    const normal = normalOrigin(origin)
    return normal !== null && ownOrigins.has(normal)
  }
  if (secFetchSite !== undefined) return secFetchSite.toLowerCase() === 'same-origin'
  return true
}

/**
 * Whether a request URL lies under one of `prefixes` both as Express routes it
 * (the path as sent) and as Remix would (with its dot segments resolved), so
 * "/api/../x" is not under /api.
 */
export function exemptPaths(prefixes: string[]): (url: string) => boolean {
  const under = pathMatcher(prefixes)
  return (url) => {
    if (!under(url)) return false
    try {
      return under(new URL(url, 'http://portal.invalid').pathname)
    } catch {
      return false
    }
  }
}

/** Node/Express middleware: a refused write gets a 403 page and a warning in the log. */
export function sameOriginWrites(config: Pick<Config, 'publicUrl' | 'embeddedApi' | 'embeddedOidc'>) {
  const publicOrigin = normalOrigin(config.publicUrl)
  const exempt = exemptPaths([...(config.embeddedApi ? ['/api'] : []), ...(config.embeddedOidc ? ['/oidc'] : [])])
  return (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => {
    const method = req.method ?? 'GET'
    if (SAFE_METHODS.has(method) || exempt(req.url ?? '/')) return next()
    const own = new Set<string>()
    if (publicOrigin) own.add(publicOrigin)
    const addressed = normalOrigin(requestOrigin(req))
    if (addressed) own.add(addressed)
    const headers = { method, origin: header(req, 'origin'), secFetchSite: header(req, 'sec-fetch-site') }
    if (writeAllowed(headers, own)) return next()
    refuse(req, res, headers)
  }
}

function refuse(req: http.IncomingMessage, res: http.ServerResponse, headers: WriteHeaders) {
  console.warn(
    JSON.stringify({
      time: new Date().toISOString(),
      level: 'warn',
      msg: 'cross-origin write refused',
      method: headers.method,
      path: (req.url ?? '').split('?')[0],
      origin: headers.origin ?? null,
      secFetchSite: headers.secFetchSite ?? null,
      ip: clientAddress(req),
    }),
  )
  res.statusCode = 403
  res.setHeader('Content-Type', 'text/html; charset=utf-8')
  res.setHeader('Cache-Control', 'no-store')
  res.end(FORBIDDEN_PAGE)
}

const FORBIDDEN_PAGE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Request refused – Licensing Portal</title></head>
<body>
<h1>Request refused</h1>
<p>This change was sent from another site, so the Licensing Portal did not make it.</p>
<p><a href="/home">Open the Licensing Portal</a> and make the change there.</p>
</body>
</html>
`

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** `scheme://host[:port]` as browsers write it (lower case, no default port), or null ("null", garbage). */
function normalOrigin(value: string): string | null {
  try {
    const origin = new URL(value).origin
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}
