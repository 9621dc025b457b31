/**
 * The activation editor's Associated Customers against the embedded API: who has
 * more than one customer account (and so gets the search and the tabs), what the
 * search finds, and a save with a customer's tab open but unchanged, which must
 * leave that customer out of the host's group instead of failing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient } from '../../app/api-client/client.server'
import { activationCalls, type ActivationCalls } from '../../app/api-client/activations.server'
import { associatedCustomers } from '../../app/activations/associated-customers.server'
import { runSave } from '../../app/activations/save-flow.server'
import { maintenanceExpired } from '../../app/domain/activation-rules'
import { todayUtc } from '../../app/domain/entitlements'
import { ACTIVATED_FIELD, AVAILABLE_FIELD } from '../../app/domain/activation-types'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { startTestServer, type TestServer } from './support/server'
import { demoHost } from './support/activations'

let server: TestServer
const callsOf = async (email: string): Promise<ActivationCalls> =>
  activationCalls(createApiClient(server.config, await getAccessToken(server.url, email)))

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

describe('Associated Customers', () => {
  it('shows for a user of several accounts and for vendor staff, not for a user of one', async () => {
    const many = async (email: string) => (await associatedCustomers(await callsOf(email), '')).manyAccounts
    expect(await many('partner@channel.example')).toBe(true)
    expect(await many('busops@vendor.example')).toBe(true)
    expect(await many('admin@acme.example')).toBe(false)
  })

  it('searches by name or number among the accounts the user may see, and not at all when it does not show', async () => {
    const partner = await callsOf('partner@channel.example')
    const found = async (q: string) => (await associatedCustomers(partner, q)).search
    expect(await found('COBALT')).toEqual({
      q: 'COBALT',
      results: [{ AccountID: '1000003', AccountName: 'Cobalt Energy' }],
      error: null,
    })
    expect((await found('1000002')).results?.map((a) => a.AccountID)).toEqual(['1000002'])
    expect(await found('acme')).toMatchObject({ results: [], error: null })
    expect(await found('  ')).toMatchObject({ results: null })
    const admin = await callsOf('admin@acme.example')
    expect(await associatedCustomers(admin, 'acme')).toEqual({
      manyAccounts: false,
      search: { q: 'acme', results: null, error: null },
    })
    const staff = await associatedCustomers(await callsOf('busops@vendor.example'), 'embargo')
    expect(staff.search.results).toEqual([{ AccountID: '1000005', AccountName: 'Embargo Industries' }])
  })

  it('saves with another customer’s tab open and unchanged, keeping that customer out of the host’s group', async () => {
    const partner = await callsOf('partner@channel.example')
    const host = demoHost('bm-flex01')
    const customerNumber = '1000002'
    const rows = await partner.allEntitlements({ customerNumber, serverId: host.serverId, activeOnly: true })
    if (rows.status !== 'SUCCESS') throw new Error(rows.err)
    const free = rows.data.find(
      (r) => r[AVAILABLE_FIELD] > 0 && r[ACTIVATED_FIELD] === 0 && !maintenanceExpired(r.VersionDate, todayUtc()),
    )!
    const save = await runSave(partner, {
      customerNumber,
      host,
      changes: { [customerNumber]: [{ id: free.ActivationId, count: 1 }], '1000003': [] },
      borrowable: false,
      email: false,
    })
    expect(save.stages.map((s) => [s.stage, s.status])).toEqual([
      ['return', 'done'],
      ['create', 'done'],
      ['group', 'done'],
      ['generate', 'done'],
      ['merge', 'done'],
    ])
    const group = await partner.hostCustomers(customerNumber, host)
    if (group.status !== 'SUCCESS') throw new Error(group.err)
    expect(group.data.map((a) => a.AccountID)).toEqual([customerNumber])
  })
})
