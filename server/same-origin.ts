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
 */
import type { Request, RequestHandler, Response } from 'express'
import type { Config } from './config'

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
 * Express middleware, mounted in front of the portal only: the API (bearer tokens, not
 * cookies) and the identity provider (which protects its own forms) answer before it.
 * A refused write gets a 403 page and a warning in the log.
 */
export function sameOriginWrites(config: Pick<Config, 'publicUrl'>): RequestHandler {
  const publicOrigin = normalOrigin(config.publicUrl)
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next()
    const own = new Set<string>()
    if (publicOrigin) own.add(publicOrigin)
    // The address the request was made to; behind a proxy, PUBLIC_URL names the public one.
    const addressed = normalOrigin(`${req.protocol}://${req.get('host') ?? ''}`)
    if (addressed) own.add(addressed)
    const headers = { method: req.method, origin: req.get('origin'), secFetchSite: req.get('sec-fetch-site') }
    if (writeAllowed(headers, own)) return next()
    refuse(req, res, headers)
  }
}

function refuse(req: Request, res: Response, headers: WriteHeaders) {
  console.warn(
    JSON.stringify({
      time: new Date().toISOString(),
      level: 'warn',
      msg: 'cross-origin write refused',
      method: headers.method,
      path: req.path,
      origin: headers.origin ?? null,
      secFetchSite: headers.secFetchSite ?? null,
      ip: req.ip,
    }),
  )
  res.status(403).set('Cache-Control', 'no-store').type('html').send(FORBIDDEN_PAGE)
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

/** `scheme://host[:port]` as browsers write it (lower case, no default port), or null ("null", garbage). */
function normalOrigin(value: string): string | null {
  try {
    const origin = new URL(value).origin
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}
