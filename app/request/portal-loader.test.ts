/**
 * The shell's loader against the real licensing API and identity provider:
 * customer selection and the spec's 401 rule (a screen's own rules are its guard's,
 * see app/guards/screen.server.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppLoadContext } from '@remix-run/node'
import { startTestServer, type TestServer } from '../../tests/api/support/server'
import { getAccessToken } from '../../tests/support/tokens'
import { signedInCookie as sessionCookie } from '../../tests/support/portal-session'
import { getSessionStorage } from '../auth/session.server'
import { createLoadContext } from '../load-context'
import { loader } from '../routes/_portal'
import { sessions } from '../../db/schema'

let server: TestServer
let context: AppLoadContext

beforeAll(async () => {
  server = await startTestServer()
  context = createLoadContext({ db: server.db, config: server.config, cspNonce: 'test' })
})

/** Each request gets its own load context, as from the server. */
const requestContext = (): AppLoadContext => createLoadContext(context)
afterAll(async () => {
  await server?.close()
})

async function signedInCookie(email: string, accessToken?: string) {
  return sessionCookie(context, { email }, accessToken ?? (await getAccessToken(server.url, email)))
}

async function run(path: string, cookie: string): Promise<Response | { data: Record<string, unknown> }> {
  const request = new Request(`${server.config.publicUrl}${path}`, { headers: { cookie } })
  try {
    const result = (await loader({ request, context: requestContext(), params: {} })) as unknown as {
      data: Record<string, unknown>
    }
    return result
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

function location(result: Response | { data: unknown }) {
  expect(result).toBeInstanceOf(Response)
  return (result as Response).headers.get('location')
}

describe('portal shell loader', () => {
  it('signs the user in again when the API refuses the token, and forgets the session', async () => {
    const cookie = await signedInCookie('admin@acme.example', 'not-a-valid-token')
    const before = server.db.select().from(sessions).all().length
    const result = await run('/portalaccess?customer=1000001', cookie)
    expect(location(result)).toBe('/auth/login?returnTo=%2Fportalaccess%3Fcustomer%3D1000001')
    expect(server.db.select().from(sessions).all().length).toBe(before - 1)
  })

  it('shows the shell for an allowed customer', async () => {
    const cookie = await signedInCookie('admin@acme.example')
    const result = (await run('/home?customer=1000001', cookie)) as { data: Record<string, unknown> }
    expect(result.data.customer).toEqual({ AccountID: '1000001', AccountName: 'Acme Aerospace' })
    expect(result.data.roleLabel).toContain('(Portal Administrator Role)')
  })

  it('keeps only the gates of the feature flags in the session, which is read on every request', async () => {
    const cookie = await signedInCookie('admin@acme.example')
    await run('/home?customer=1000001', cookie)
    const session = await getSessionStorage(context).getSession(cookie)
    const stored = session.get('features') as { list: Record<string, unknown>[] }
    expect(stored.list.length).toBeGreaterThan(0)
    for (const flag of stored.list) expect(Object.keys(flag).sort()).toEqual(['enabled', 'name', 'path'])
  })

  it('puts the remembered customer into a bare address', async () => {
    const cookie = await signedInCookie('admin@acme.example')
    await run('/home?customer=1000001', cookie)
    expect(location(await run('/portalaccess', cookie))).toBe('/portalaccess?customer=1000001')
  })

  it('refuses a customer the user is not a contact of', async () => {
    const cookie = await signedInCookie('admin@acme.example')
    expect(location(await run('/home?customer=1000002', cookie))).toBe('/home')
  })

  it('leaves the rules of the screen to its guard: an export-denied customer still gets the shell', async () => {
    const cookie = await signedInCookie('busops@vendor.example')
    const result = (await run('/home?customer=1000005', cookie)) as { data: Record<string, unknown> }
    expect(result.data.customer).toEqual({ AccountID: '1000005', AccountName: 'Embargo Industries' })
  })

  it('sends a user without customers to /nocustomer', async () => {
    const cookie = await signedInCookie('nobody@example.com')
    expect(location(await run('/home', cookie))).toBe('/nocustomer')
  })
})
