/**
 * Signing in without a browser, the way a browser does it: a cookie jar, redirects
 * followed by hand, and the identity provider's login form read from its page and
 * posted. The tests' token helper and the bench both sign in with these.
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

function decodeAttribute(s: string) {
  return s.replace(/&quot;/g, '"').replace(/&#39;|&#x27;/g, "'").replace(/&amp;/g, '&')
}
