/**
 * Host histories fetched as spec 3 says, against the real API: 5 hosts a
 * request, at most 10 hosts (two requests at once) a round, every host once and
 * its own history in its place, for a customer with hundreds of hosts; a refused
 * request gives the spec's message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { entitlements, fulfillments, hostAccounts, hosts } from '../../db/schema'
import { and, eq } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../../tests/api/support/server'
import { clearTokenCache, getAccessToken } from '../../tests/support/tokens'
import { createApiClient } from '../api-client/client.server'
import { activationCalls } from '../api-client/activations.server'
import { HISTORY_MESSAGES } from '../domain/host-history'
import { fetchHistories } from './host-histories.server'

let server: TestServer
const COBALT = '1000003'
const HOSTS = 240
let hostIds: number[] = []

beforeAll(async () => {
  server = await startTestServer()
  const entitlement = server.db
    .select()
    .from(entitlements)
    .where(and(eq(entitlements.accountId, COBALT), eq(entitlements.type, 'SSL')))
    .get()!
  const now = Date.now()
  hostIds = server.db.transaction((tx) =>
    Array.from({ length: HOSTS }, (_, i) => {
      const mac = (0x0d0000000000 + i).toString(16)
      const host = tx
        .insert(hosts)
        .values({
          name: `many-${i}`,
          hostIds: mac,
          hostIdTypes: 'ETHERNET',
          identifier: mac,
          state: 'INACTIVE',
          createdAt: now,
        })
        .returning()
        .get()
      tx.insert(hostAccounts).values({ hostId: host.id, accountId: COBALT }).run()
      // Host i has i % 3 returned activations: each history is its own.
      for (let n = 0; n < i % 3; n++) {
        tx.insert(fulfillments)
          .values({
            fulfillmentId: `FID-MANY-${i}-${n}`,
            entitlementId: entitlement.id,
            hostId: host.id,
            accountId: COBALT,
            count: 1,
            status: 'INACTIVE',
            action: 'EDIT',
            fulfilledAt: now - 86_400_000,
            returnedAt: now - 3_600_000,
          })
          .run()
      }
      return host.id
    }),
  )
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

async function recordedCalls(email: string) {
  const api = createApiClient({ apiBaseUrl: `${server.url}/api` }, await getAccessToken(server.url, email))
  const calls = activationCalls(api)
  const requests: number[][] = []
  let inFlight = 0
  let mostAtOnce = 0
  const history: typeof calls.history = async (customerNumber, ids) => {
    requests.push(ids)
    mostAtOnce = Math.max(mostAtOnce, ++inFlight)
    try {
      return await calls.history(customerNumber, ids)
    } finally {
      inFlight--
    }
  }
  return { calls: { ...calls, history }, requests, mostAtOnce: () => mostAtOnce }
}

describe('fetchHistories', () => {
  it('fetches hundreds of hosts 5 a request, two requests at once, each host once and in its place', async () => {
    const { calls, requests, mostAtOnce } = await recordedCalls('partner@channel.example')
    const started = performance.now()
    const result = await fetchHistories(calls, COBALT, hostIds)
    const elapsed = performance.now() - started
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(requests).toHaveLength(HOSTS / 5)
    expect(requests.every((r) => r.length === 5)).toBe(true)
    expect(mostAtOnce()).toBe(2)
    expect(requests.flat()).toEqual(hostIds)
    hostIds.forEach((id, i) => {
      const history = result.byHost.get(id)!
      expect(history.name).toBe(`many-${i}`)
      // Each returned activation is an activation and its return.
      expect(history.fulfillments).toHaveLength(2 * (i % 3))
    })
    // Hundreds of hosts stay quick: a generous bound that only a regression to one call per host would break.
    expect(elapsed).toBeLessThan(10_000)
  })

  it('asks only for what is not fetched yet and nothing at all for no hosts', async () => {
    const { calls, requests } = await recordedCalls('partner@channel.example')
    const result = await fetchHistories(calls, COBALT, [])
    expect(result).toEqual({ ok: true, byHost: new Map() })
    expect(requests).toEqual([])
  })

  it("answers the spec's message when a request is refused (a host of another customer)", async () => {
    const { calls } = await recordedCalls('wei.chen@cobalt.example')
    const other = server.db.select().from(hosts).where(eq(hosts.name, 'acme-lic01')).get()!
    const result = await fetchHistories(calls, COBALT, [hostIds[0], other.id])
    expect(result).toMatchObject({ ok: false, message: HISTORY_MESSAGES.fetchFailed, httpStatus: 404 })
  })
})
