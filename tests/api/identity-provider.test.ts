/**
 * The API verifies tokens of any OpenID Connect provider by configuration: it
 * finds the keys through the provider's discovery document (here they are at
 * Keycloak's address, nothing is at /jwks), or at OIDC_JWKS_URI. A provider
 * that cannot be reached is a 503, and is asked again on the next call.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { startIdentityProvider, type IdentityProvider } from '../support/identity-provider'
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

afterEach(() => vi.restoreAllMocks())
afterAll(async () => {
  for (const item of running.reverse()) await item.stop()
})

describe('an independent identity provider', () => {
  let server: TestServer
  let port: number

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
    const idp = await provider({ email: EMAIL, port })
    expect((await fetch(`${idp.url}/jwks`)).status, 'nothing at /jwks').toBe(404)
    const reply = await userDetails(server, await idp.accessToken())
    expect(reply.http).toBe(200)
    expect(reply.body.data?.email).toBe(EMAIL)
  })

  it('is trusted at OIDC_JWKS_URI without a discovery document', async () => {
    const idp = await provider({ email: EMAIL, discoveryPath: '/not-published' })
    const other = await apiServer({ OIDC_ISSUER: idp.url, OIDC_JWKS_URI: idp.keysUrl })
    expect((await userDetails(other, await idp.accessToken())).http).toBe(200)
  })
})
