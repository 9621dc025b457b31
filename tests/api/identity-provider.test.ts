/**
 * The API and the portal's sign-in trust any OpenID Connect provider by
 * configuration: the keys are found through the provider's discovery document
 * (here they are at Keycloak's address, nothing is at /jwks), or at
 * OIDC_JWKS_URI. A provider that cannot be reached is a 503, and is asked
 * again on the next call; one that answers as configured otherwise is a
 * configuration error. Keys that the provider rotates or moves are followed
 * at once.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { decodeProtectedHeader } from 'jose'
import { completeSignIn, startSignIn, SignInError } from '../../app/auth/sign-in.server'
import { requireAuth } from '../../app/guards/auth.server'
import { CookieJar } from '../support/sign-in'
import { startIdentityProvider, type IdentityProvider } from '../support/identity-provider'
import { startPortalTestServer } from './support/portal'
import { apiClient, freePort, startTestServer, type TestServer } from './support/server'

const EMAIL = 'admin@acme.example'
const running: { stop(): Promise<void> }[] = []

async function provider(
  options: Parameters<typeof startIdentityProvider>[0] = { email: EMAIL },
): Promise<IdentityProvider> {
  const idp = await startIdentityProvider(options)
  running.push(idp)
  return idp
}

async function apiServer(env: Record<string, string>): Promise<TestServer> {
  const server = await startTestServer(env)
  running.push({ stop: () => server.close() })
  return server
}

const userDetails = (server: TestServer, token: string) =>
  apiClient(server.url, token).get<{ email: string }>('/getUserDetails')

/**
 * The portal's sign-in, start to end, through the provider (which signs the user in at
 * once): the redirect to the provider, its redirect back with a code, and the callback,
 * which verifies the ID token and asks the API for the user with the new access token.
 * Returns where the portal sends the user and the ID token's key id.
 */
async function portalSignIn(server: TestServer) {
  const { context, jar, done } = await callbackOf(server)
  jar.store(await done)
  const { session, user } = await requireAuth(
    new Request(`${server.config.publicUrl}/home`, { headers: { cookie: jar.header() } }),
    context,
  )
  return {
    location: (await done).headers.get('location'),
    user,
    kid: decodeProtectedHeader(session.get('idToken')!).kid,
  }
}

/** The sign-in up to the portal's callback; `done` is the callback's answer (or its failure). */
async function callbackOf(server: TestServer) {
  const context = { db: server.db, config: server.config }
  const jar = new CookieJar()
  const login = await startSignIn(new Request(`${server.config.publicUrl}/auth/login`), context)
  jar.store(login)
  const atProvider = await fetch(login.headers.get('location')!, { redirect: 'manual' })
  const callback = atProvider.headers.get('location')!
  expect(callback.startsWith(`${server.config.publicUrl}/auth/callback?`), callback).toBe(true)
  const done = completeSignIn(new Request(callback, { headers: { cookie: jar.header() } }), context)
  return { context, jar, done }
}

afterEach(() => vi.restoreAllMocks())
afterAll(async () => {
  for (const item of running.reverse()) await item.stop()
})

describe('an independent identity provider', () => {
  let server: TestServer
  let port: number
  let idp: IdentityProvider

  it('that cannot be reached is a 503', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    port = await freePort()
    server = await apiServer({ OIDC_ISSUER: `http://127.0.0.1:${port}` })
    expect(server.config.embeddedOidc).toBe(false)
    const elsewhere = await startIdentityProvider({ email: EMAIL })
    const token = await elsewhere.accessToken()
    await elsewhere.stop()

    const down = await userDetails(server, token)
    expect(down.http).toBe(503)
    expect(down.body.err).toBe('Cannot verify tokens right now; try again shortly')
  })

  it('is asked again once it answers, and trusted through its discovery document, with its keys at their own address', async () => {
    idp = await provider({ email: EMAIL, port })
    expect((await fetch(`${idp.url}/jwks`)).status, 'nothing at /jwks').toBe(404)
    const reply = await userDetails(server, await idp.accessToken())
    expect(reply.http).toBe(200)
    expect(reply.body.data?.email).toBe(EMAIL)
  })

  it('rotates its keys twice within 30 s: the tokens of each new key are accepted at once, by the API and at sign-in', async () => {
    const first = await portalSignIn(server)
    for (let rotation = 1; rotation <= 2; rotation++) {
      const kid = await idp.rotateKeys()
      expect((await userDetails(server, await idp.accessToken())).http, `API after rotation ${rotation}`).toBe(200)
      const signedIn = await portalSignIn(server)
      expect(signedIn.kid, `rotation ${rotation}: an ID token of the new key`).toBe(kid)
      expect(signedIn.kid).not.toBe(first.kid)
      expect(signedIn.user?.email, `sign-in after rotation ${rotation}`).toBe(EMAIL)
    }
  })

  it('moves its keys to another address (a new jwks_uri in its discovery document): tokens are accepted without a restart', async () => {
    expect((await userDetails(server, await idp.accessToken())).http).toBe(200)
    const before = idp.keysUrl
    await idp.moveKeys('/keys/v2')
    expect((await fetch(before)).status, 'nothing at the old address').toBe(404)

    expect((await userDetails(server, await idp.accessToken())).http).toBe(200)
    await idp.rotateKeys()
    expect((await portalSignIn(server)).user?.email).toBe(EMAIL)
  })

  it('is trusted at OIDC_JWKS_URI without a discovery document', async () => {
    const idp = await provider({ email: EMAIL, discoveryPath: '/not-published' })
    const other = await apiServer({ OIDC_ISSUER: idp.url, OIDC_JWKS_URI: idp.keysUrl })
    expect((await userDetails(other, await idp.accessToken())).http).toBe(200)
  })
})

describe('an independent provider whose issuer ends in a slash, as Auth0 publishes it', () => {
  let idp: IdentityProvider
  let server: TestServer

  it('is trusted when OIDC_ISSUER is written as the provider publishes it: the API and the portal sign-in', async () => {
    idp = await provider({ email: EMAIL, trailingSlash: true })
    expect(idp.url).toMatch(/\/$/)
    server = await apiServer({ OIDC_ISSUER: idp.url })
    expect(server.config.oidcIssuer).toBe(idp.url)

    const reply = await userDetails(server, await idp.accessToken())
    expect(reply.http).toBe(200)
    expect(reply.body.data?.email).toBe(EMAIL)
    const signedIn = await portalSignIn(server)
    expect(signedIn.location).toBe('/home')
    expect(signedIn.user?.email).toBe(EMAIL)
  })
})

describe('an independent provider that this configuration does not match', () => {
  it('an issuer written without the slash the provider publishes is a configuration error, logged as one: sign-in says so (not an outage), and the API answers 500', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const idp = await provider({ email: EMAIL, trailingSlash: true })
    const configured = idp.url.replace(/\/$/, '')
    const server = await startPortalTestServer({ OIDC_ISSUER: configured })
    running.push({ stop: () => server.close() })

    const page = await fetch(`${server.url}/auth/login`, { redirect: 'manual' })
    expect(page.status).toBe(500)
    const html = await page.text()
    expect(html).toContain('Sign-in is not available')
    expect(html).toContain('Sign-in is not configured correctly, so trying again will not help.')
    expect(html).not.toContain('not reachable')
    const logged = errors.mock.calls.map((call) => String(call[0]))
    expect(
      logged.some(
        (line) =>
          line.includes('"level":"error"') &&
          line.includes('identity provider configuration error') &&
          line.includes(`issuer mismatch: the provider publishes \\"${idp.url}\\"`),
      ),
    ).toBe(true)

    const thrown = await startSignIn(new Request(`${server.config.publicUrl}/auth/login`), {
      db: server.db,
      config: server.config,
    }).catch((e: unknown) => e)
    expect(thrown).toBeInstanceOf(SignInError)
    expect(thrown).toMatchObject({ status: 500 })

    const reply = await userDetails(server, await idp.accessToken())
    expect(reply.http).toBe(500)
    expect(reply.body.err).toBe('Tokens cannot be verified: the identity provider is not configured correctly')
  })

  it('an ID token addressed to another client than OIDC_CLIENT_ID is a configuration error at sign-in, logged as one', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const idp = await provider({ email: EMAIL, clientId: 'licensing-portal' })
    const server = await apiServer({ OIDC_ISSUER: idp.url, OIDC_CLIENT_ID: 'another-client' })

    const failed = await (await callbackOf(server)).done.catch((e: unknown) => e)
    expect(failed).toBeInstanceOf(SignInError)
    expect(failed).toMatchObject({
      status: 500,
      message:
        'Sign-in is not configured correctly, so trying again will not help. Please tell your administrator or support team.',
    })
    const logged = errors.mock.calls.map((call) => String(call[0]))
    expect(
      logged.some(
        (line) =>
          line.includes('"level":"error"') &&
          line.includes(`the ID token's aud is \\"urn:licensing-api\\", expected \\"another-client\\"`),
      ),
    ).toBe(true)
  })
})
