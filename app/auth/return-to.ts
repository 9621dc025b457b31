/** Where to go after sign-in: only a path on this site, never another origin. */
export const DEFAULT_RETURN_TO = '/home'

export function safeReturnTo(value: unknown, fallback = DEFAULT_RETURN_TO): string {
  if (typeof value !== 'string' || value === '') return fallback
  // Must be an absolute path; "//host" and "/\host" would leave the site.
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback
  const parsed = new URL(value, 'http://portal.invalid')
  if (parsed.origin !== 'http://portal.invalid') return fallback
  if (parsed.pathname.startsWith('/auth/')) return fallback
  return parsed.pathname + parsed.search + parsed.hash
}

/** The sign-in address that brings the user back to `request`'s page. */
export function loginUrlFor(request: Request): string {
  const url = new URL(request.url)
  // '/' opens Elastic Licensing, but a fresh sign-in lands on /home (spec 1 section 4).
  if (url.pathname === '/') return '/auth/login'
  const returnTo = safeReturnTo(url.pathname + url.search, '')
  return returnTo ? `/auth/login?returnTo=${encodeURIComponent(returnTo)}` : '/auth/login'
}
