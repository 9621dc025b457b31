/**
 * The portal's activation client against the embedded API: each function
 * reaches its call with the body the API expects and reads its reply, from the
 * host list to an activation, its licence file and the upload of that file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient } from '../../app/api-client/client.server'
import { activationCalls } from '../../app/api-client/activations.server'
import { maintenanceExpired } from '../../app/domain/activation-rules'
import { todayUtc } from '../../app/domain/entitlements'
import { ACTIVATED_FIELD, AVAILABLE_FIELD } from '../../app/domain/activation-types'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { startTestServer, type TestServer } from './support/server'
import { demoHost } from './support/activations'

let server: TestServer
let calls: ReturnType<typeof activationCalls>
const host = demoHost('acme-lic01')
const customerNumber = '1000001'

beforeAll(async () => {
  server = await startTestServer()
  calls = activationCalls(createApiClient(server.config, await getAccessToken(server.url, 'admin@acme.example')))
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

const data = <T>(reply: { status: string; data?: T; err?: string }): T => {
  expect(reply).toMatchObject({ status: 'SUCCESS' })
  return reply.data as T
}

describe('the activation client', () => {
  it('lists the customer hosts, active first, and the customers and accounts around them', async () => {
    const servers = data(await calls.servers(customerNumber))
    expect(servers.map((s) => s.state)).toEqual([...servers.map((s) => s.state)].sort())
    expect(servers.find((s) => s.serverId === host.serverId)).toMatchObject({ name: host.name, state: 'ACTIVE' })
    expect(data(await calls.hostCustomers(customerNumber, host))).toEqual([
      { AccountID: '1000001', AccountName: 'Acme Aerospace' },
    ])
    expect(data(await calls.override(customerNumber, host))).toEqual({ warn: false })
    expect(data(await calls.accounts()).map((a) => a.AccountID)).toEqual(['1000001'])
    expect(data(await calls.searchAccounts('acme')).map((a) => a.AccountID)).toEqual(['1000001'])
  })

  it('activates an available entitlement, generates the file with it, and returns it again', async () => {
    const rows = data(await calls.allEntitlements({ customerNumber, serverId: host.serverId, activeOnly: true }))
    const free = rows.find(
      (r) => r[AVAILABLE_FIELD] > 0 && r[ACTIVATED_FIELD] === 0 && !maintenanceExpired(r.VersionDate, todayUtc()),
    )
    expect(free).toBeDefined()
    const id = free!.ActivationId
    const request = { customerNumber, ...host, action: 'EDIT' as const }
    const created = await calls.create({ ...request, activations: [{ id, count: 1 }] })
    if (created.status !== 'SUCCESS') throw new Error(created.err)
    const assigned = data(await calls.hostEntitlements({ customerNumber, serverId: host.serverId }))
    expect(assigned.find((r) => r.ActivationId === id)?.[ACTIVATED_FIELD]).toBe(1)
    const file = data(await calls.download({ customerNumber, ...host }))
    expect(file.licenseFileName).toBe(`license_${customerNumber}_${host.serverId}.lic`)
    expect(file.licenseText).toContain(`SN=${id}`)
    const uploaded = data(
      await calls.upload(customerNumber, new File([file.licenseText], file.licenseFileName, { type: 'text/plain' })),
    )
    expect(uploaded).toMatchObject({ serverName: host.name, serverId: host.serverId, serverIdType: 'ETHERNET' })
    data(await calls.return({ ...request, activations: [{ id, count: -1 }] }))
    const after = data(await calls.download({ customerNumber, ...host }))
    expect(after.licenseText).not.toContain(`SN=${id}`)
  })
})
