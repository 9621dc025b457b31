/**
 * The named seat limit under concurrency: three API processes on one database file (as a
 * cluster of workers) give seats of one named entitlement at once, directly, through a group
 * and through the matrix; its holders never outnumber its seats, and of several matrix changes
 * made from the same view exactly one wins.
 */
import { sql, type SQL } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rawAll } from '../../db/raw'
import { demoActivationId } from '../../db/seed-entitlements'
import { WEB_KEYS } from '../../db/seed-web'
import { getAccessToken } from '../support/tokens'
import { apiClient } from './support/server'
import { useApiCluster } from './support/api-processes'

const cluster = useApiCluster()
const ACME = '1000001'
const FLUENT = demoActivationId(WEB_KEYS.acmeFluent)
const MECHANICAL = demoActivationId(WEB_KEYS.acmeMechanical)

const q = <T>(query: SQL) => rawAll<T>(cluster.server.db, query)

async function clients() {
  const token = await getAccessToken(cluster.server.url, 'admin@acme.example')
  return cluster.urls.map((url) => apiClient(url, token))
}

/** Acme's users in no group but All Users and with no named seat: free to be given one. */
function freeUsers(n: number) {
  return q<{ id: number; email: string }>(
    sql`SELECT u.id, u.email FROM web_users u WHERE u.account_id = '1000001'
       AND (SELECT count(*) FROM web_group_members m WHERE m.user_id = u.id) = 1
       AND NOT EXISTS (SELECT 1 FROM web_assignments a WHERE a.user_id = u.id)
     ORDER BY u.id LIMIT ${n}`,
  )
}

async function detail(activationId: string) {
  const [api] = await clients()
  const r = await api.post<{ entitlement: { seats: number; holders: number }; seats: { id: number }[] }>(
    '/web/entitlement',
    { customerNumber: ACME, activationId },
  )
  return r.body.data!
}

describe('named seats given by three processes at once', () => {
  it('never holds more people than seats, whether by seat or by group membership', async () => {
    const apis = await clients()
    const start = await detail(FLUENT)
    expect(start.entitlement).toMatchObject({ seats: 12, holders: 8 })
    const users = await freeUsers(12)
    expect(users).toHaveLength(12)
    const [simulation] = await q<{ id: number }>(
      sql`SELECT id FROM web_groups WHERE account_id = '1000001' AND name = 'Simulation'`,
    )
    const replies = await Promise.all(
      users.map((u, i) =>
        i % 2 === 0
          ? apis[i % 3].post('/web/assignments/users', {
              customerNumber: ACME,
              activationId: FLUENT,
              emails: [u.email],
            })
          : apis[i % 3].post('/web/groups/members/add', {
              customerNumber: ACME,
              groupId: simulation.id,
              emails: [u.email],
            }),
      ),
    )
    const statuses = replies.map((r) => r.http)
    expect(statuses.filter((s) => s === 200)).toHaveLength(4)
    expect(statuses.filter((s) => s === 400)).toHaveLength(8)
    for (const r of replies.filter((r) => r.http === 400))
      expect(r.body.err).toMatch(/^Ansys Fluent - Named User has 12 seats: 12 are held/)
    expect((await detail(FLUENT)).entitlement).toMatchObject({ seats: 12, holders: 12 })
  }, 60_000)

  it('lets exactly one of several matrix changes made from the same view through', async () => {
    const apis = await clients()
    const { seats } = await detail(MECHANICAL)
    const previous = seats.map((s) => s.id)
    const candidates = await freeUsers(6)
    const replies = await Promise.all(
      candidates.map((u, i) =>
        apis[i % 3].post('/web/assignments/matrix', {
          customerNumber: ACME,
          activationId: MECHANICAL,
          holders: [...previous.slice(1), u.id],
          previous,
        }),
      ),
    )
    const statuses = replies.map((r) => r.http).sort()
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409])
    const after = await detail(MECHANICAL)
    expect(after.entitlement.holders).toBe(5)
    const winner = candidates[replies.findIndex((r) => r.http === 200)]
    expect(after.seats.map((s) => s.id).sort()).toEqual([...previous.slice(1), winner.id].sort())
  }, 60_000)
})
