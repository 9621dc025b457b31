/**
 * The invariant under load: requests that arrive at once, spread over three API
 * processes on one database file (as the cluster's workers are), never activate
 * more of an entitlement than its quantity, and no return loses a create.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { first } from '../../db/query'
import { entitlements, hosts } from '../../db/tables'
import { addDays, todayUtc } from '../../app/domain/entitlements'
import {
  ACTIVATED_FIELD,
  OVER_AVAILABLE_MESSAGE,
  type ActivationRow,
  type FulfillmentResult,
} from '../../app/domain/activation-types'
import { ACTIVATION_MESSAGES } from '../../app/domain/activation-rules'
import { getAccessToken } from '../support/tokens'
import { activeSum, demoHost, fulfillmentBody } from './support/activations'
import { useApiCluster } from './support/api-processes'
import { apiClient, type Reply } from './support/server'

const cluster = useApiCluster()
const ADMIN = 'admin@acme.example'
const ACME = '1000001'
const LIC01 = demoHost('acme-lic01')
const TRIAD = demoHost('acme-triad')

let clients: ReturnType<typeof apiClient>[]

beforeAll(async () => {
  const token = await getAccessToken(cluster.server.url, ADMIN)
  clients = cluster.urls.map((url) => apiClient(url, token))
})

/** A fresh lease of the customer with this quantity and no fulfilments. */
async function lease(activationId: string, quantity: number) {
  const today = todayUtc()
  await cluster.server.db.insert(entitlements).values({
    activationId,
    accountId: ACME,
    type: 'SSL',
    state: 'Deployed',
    entitlementName: 'Concurrency lease',
    product: 'Ansys Fluent',
    productName: 'Ansys Fluent',
    licenseModel: 'Annual Lease',
    count: quantity,
    quantity,
    startDate: addDays(today, -10),
    endDate: addDays(today, 100),
    versionDate: addDays(today, 100),
    vendorDaemon: 'ansyslmd',
    createdAt: Date.now(),
  })
  return activationId
}

/** The n-th request goes to the n-th process, round robin. */
const client = (n: number) => clients[n % clients.length]

afterAll(async () => {
  await cluster.server.db.delete(entitlements).where(eq(entitlements.entitlementName, 'Concurrency lease'))
})

describe('concurrent creates and returns over several processes', () => {
  it('grants exactly the quantity to 50 creates at once and refuses the rest with the spec words', async () => {
    const id = await lease('CONC-0000-0000-0050', 10)
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        client(n).post<FulfillmentResult>('/fulfillments/create', fulfillmentBody(ACME, LIC01, { [id]: 1 })),
      ),
    )
    const granted = replies.filter((r) => r.http === 200)
    const refused = replies.filter((r) => r.http !== 200)
    expect(granted).toHaveLength(10)
    expect(refused).toHaveLength(40)
    for (const r of refused) expect([r.http, r.body.err]).toEqual([409, OVER_AVAILABLE_MESSAGE])
    expect(await activeSum(cluster.server.db, id)).toBe(10)
    const fids = granted.map((r) => r.body.data!.fulfillments[0].FulfillmentID)
    expect(new Set(fids).size).toBe(10)
  }, 60_000)

  it('never goes above the quantity with creates and returns mixed on two hosts, and loses no update', async () => {
    const quantity = 6
    const id = await lease('CONC-0000-0000-0MIX', quantity)
    const hostIds: number[] = []
    for (const ref of [LIC01, TRIAD])
      hostIds.push((await first(cluster.server.db.select().from(hosts).where(eq(hosts.hostIds, ref.serverId))))!.id)
    let net = 0
    let returns = 0
    for (let round = 0; round < 8; round++) {
      const rows = await client(round).post<ActivationRow[]>('/fulfillments/entitlements', {
        customerNumber: ACME,
        ...LIC01,
      })
      const onLic01 = rows.body.data!.find((r) => r.ActivationId === id)?.[ACTIVATED_FIELD] ?? 0
      const requests: Promise<Reply<FulfillmentResult>>[] = []
      for (let n = 0; n < 12; n++) {
        const host = n % 2 === 0 ? LIC01 : TRIAD
        requests.push(client(n).post('/fulfillments/create', fulfillmentBody(ACME, host, { [id]: 1 + (n % 3) })))
      }
      if (onLic01 > 0) {
        for (let n = 0; n < 3; n++) {
          requests.push(client(n).post('/fulfillments/return', fulfillmentBody(ACME, LIC01, { [id]: -onLic01 })))
        }
      }
      const replies = await Promise.all(requests)
      replies.forEach((r, n) => {
        if (r.http === 200) {
          // The first 12 are creates, the rest returns.
          for (const f of r.body.data!.fulfillments) net += n < 12 ? f.FulfillCount : -f.FulfillCount
          if (n >= 12) returns++
        } else {
          expect([r.http, [OVER_AVAILABLE_MESSAGE, ACTIVATION_MESSAGES.changed].includes(r.body.err!)]).toEqual([
            409,
            true,
          ])
        }
      })
      const total = await activeSum(cluster.server.db, id)
      expect(total).toBeLessThanOrEqual(quantity)
      expect(total).toBe(net)
      let onHosts = 0
      for (const hostId of hostIds) onHosts += await activeSum(cluster.server.db, id, hostId)
      expect(onHosts).toBe(total)
    }
    expect(returns).toBeGreaterThan(0)
  }, 120_000)
})
