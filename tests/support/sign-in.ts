/**
 * Signing in without a browser, the way a browser does it: a cookie jar, redirects
 * followed by hand, and the identity provider's login form read from its page and
 * posted. The tests' token helper, the portal tests and the bench all sign in with these.
 */

/** Minimal cookie jar: the servers set host-only cookies, so names are enough. */
export class CookieJar {
  private cookies = new Map<string, string>()

  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const expired = attrs.some((a) => /^\s*expires=thu, 01 jan 1970/i.test(a) || /^\s*max-age=0\b/i.test(a))
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }
}

/** One request with the jar's cookies, keeping the cookies it sets; redirects are not followed. */
export async function send(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  const cookie = jar.header()
  if (cookie) headers.set('cookie', cookie)
  const res = await fetch(url, { ...init, headers, redirect: 'manual', signal: AbortSignal.timeout(15_000) })
  jar.store(res)
  return res
}

export interface LoginForm {
  /** Where the form posts, absolute. */
  action: string
  csrf: string
}

/** The login form on the identity provider's sign-in page at `pageUrl`. */
export function readLoginForm(html: string, pageUrl: string): LoginForm {
  const action = /<form[^>]*\baction="([^"]+)"/.exec(html)?.[1]
  const csrf = /name="csrf"\s+value="([^"]*)"/.exec(html)?.[1]
  if (action === undefined || csrf === undefined) throw new Error('the login form was not understood')
  return { action: new URL(decodeAttribute(action), pageUrl).toString(), csrf: decodeAttribute(csrf) }
}

/** Posts the login form as the user would; the answer is the provider's redirect (or its refusal). */
export function postLoginForm(jar: CookieJar, form: LoginForm, email: string, password: string): Promise<Response> {
  return send(jar, form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password, csrf: form.csrf }).toString(),
  })
}

/**
 * Signs in to the portal at `baseUrl` (its PUBLIC_URL) through its own sign-in
 * flow and the embedded provider's form, as a browser would. Returns the Cookie
 * header of the signed-in session (`__session=...`) and where the portal sent
 * the browser after sign-in.
 */
export async function portalSignIn(
  baseUrl: string,
  email: string,
  { password = 'demo', returnTo }: { password?: string; returnTo?: string } = {},
): Promise<{ cookie: string; location: string }> {
  const jar = new CookieJar()
  let url = `${baseUrl.replace(/\/+$/, '')}/auth/login${returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`}`
  let res = await send(jar, url)
  let posted = false
  let location: string | undefined
  for (let hops = 0; hops < 20 && location === undefined; hops++) {
    if (res.status >= 300 && res.status < 400) {
      const next = res.headers.get('location') ?? ''
      if (new URL(url).pathname === '/auth/callback') location = next
      else res = await send(jar, (url = new URL(next, url).toString()))
    } else if (res.status === 200 && new URL(url).pathname.startsWith('/oidc/interaction/') && !posted) {
      const form = readLoginForm(await res.text(), url)
      posted = true
      url = form.action
      res = await postLoginForm(jar, form, email, password)
    } else {
      throw new Error(`portal sign-in for ${email}: HTTP ${res.status} at ${url}`)
    }
  }
  const cookie = jar
    .header()
    .split('; ')
    .find((pair) => pair.startsWith('__session='))
  if (!cookie || location === undefined) throw new Error(`portal sign-in for ${email}: no session after the callback`)
  return { cookie, location }
}

function decodeAttribute(s: string) {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
}
