/**
 * Portal sign-in against the embedded identity provider and the licensing API
 * of a server started without the Remix build: the loaders' helpers are called
 * directly, the browser's part is played with fetch.
 */
import { transact } from '../../db/transact'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeJwt } from 'jose'
import { eq } from 'drizzle-orm'
import { loadConfig, type Config } from '../../server/config'
import { startServer, type RunningServer } from '../../server/app'
import { sessions, users } from '../../db/schema'
import { hashPassword } from '../../db/passwords'
import { CookieJar, rebase } from '../../tests/support/tokens'
import { completeSignIn, startSignIn } from './sign-in.server'
import { handleUnauthorized, requireAuth } from '../guards/auth.server'
import { signOut } from './sign-out.server'
import { getOidcClient } from './authenticator.server'

const EMAIL = 'portal-signin@acme.example'

let running: RunningServer
let config: Config
let dir: string
let context: { db: RunningServer['db']; config: Config }

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
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-test-'))
  const port = await freePort()
  config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_PATH: path.join(dir, 'portal.db'),
    LOG_REQUESTS: '0',
  })
  running = await startServer(config, { portal: false })
  context = { db: running.db, config }
  if (!running.db.select().from(users).where(eq(users.email, EMAIL)).get()) {
    const passwordHash = await hashPassword('demo')
    await transact(
      running.db,
      async (tx) =>
        await tx.insert(users).values({ email: EMAIL, name: 'Portal Signin', passwordHash, roles: ['user'] }),
    )
  }
})

afterAll(async () => {
  await running?.close()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

/** Cookie header built from the Set-Cookie lines of responses (name=value only). */
function cookiesFrom(...responses: Response[]): string {
  const jar = new CookieJar()
  for (const r of responses) jar.store(r)
  return jar.header()
}

/** Signs in through the portal helpers; returns the final response and the portal cookie header. */
async function signIn(returnTo = '/emails?customer=1001') {
  const login = await startSignIn(
    new Request(`${config.publicUrl}/auth/login?returnTo=${encodeURIComponent(returnTo)}`),
    context,
  )
  expect(login.status).toBe(302)
  const authorize = new URL(login.headers.get('location')!)
  expect(authorize.origin + authorize.pathname).toBe(`${config.publicUrl}/oidc/auth`)
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
  expect(authorize.searchParams.get('scope')).toContain('openid')
  const portalCookies = cookiesFrom(login)
  expect(portalCookies).toContain('__session=')
  expect(portalCookies).toMatch(/oauth2:/)

  // The browser at the identity provider.
  const idp = new CookieJar()
  const base = running.url
  let res = await fetch(rebase(authorize.toString(), base), { redirect: 'manual' })
  idp.store(res)
  const loginPage = rebase(new URL(res.headers.get('location')!, base).toString(), base)
  res = await fetch(loginPage, { headers: { cookie: idp.header() } })
  const html = await res.text()
  const action = /<form[^>]*action="([^"]+)"/.exec(html)![1]
  const csrf = /name="csrf" value="([^"]*)"/.exec(html)![1]
  res = await fetch(new URL(action, base), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: idp.header(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: EMAIL, password: 'demo', csrf }).toString(),
  })
  idp.store(res)
  res = await fetch(rebase(new URL(res.headers.get('location')!, base).toString(), base), {
    redirect: 'manual',
    headers: { cookie: idp.header() },
  })
  idp.store(res)
  const callback = res.headers.get('location')!
  expect(callback.startsWith(`${config.publicUrl}/auth/callback?`)).toBe(true)

  const done = await completeSignIn(new Request(callback, { headers: { cookie: portalCookies } }), context)
  return { done, idp, cookie: cookiesFrom(login, done) }
}

describe('portal sign-in', () => {
  it('completes the code flow, loads the user and returns to the page asked for', async () => {
    const { done, cookie } = await signIn()
    expect(done.status).toBe(302)
    expect(done.headers.get('location')).toBe('/emails?customer=1001')
    // The state cookies are cleared and a new session id issued.
    expect(done.headers.getSetCookie().some((c) => /^oauth2:[^=]+=;/.test(c))).toBe(true)

    const { user, accessToken, session } = await requireAuth(
      new Request(`${config.publicUrl}/home`, { headers: { cookie } }),
      context,
    )
    expect(user.email).toBe(EMAIL)
    expect(user.name).toBe('Portal Signin')
    expect(decodeJwt(accessToken).aud).toBe(config.apiAudience)
    expect(session.get('idToken')).toBeTruthy()
    expect(session.get('refreshToken')).toBeTruthy()
    expect(session.get('returnTo')).toBeUndefined()
  })

  it('refreshes an access token that is about to expire', async () => {
    const { cookie } = await signIn('/home')
    const request = new Request(`${config.publicUrl}/home`, { headers: { cookie } })
    const before = await requireAuth(request, context)
    const row = running.db.select().from(sessions).where(eq(sessions.id, before.session.id)).get()!
    await transact(
      running.db,
      async (tx) =>
        await tx
          .update(sessions)
          .set({ data: { ...row.data, accessTokenExpiresAt: Date.now() + 10_000 } })
          .where(eq(sessions.id, row.id)),
    )
    const after = await requireAuth(request, context)
    expect(after.accessToken).not.toBe(before.accessToken)
    expect(after.session.get('accessTokenExpiresAt')!).toBeGreaterThan(Date.now() + 30 * 60_000)
    // Saved for the next request too.
    const again = await requireAuth(request, context)
    expect(again.accessToken).toBe(after.accessToken)
  })

  it('sends a visitor without a session to sign in, keeping the page', async () => {
    const thrown = await requireAuth(new Request(`${config.publicUrl}/emails?customer=7`), context).catch((e) => e)
    expect(thrown).toBeInstanceOf(Response)
    expect(thrown.status).toBe(302)
    expect(thrown.headers.get('location')).toBe('/auth/login?returnTo=%2Femails%3Fcustomer%3D7')
  })

  it('turns a 401 into a fresh sign-in and drops the session', async () => {
    const { cookie } = await signIn('/home')
    const request = new Request(`${config.publicUrl}/portalaccess?customer=1`, { headers: { cookie } })
    const { session } = await requireAuth(request, context)
    const res = await handleUnauthorized(request, context)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/auth/login?returnTo=%2Fportalaccess%3Fcustomer%3D1')
    expect(res.headers.get('set-cookie')).toMatch(/__session=;/)
    expect(running.db.select().from(sessions).where(eq(sessions.id, session.id)).get()).toBeUndefined()
  })

  it('rejects a callback whose state does not match', async () => {
    const res = await completeSignIn(
      new Request(`${config.publicUrl}/auth/callback?code=abc&state=forged`, {
        headers: { cookie: 'oauth2:x=state%3Dother%26other%3Dv' },
      }),
      context,
    ).catch((e) => e)
    expect(res).toMatchObject({ status: 400, message: 'Sign-in could not be completed. Please try again.' })
  })

  it('signs out locally and at the identity provider', async () => {
    const { cookie } = await signIn('/home')
    const { session } = await requireAuth(new Request(`${config.publicUrl}/home`, { headers: { cookie } }), context)
    const { location, setCookie } = await signOut(
      new Request(`${config.publicUrl}/auth/logout`, { method: 'POST', headers: { cookie } }),
      context,
    )
    expect(setCookie).toMatch(/__session=;/)
    expect(running.db.select().from(sessions).where(eq(sessions.id, session.id)).get()).toBeUndefined()
    const end = new URL(location)
    expect(end.origin + end.pathname).toBe(`${config.publicUrl}/oidc/session/end`)
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${config.publicUrl}/auth/signed-out`)
    expect(end.searchParams.get('id_token_hint')).toBe(session.get('idToken'))
    // The refresh token was revoked.
    const client = await getOidcClient(config)
    await expect(client.refresh(session.get('refreshToken')!)).rejects.toThrow()
  })
})
