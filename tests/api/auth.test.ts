import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SignJWT, generateKeyPair } from 'jose'
import { eq } from 'drizzle-orm'
import { users } from '../../db/tables'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { apiClient, startTestServer, type TestServer } from './support/server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

describe('bearer authentication', () => {
  it('refuses a call without a token', async () => {
    const r = await apiClient(server.url).get('/getUserDetails')
    expect(r.http).toBe(401)
    expect(r.body).toEqual({ status: 'FAILURE', err: 'Missing bearer token' })
  })

  it('refuses a garbage token', async () => {
    const r = await apiClient(server.url, 'not.a.jwt').get('/getUserDetails')
    expect(r.http).toBe(401)
    expect(r.body.status).toBe('FAILURE')
    expect(r.body.err).toBe('Invalid or expired access token')
  })

  it('refuses a well-formed token signed by someone else', async () => {
    const { privateKey } = await generateKeyPair('RS256')
    const forged = await new SignJWT({ email: 'busops@vendor.example' })
      .setProtectedHeader({ alg: 'RS256', kid: 'forged' })
      .setIssuer(server.config.oidcIssuer)
      .setAudience(server.config.apiAudience)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey)
    const r = await apiClient(server.url, forged).get('/getUserDetails')
    expect(r.http).toBe(401)
  })

  it('refuses a user who has been deactivated since signing in', async () => {
    const token = await getAccessToken(server.url, 'lena.fischer@acme.example')
    expect((await apiClient(server.url, token).get('/getUserDetails')).http).toBe(200)
    await server.db.update(users).set({ active: 0 }).where(eq(users.email, 'lena.fischer@acme.example'))
    const r = await apiClient(server.url, token).get('/getUserDetails')
    expect(r.http).toBe(401)
    expect(r.body.err).toBe('Unknown or inactive user')
    await server.db.update(users).set({ active: 1 }).where(eq(users.email, 'lena.fischer@acme.example'))
  })
})

describe('user details, environment and build info', () => {
  it('GET /getUserDetails answers email, name and roles (always with user)', async () => {
    const token = await getAccessToken(server.url, 'busops@vendor.example')
    const r = await apiClient(server.url, token).get('/getUserDetails')
    expect(r.http).toBe(200)
    expect(r.body).toEqual({
      status: 'SUCCESS',
      data: { email: 'busops@vendor.example', name: 'Bianca Boyd', roles: ['user', 'busops'] },
    })
  })

  it('GET /environment answers the configured environment', async () => {
    const token = await getAccessToken(server.url, 'viewer@acme.example')
    const r = await apiClient(server.url, token).get('/environment')
    expect(r.body).toEqual({ status: 'SUCCESS', data: 'dev' })
  })

  it('GET /getBuildInfo answers a text naming the package and start time', async () => {
    const token = await getAccessToken(server.url, 'viewer@acme.example')
    const r = await apiClient(server.url, token).get<string>('/getBuildInfo')
    expect(r.body.status).toBe('SUCCESS')
    expect(r.body.data).toMatch(/^licensing-portal .*started \d{4}-\d{2}-\d{2}T/)
  })
})

describe('malformed requests', () => {
  it('answers 400 for a body that is not JSON', async () => {
    const token = await getAccessToken(server.url, 'busops@vendor.example')
    const api = apiClient(server.url, token)
    const plain = await api.post('/getaccounts', 'hello', { 'content-type': 'text/plain' })
    expect(plain.http).toBe(400)
    expect(plain.body.err).toMatch(/must be JSON/)
    const broken = await api.post('/getaccounts', '{"filter": ', { 'content-type': 'application/json' })
    expect(broken.http).toBe(400)
    expect(broken.body).toEqual({ status: 'FAILURE', err: 'Malformed JSON body' })
  })

  it('answers 413 for a body over 1 MB', async () => {
    const token = await getAccessToken(server.url, 'busops@vendor.example')
    const big = JSON.stringify({ filter: { criteria: [] }, pad: 'x'.repeat(1_100_000) })
    const r = await apiClient(server.url, token).post('/getaccounts', big, { 'content-type': 'application/json' })
    expect(r.http).toBe(413)
    expect(r.body.status).toBe('FAILURE')
  })

  it('answers 404 for an unknown call and never caches replies', async () => {
    const token = await getAccessToken(server.url, 'busops@vendor.example')
    const r = await apiClient(server.url, token).get('/nosuchcall')
    expect(r.http).toBe(404)
    expect(r.body).toEqual({ status: 'FAILURE', err: 'Unknown API call' })
    expect(r.headers.get('cache-control')).toBe('no-store')
  })
})

describe('reply headers', () => {
  it('API replies forbid sniffing and framing and carry no page nonce', async () => {
    const res = await fetch(`${server.url}/api/getUserDetails`)
    expect(res.status).toBe(401)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('compresses a large reply only for a client that asks for it', async () => {
    const token = await getAccessToken(server.url, 'busops@vendor.example')
    const body = JSON.stringify({ limit: 200 })
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    const gzip = await fetch(`${server.url}/api/getaccounts`, {
      method: 'POST',
      body,
      headers: { ...headers, 'accept-encoding': 'gzip' },
    })
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    const plain = await fetch(`${server.url}/api/getaccounts`, {
      method: 'POST',
      body,
      headers: { ...headers, 'accept-encoding': 'identity' },
    })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect((await plain.json()).data).toHaveLength(200)
  })
})
