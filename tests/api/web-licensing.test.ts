/**
 * Web licensing's management calls on the demo data: the entitlements with their figures,
 * users, groups, assignments and the matrix, each change audited, the named seat limit held,
 * and bad input refused with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoActivationId } from '../../db/seed-entitlements'
import { WEB_KEYS } from '../../db/seed-web'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { dataSnapshot } from './support/call-requests'
import { allPages, apiClient, startTestServer, type TestServer } from './support/server'

const ACME = '1000001'
const BOREALIS = '1000002'
const DISCOVERY = demoActivationId(WEB_KEYS.acmeDiscovery)
const SPACECLAIM = demoActivationId(WEB_KEYS.acmeSpaceClaim)
const MECHANICAL = demoActivationId(WEB_KEYS.acmeMechanical)
const FLUENT = demoActivationId(WEB_KEYS.acmeFluent)

let server: TestServer
let admin: ReturnType<typeof apiClient>

type Row = Record<string, unknown>

beforeAll(async () => {
  server = await startTestServer()
  admin = apiClient(server.url, await getAccessToken(server.url, 'admin@acme.example'))
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

const q = <T>(text: string, ...params: unknown[]) => server.db.$client.prepare(text).all(...params) as T[]
const userId = (email: string) =>
  q<{ id: number }>("SELECT id FROM web_users WHERE account_id = '1000001' AND email = ?", email)[0].id
const groupId = (name: string) =>
  q<{ id: number }>("SELECT id FROM web_groups WHERE account_id = '1000001' AND name = ?", name)[0].id

describe('web entitlements', () => {
  it('lists Acme’s with seats, in use, holders, what is left, groups and term', async () => {
    const { rows } = await allPages<Row>(admin, '/web/entitlements', { customerNumber: ACME })
    const pick = (r: Row) => [
      r.productName,
      r.type,
      r.seats,
      r.inUse,
      r.holders,
      r.free,
      r.groups,
      r.users,
      r.termState,
    ]
    expect(rows.map(pick)).toEqual([
      ['Ansys Discovery - Shared Web', 'SHARED_WEB', 10, 0, 0, 10, [], 0, 'in-term'],
      ['Ansys Fluent - Named User', 'NAMED_USER', 12, 0, 8, 4, ['Simulation'], 0, 'in-term'],
      ['Ansys Mechanical - Named User', 'NAMED_USER', 5, 0, 5, 0, [], 5, 'in-term'],
      ['Ansys SpaceClaim - Shared Web', 'SHARED_WEB', 5, 0, 0, 5, ['Design'], 0, 'in-term'],
    ])
    const count = await admin.post('/web/entitlements/count', {
      customerNumber: ACME,
      filter: { criteria: [{ name: 'type', method: 'EQUALS', value: 'NAMED_USER' }] },
    })
    expect(count.body.data).toBe(2)
    const borealis = await apiClient(
      server.url,
      await getAccessToken(server.url, 'marta.lindqvist@borealis.example'),
    ).post<Row[]>('/web/entitlements', { customerNumber: BOREALIS })
    expect(borealis.body.data!.map((r) => [r.productName, r.holders, r.free])).toEqual([
      ['Ansys HFSS - Named User', 2, 1],
    ])
  })

  it('leaves them out of the spec’s entitlement lists', async () => {
    const { rows } = await allPages<Row>(admin, '/fetchEntitlements', { customerNumber: ACME, type: 'ALL' })
    expect(rows.length).toBeGreaterThan(5)
    expect(rows.filter((r) => r.Type === 'SHARED_WEB' || r.Type === 'NAMED_USER')).toEqual([])
  })

  it('shows one with its groups and direct seat holders', async () => {
    const r = await admin.post<Row>('/web/entitlement', { customerNumber: ACME, activationId: MECHANICAL })
    const detail = r.body.data as { seats: Row[]; assignedGroups: Row[] }
    expect(detail.assignedGroups).toEqual([])
    expect(detail.seats.map((s) => s.email)).toEqual([
      'lena.fischer@acme.example',
      'samuel.adeyemi@acme.example',
      'tara.kowalski@acme.example',
      'umar.haddad@acme.example',
      'valentina.ricci@acme.example',
    ])
    expect(detail.seats.filter((s) => s.endDate !== null).map((s) => s.email)).toEqual(['tara.kowalski@acme.example'])
    const unknown = await admin.post('/web/entitlement', { customerNumber: ACME, activationId: 'NOPE-0000' })
    expect(unknown.http).toBe(404)
  })
})
