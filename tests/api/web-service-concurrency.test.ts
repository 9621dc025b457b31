/**
 * The web licence service's invariants under load: checkouts that arrive at once, spread over
 * three API processes on one database file (as the cluster's workers are), never take more
 * shared seats than were bought, every refusal is recorded, and a named seat's holder is
 * granted on every machine while nobody else is.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm'
import { first } from '../../db/query'
import { rawAll } from '../../db/raw'
import { entitlements, webCheckouts } from '../../db/tables'
import { demoWebUsers } from '../../db/seed-web'
import type { DenialReason } from '../../app/domain/web-seats'
import { getAccessToken } from '../support/tokens'
import { useApiCluster } from './support/api-processes'
import { apiClient } from './support/server'

const cluster = useApiCluster()
const ACME = '1000001'
const USERS = demoWebUsers(ACME).map((u) => u.email)
/** Holds an Ansys Mechanical named seat (db/seed-web.ts); the first user holds none. */
const HOLDER = USERS[3]
const NOT_HOLDER = USERS[0]

type CheckoutReply = { outcome: 'granted'; checkoutId: string } | { outcome: 'denied'; reason: DenialReason }

let clients: ReturnType<typeof apiClient>[]

beforeAll(async () => {
  const token = await getAccessToken(cluster.server.url, 'weblicense@vendor.example')
  clients = cluster.urls.map((url) => apiClient(url, token))
})

/** The n-th request goes to the n-th process, round robin. */
const client = (n: number) => clients[n % clients.length]

const checkout = (n: number, email: string, product: string) =>
  client(n).post<CheckoutReply>('/web/checkout', { customerNumber: ACME, email, product, clientHost: `ws-${n}` })

const count = async (query: SQL) => (await rawAll<{ n: number }>(cluster.server.db, query))[0].n

describe('concurrent checkouts over three processes', () => {
  it('grant exactly the 10 shared seats to 60 checkouts at once, refuse 50 as no-free-seat, and record all 60', async () => {
    const discovery = (await first(
      cluster.server.db
        .select()
        .from(entitlements)
        .where(and(eq(entitlements.accountId, ACME), eq(entitlements.product, 'Ansys Discovery')))
        // SQLite's order from its index on the account and type: the web entitlement before the SSL ones.
        .orderBy(entitlements.type, entitlements.id),
    ))!
    expect([discovery.type, discovery.quantity]).toEqual(['SHARED_WEB', 10])
    const since = Date.now()
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, n) => checkout(n, USERS[n % USERS.length], 'Ansys Discovery')),
    )
    expect(replies.every((r) => r.http === 200)).toBe(true)
    const outcomes = replies.map((r) => r.body.data!)
    const granted = outcomes.filter((o) => o.outcome === 'granted')
    const denied = outcomes.filter((o) => o.outcome === 'denied')
    expect(granted).toHaveLength(10)
    expect(new Set(granted.map((g) => g.checkoutId)).size).toBe(10)
    expect(denied.map((d) => d.reason)).toEqual(Array(50).fill('no-free-seat'))
    const running = await cluster.server.db
      .select()
      .from(webCheckouts)
      .where(and(eq(webCheckouts.entitlementId, discovery.id), isNull(webCheckouts.endedAt)))
    expect(running).toHaveLength(10)
    const recorded = sql`SELECT count(*) AS n FROM web_transactions WHERE product = 'Ansys Discovery' AND at >= ${since}`
    expect(await count(recorded)).toBe(60)
    expect(await count(sql`${recorded} AND outcome = 'granted'`)).toBe(10)
    expect(await count(sql`${recorded} AND outcome = 'denied' AND reason = 'no-free-seat'`)).toBe(50)
  }, 60_000)

  it('grant a named seat’s holder on every machine at once and refuse the non-holder every time', async () => {
    const replies = await Promise.all(
      Array.from({ length: 24 }, (_, n) => checkout(n, n % 2 === 0 ? HOLDER : NOT_HOLDER, 'Ansys Mechanical')),
    )
    const outcomes = replies.map((r, n) => {
      const data = r.body.data
      return [n % 2 === 0 ? 'holder' : 'other', r.http, data?.outcome === 'denied' ? data.reason : data?.outcome]
    })
    expect(outcomes.filter(([who]) => who === 'holder')).toEqual(Array(12).fill(['holder', 200, 'granted']))
    expect(outcomes.filter(([who]) => who === 'other')).toEqual(Array(12).fill(['other', 200, 'not-named-user']))
    const running = (
      email: string,
    ) => sql`SELECT count(*) AS n FROM web_checkouts JOIN entitlements e ON e.id = entitlement_id
      WHERE e.account_id = ${ACME} AND e.product = 'Ansys Mechanical' AND user_email = ${email} AND ended_at IS NULL`
    expect(await count(running(HOLDER))).toBe(12)
    expect(await count(running(NOT_HOLDER))).toBe(0)
  }, 60_000)
})
