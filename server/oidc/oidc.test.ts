import fs from 'node:fs'
import { transact } from '../../db/transact'
import os from 'node:os'
import path from 'node:path'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose'
import { eq } from 'drizzle-orm'
import { loadConfig, type Config } from '../config'
import { startServer, type RunningServer } from '../app'
import { users } from '../../db/tables'
import { hashPassword } from '../../db/passwords'
import { CookieJar, clearTokenCache, discover, getTokens, getAccessToken, rebase } from '../../tests/support/tokens'

const EMAIL = 'oidc-test@acme.example'
const LIMIT = 3

let running: RunningServer
let config: Config
let base: string
let dir: string

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oidc-test-'))
  const port = await freePort()
  config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_PATH: path.join(dir, 'portal.db'),
    LOG_REQUESTS: '0',
    SIGNIN_RATE_LIMIT: String(LIMIT),
  })
  running = await startServer(config, { portal: false })
  base = running.url
  const existing = running.db.select().from(users).where(eq(users.email, EMAIL)).get()
  if (!existing) {
    const passwordHash = await hashPassword('demo')
    await transact(
      running.db,
      async (tx) => await tx.insert(users).values({ email: EMAIL, name: 'Oidc Tester', passwordHash, roles: ['user'] }),
    )
  }
})

afterAll(async () => {
  clearTokenCache()
  await running?.close()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

/** Starts an authorization request and returns the login page URL, its form action and CSRF token. */
async function openLoginForm(jar: CookieJar) {
  const meta = await discover(base)
  const url = new URL(rebase(meta.authorization_endpoint, base))
  url.search = new URLSearchParams({
    client_id: config.oidcClientId,
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: `${config.publicUrl}/auth/callback`,
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 'xyz',
  }).toString()
  let res = await fetch(url, { redirect: 'manual' })
  jar.store(res)
  expect(res.status).toBe(303)
  const loginUrl = rebase(new URL(res.headers.get('location')!, base).toString(), base)
  res = await fetch(loginUrl, { headers: { cookie: jar.header() } })
  expect(res.status).toBe(200)
  const html = await res.text()
  const action = /<form[^>]*action="([^"]+)"/.exec(html)![1]
  const csrf = /name="csrf" value="([^"]*)"/.exec(html)![1]
  return { html, action: new URL(action, base).toString(), csrf }
}

async function postLogin(jar: CookieJar, form: { action: string; csrf: string }, email: string, password: string) {
  const res = await fetch(form.action, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password, csrf: form.csrf }).toString(),
  })
  jar.store(res)
  return res
}

describe('embedded identity provider', () => {
  it('publishes its discovery document at the issuer', async () => {
    const meta = await discover(base)
    expect(meta.issuer).toBe(config.oidcIssuer)
    // Endpoints follow the address the request came to (here 127.0.0.1), the issuer does not.
    expect(new URL(meta.authorization_endpoint).pathname).toBe('/oidc/auth')
    expect(new URL(meta.token_endpoint).pathname).toBe('/oidc/token')
    expect(new URL(meta.jwks_uri).pathname).toBe('/oidc/jwks')
    expect(new URL(meta.end_session_endpoint!).pathname).toBe('/oidc/session/end')
    const jwks = (await (await fetch(`${base}/oidc/jwks`)).json()) as { keys: Record<string, unknown>[] }
    expect(jwks.keys.length).toBeGreaterThan(0)
    expect(jwks.keys[0].d).toBeUndefined()
  })

  it('renders an accessible login page', async () => {
    const { html } = await openLoginForm(new CookieJar())
    expect(html).toContain('<html lang="en">')
    expect(html).toContain('<main')
    expect(html).toContain('<title>Sign in – Licensing Portal</title>')
    expect(html).toContain('Sign in to the Licensing Portal')
    expect(html).toMatch(/<label for="email">Email<\/label>/)
    expect(html).toMatch(/<label for="password">Password<\/label>/)
    expect(html).toContain('>Sign in</button>')
    const css = await fetch(`${base}/oidc-assets/login.css`)
    expect(css.status).toBe(200)
    expect(css.headers.get('content-type')).toContain('text/css')
  })

  it('refuses a wrong password and keeps the typed e-mail', async () => {
    const jar = new CookieJar()
    const form = await openLoginForm(jar)
    const res = await postLogin(jar, form, `<b>${EMAIL}`, 'wrong')
    expect(res.status).toBe(401)
    const html = await res.text()
    expect(html).toContain('Incorrect email or password.')
    expect(html).toContain(`value="&lt;b&gt;${EMAIL}"`)
  })

  it('issues a JWT access token for the licensing API carrying the e-mail', async () => {
    const tokens = await getTokens(base, EMAIL)
    const claims = decodeJwt(tokens.accessToken)
    expect(claims.aud).toBe(config.apiAudience)
    expect(claims.iss).toBe(config.oidcIssuer)
    expect(claims[config.apiEmailClaim]).toBe(EMAIL)
    expect(await getAccessToken(base, EMAIL)).toBe(tokens.accessToken)

    const jwks = createRemoteJWKSet(new URL(`${base}/oidc/jwks`))
    const at = await jwtVerify(tokens.accessToken, jwks, { issuer: config.oidcIssuer, audience: config.apiAudience })
    expect(at.payload.sub).toBeTruthy()
    const id = await jwtVerify(tokens.idToken, jwks, { issuer: config.oidcIssuer, audience: config.oidcClientId })
    expect(id.payload.email).toBe(EMAIL)
    expect(id.payload.name).toBe('Oidc Tester')
    expect(tokens.refreshToken).toBeTruthy()
  })

  it('refreshes tokens and keeps the API audience', async () => {
    const { refreshToken } = await getTokens(base, EMAIL)
    const res = await fetch(`${base}/oidc/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${config.oidcClientId}:${config.oidcClientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken! }).toString(),
    })
    const body = (await res.json()) as Record<string, string>
    expect(res.status, JSON.stringify(body)).toBe(200)
    expect(decodeJwt(body.access_token).aud).toBe(config.apiAudience)
    expect(decodeJwt(body.access_token)[config.apiEmailClaim]).toBe(EMAIL)
  })

  it('shows the signed-in user on the account page', async () => {
    const jar = new CookieJar()
    const form = await openLoginForm(jar)
    let res = await postLogin(jar, form, EMAIL, 'demo')
    expect(res.status).toBe(303)
    res = await fetch(rebase(new URL(res.headers.get('location')!, base).toString(), base), {
      redirect: 'manual',
      headers: { cookie: jar.header() },
    })
    jar.store(res)
    const me = await fetch(`${base}/oidc/me`, { headers: { cookie: jar.header() } })
    const html = await me.text()
    expect(me.status).toBe(200)
    expect(html).toContain(EMAIL)
    expect(html).toContain('Oidc Tester')
    expect(html).toContain('<title>Your account – Licensing Portal</title>')
    const anonymous = await (await fetch(`${base}/oidc/me`)).text()
    expect(anonymous).toContain('You are not signed in.')
    expect(anonymous).toContain('<title>Your account – Licensing Portal</title>')
  })

  it('ends the session through a logout page that works without JavaScript', async () => {
    const jar = new CookieJar()
    const form = await openLoginForm(jar)
    let res = await postLogin(jar, form, EMAIL, 'demo')
    // Resume the authorization so the provider session holds the client.
    const location = rebase(new URL(res.headers.get('location')!, base).toString(), base)
    res = await fetch(location, { redirect: 'manual', headers: { cookie: jar.header() } })
    jar.store(res)
    expect(res.headers.get('location')).toContain(`${config.publicUrl}/auth/callback?code=`)

    const { idToken } = await getTokens(base, EMAIL)
    const end = new URL(`${base}/oidc/session/end`)
    end.search = new URLSearchParams({
      id_token_hint: idToken,
      post_logout_redirect_uri: `${config.publicUrl}/auth/signed-out`,
    }).toString()
    res = await fetch(end, { headers: { cookie: jar.header() } })
    jar.store(res)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('<title>Signing out – Licensing Portal</title>')
    expect(html).toContain('>Sign Out</button>')
    const nonce = /<script nonce="([^"]+)"/.exec(html)?.[1]
    expect(nonce).toBeTruthy()
    expect(res.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`)

    const action = /<form[^>]*action="([^"]+)"/.exec(html)![1]
    const body = new URLSearchParams()
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) body.append(m[1], m[2])
    expect(body.get('logout')).toBe('yes')
    res = await fetch(new URL(action, base), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    })
    jar.store(res)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`${config.publicUrl}/auth/signed-out`)
    const me = await (await fetch(`${base}/oidc/me`, { headers: { cookie: jar.header() } })).text()
    expect(me).toContain('You are not signed in.')
  })

  it('answers 429 after too many failed attempts', async () => {
    const jar = new CookieJar()
    const form = await openLoginForm(jar)
    const email = 'someone-else@acme.example'
    for (let i = 0; i < LIMIT; i++) {
      expect((await postLogin(jar, form, email, 'nope')).status).toBe(401)
    }
    const res = await postLogin(jar, form, email, 'nope')
    expect(res.status).toBe(429)
    expect(await res.text()).toContain('Too many sign-in attempts. Try again in a few minutes.')
    // Another e-mail from the same address is not yet blocked.
    expect((await postLogin(jar, form, EMAIL, 'nope')).status).toBe(401)
  })

  it('keeps the signing key across restarts', async () => {
    const row = running.db.$client.prepare("select value from settings where key = 'oidc.jwks'").get() as
      { value: string } | undefined
    expect(row).toBeTruthy()
    const stored = JSON.parse(row!.value) as { keys: { kid: string }[] }
    const published = (await (await fetch(`${base}/oidc/jwks`)).json()) as { keys: { kid: string }[] }
    expect(published.keys.map((k) => k.kid)).toEqual(stored.keys.map((k) => k.kid))
  })
})
