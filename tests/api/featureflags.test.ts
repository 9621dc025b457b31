import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { apiClient, startTestServer, type TestServer } from './support/server'

type Feature = { name: string; description: string; enabled: boolean; conflicts: string[]; path: string | null }

let server: TestServer
const as = async (email: string) => apiClient(server.url, await getAccessToken(server.url, email))
const enabledNames = (features: Feature[]) => features.filter((f) => f.enabled).map((f) => f.name)

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

describe('feature flags', () => {
  it('lists every feature with the defaults enabled', async () => {
    const r = await (await as('admin@acme.example')).get<Feature[]>('/featureflag/features')
    expect(r.http).toBe(200)
    const features = r.body.data!
    expect(features.map((f) => f.name)).toEqual([
      'fsa',
      'statementsV2',
      'webAssignmentsClassic',
      'webAssignmentsV2',
      'usageDateTimeFilter',
      'licensingChatbot',
    ])
    expect(enabledNames(features)).toEqual(['fsa', 'statementsV2', 'webAssignmentsClassic'])
    expect(features.find((f) => f.name === 'webAssignmentsV2')).toMatchObject({
      path: '/webassignments-v2',
      conflicts: ['webAssignmentsClassic'],
    })
    expect(features.find((f) => f.name === 'licensingChatbot')!.path).toBeNull()
    for (const f of features) expect(f.description.length).toBeGreaterThan(10)
  })

  it('rejects two selections that conflict', async () => {
    const api = await as('admin@acme.example')
    const r = await api.post('/featureflag/features', {
      features: ['webAssignmentsV2', 'fsa', 'webAssignmentsClassic'],
    })
    expect(r.http).toBe(400)
    expect(r.body).toEqual({ status: 'FAILURE', err: 'Selections are in conflict. Deselect one or more option.' })
  })

  it('rejects unknown feature names and malformed bodies', async () => {
    const api = await as('admin@acme.example')
    const unknown = await api.post('/featureflag/features', { features: ['fsa', 'teleport'] })
    expect(unknown.http).toBe(400)
    expect(unknown.body.err).toBe('Unknown feature: teleport')
    const malformed = await api.post('/featureflag/features', { features: 'fsa' })
    expect(malformed.http).toBe(400)
    expect(malformed.body.err).toMatch(/^features:/)
  })

  it('stores the user’s selection, separately from other users', async () => {
    const api = await as('viewer@acme.example')
    const r = await api.post<Feature[]>('/featureflag/features', {
      features: ['webAssignmentsV2', 'usageDateTimeFilter'],
    })
    expect(r.http).toBe(200)
    expect(enabledNames(r.body.data!)).toEqual(['webAssignmentsV2', 'usageDateTimeFilter'])
    expect(enabledNames((await api.get<Feature[]>('/featureflag/features')).body.data!)).toEqual([
      'webAssignmentsV2',
      'usageDateTimeFilter',
    ])
    const other = await as('asc@acme.example')
    expect(enabledNames((await other.get<Feature[]>('/featureflag/features')).body.data!)).toEqual([
      'fsa',
      'statementsV2',
      'webAssignmentsClassic',
    ])
  })

  it('Clear stores an empty selection', async () => {
    const api = await as('lena.fischer@acme.example')
    expect((await api.post('/featureflag/features', { features: [] })).http).toBe(200)
    expect(enabledNames((await api.get<Feature[]>('/featureflag/features')).body.data!)).toEqual([])
  })
})

describe('feature flags in production', () => {
  let prod: TestServer
  beforeAll(async () => {
    prod = await startTestServer({ PORTAL_ENVIRONMENT: 'prod' })
  })
  afterAll(async () => {
    await prod?.close()
  })

  it('still lists features but refuses to switch them', async () => {
    const api = apiClient(prod.url, await getAccessToken(prod.url, 'busops@vendor.example'))
    expect((await api.get('/environment')).body.data).toBe('prod')
    expect((await api.get<Feature[]>('/featureflag/features')).body.data).toHaveLength(6)
    const r = await api.post('/featureflag/features', { features: ['fsa'] })
    expect(r.http).toBe(403)
    expect(r.body.status).toBe('FAILURE')
    expect(r.body.err).toMatch(/production/)
  })
})
