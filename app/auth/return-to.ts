/**
 * Addresses the portal redirects to: only paths of this site, never another
 * origin. A value is checked the way a browser reads a Location header (WHATWG
 * URL: dot segments, `%2e`, backslashes, stripped tabs and newlines), and the
 * redirect is rebuilt from what was checked, not from the value.
 */
export const DEFAULT_RETURN_TO = '/home'

const BASE = 'http://portal.invalid'

/** The path and query `value` names on this site, or null when it could name another one. */
export function localPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null
  // The URL parser drops tabs and newlines and reads "\" as "/": such a value is refused, not repaired.
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return null
  }
  if (url.origin !== BASE) return null
  const path = url.pathname + url.search
  // "/..//host" resolves to "//host", which a browser reads as another site.
  return path.startsWith('//') ? null : path
}

/** Where to go after sign-in or a form: a local path outside the sign-in routes, else `fallback`. */
export function safeReturnTo(value: unknown, fallback = DEFAULT_RETURN_TO): string {
  const path = localPath(value)
  if (path === null) return fallback
  const lower = path.toLowerCase()
  if (lower === '/auth' || lower.startsWith('/auth/') || lower.startsWith('/auth?')) return fallback
  return path
}

/**
 * The request's own path and query, fit for a Location header. A request for
 * "//host/x" (or "/\host/x") has the path "//host/x", which a browser would
 * read as another site: its leading slashes become one.
 */
export function requestPath(url: URL): string {
  return localPathname(url) + url.search
}

/** The request's pathname with its leading slashes made one (see requestPath). */
export function localPathname(url: URL): string {
  return url.pathname.replace(/^\/+/, '/')
}

/** The sign-in address that brings the user back to `request`'s page. */
export function loginUrlFor(request: Request): string {
  const url = new URL(request.url)
  // '/' opens Elastic Licensing, but a fresh sign-in lands on /home (spec 1 section 4).
  if (url.pathname === '/') return '/auth/login'
  const returnTo = safeReturnTo(requestPath(url), '')
  return returnTo ? `/auth/login?returnTo=${encodeURIComponent(returnTo)}` : '/auth/login'
}
