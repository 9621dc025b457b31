/**
 * No redirect leaves the portal: each address that was found to send the
 * browser to another site, asked of the real server, now answers with a
 * Location on the portal.
 */
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifications } from '../../db/tables'
import { portalSignIn } from '../support/tokens'
import { startPortalTestServer } from './support/portal'
import type { TestServer } from './support/server'

let server: TestServer
let cookie: string

/** The spellings that answered `Location: //evil.example/phish` (or `/\evil...`). */
const LEAVING = [
  '/..//evil.example/phish',
  '/.//evil.example/phish',
  '/home/..//evil.example/phish',
  '/auth/../\\evil.example/phish',
  '/%2e%2e//evil.example/phish',
  '//evil.example/phish',
  '/\\evil.example/phish',
  '/\t/evil.example/phish',
  'https://evil.example/phish',
  'javascript:alert(1)',
]

/** The Location of a redirect, checked to stay on the portal. */
function localLocation(res: { status: number; location: string | null }, what: string): string {
  expect([301, 302, 303, 307, 308], `${what}: a redirect`).toContain(res.status)
  const location = res.location ?? ''
  expect(new URL(location, server.url).origin, `${what}: ${location}`).toBe(new URL(server.url).origin)
  expect(location, what).toMatch(/^\/(?![/\\])/)
  return location
}

/** A request sent with its path exactly as written (fetch would normalise "/\" away). */
function rawRequest(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  const { hostname, port } = new URL(server.url)
  return new Promise<{ status: number; location: string | null }>((resolve, reject) => {
    const req = http.request(
      { host: hostname, port, method, path, headers: { cookie, origin: server.url, ...headers } },
      (res) => {
        res.resume()
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? null }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

const post = (path: string, form: Record<string, string>) =>
  rawRequest(
    'POST',
    path,
    { 'content-type': 'application/x-www-form-urlencoded' },
    new URLSearchParams(form).toString(),
  )

beforeAll(async () => {
  server = await startPortalTestServer()
  cookie = (await portalSignIn(server.url, 'busops@vendor.example')).cookie
})
afterAll(async () => {
  await server?.close()
})

describe('returnTo', () => {
  it('of sign-in, for a signed-in user, stays on the portal', async () => {
    for (const returnTo of LEAVING) {
      const res = await rawRequest('GET', `/auth/login?returnTo=${encodeURIComponent(returnTo)}`)
      expect(localLocation(res, returnTo)).toBe('/home')
    }
  })

  it('of sign-in, through the whole flow, stays on the portal', async () => {
    const { location } = await portalSignIn(server.url, 'admin@acme.example', { returnTo: '/..//evil.example/phish' })
    expect(location).toBe('/home')
    const kept = await portalSignIn(server.url, 'admin@acme.example', { returnTo: '/emails?customer=1000001' })
    expect(kept.location).toBe('/emails?customer=1000001')
  })

  it('of the feature flags form stays on the portal', async () => {
    for (const returnTo of LEAVING.slice(0, 4)) {
      const res = await post('/settings/features', { intent: 'clear', returnTo })
      expect(localLocation(res, returnTo)).toBe('/home')
    }
  })

  it('of closing the alerts banner stays on the portal', async () => {
    const ids = (await server.db.select({ id: notifications.id }).from(notifications)).map((row) => String(row.id))
    for (const returnTo of LEAVING.slice(0, 4)) {
      const res = await post('/resources/alerts/dismiss', { ids: ids.join(','), returnTo })
      expect(localLocation(res, returnTo)).toBe('/home')
    }
    const kept = await post('/resources/alerts/dismiss', {
      ids: ids.join(','),
      returnTo: '/notifications?tab=resolved',
    })
    expect(localLocation(kept, 'a local returnTo')).toBe('/notifications?tab=resolved')
  })
})

describe('a page address that starts with two slashes', () => {
  it('takes the remembered customer into a path on the portal', async () => {
    const selected = await rawRequest('GET', '/home?customer=1000001')
    expect(selected.status).toBe(200)
    expect(localLocation(await rawRequest('GET', '//evil.example/phish'), '//')).toBe(
      '/evil.example/phish?customer=1000001',
    )
    expect(localLocation(await rawRequest('GET', '/\\evil.example'), '/\\')).toBe('/evil.example?customer=1000001')
    expect(localLocation(await rawRequest('GET', '///evil.example/x?y=1'), '///')).toBe(
      '/evil.example/x?y=1&customer=1000001',
    )
  })

  it('asks an anonymous visitor to sign in with a local returnTo', async () => {
    const res = await rawRequest('GET', '//evil.example/phish', { cookie: '' })
    const location = localLocation(res, 'anonymous //')
    const returnTo = new URL(location, server.url).searchParams.get('returnTo')
    expect(returnTo).toBe('/evil.example/phish')
  })
})
