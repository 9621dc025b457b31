/**
 * Usage sessions recorded by several API processes on one database file at once,
 * as the licence servers' reports arrive: every one is stored, the entitlement's
 * Used stays the sum of its sessions' charges, and the low-balance threshold that
 * the burst crosses gets exactly one e-mail.
 */
import { describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { auditLog, emails, entitlements, usageSessions } from '../../db/tables'
import { first } from '../../db/query'
import { demoActivationId, ELASTIC_KEYS } from '../../db/seed-entitlements'
import { lowBalanceSubject } from '../../api/elastic-credit'
import { remainingAmount } from '../../app/domain/entitlements'
import { getAccessToken } from '../support/tokens'
import { apiClient } from './support/server'
import { useApiCluster } from './support/api-processes'

const cluster = useApiCluster()
const ACTIVATION = demoActivationId(ELASTIC_KEYS.acmeQuiet)
const ROUNDS = 3
const PER_PROCESS = 6

const entitlement = async () =>
  (await first(cluster.server.db.select().from(entitlements).where(eq(entitlements.activationId, ACTIVATION))))!

describe('sessions recorded from several processes at once', () => {
  it('keeps Used the sum of the charges and writes the threshold e-mail once', async () => {
    const urls = cluster.urls
    const busops = urls.map(async (url) =>
      apiClient(url, await getAccessToken(cluster.server.url, 'busops@vendor.example')),
    )
    const clients = await Promise.all(busops)
    const admin = apiClient(cluster.server.url, await getAccessToken(cluster.server.url, 'admin@acme.example'))

    const start = await entitlement()
    const remaining = remainingAmount(start.quantity, start.used)
    // Each session (one hour of Mechanical Enterprise) costs 8.5; the burst costs 459 and crosses it halfway.
    const threshold = Math.floor(remaining - 230)
    const set = await admin.post('/entitlements/threshold', {
      customerNumber: '1000001',
      activationId: ACTIVATION,
      threshold,
    })
    expect(set.http).toBe(200)

    const charges: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const end = Date.now() - 60_000
      const replies = await Promise.all(
        clients.flatMap((client, p) =>
          Array.from({ length: PER_PROCESS }, (_, i) =>
            client.post<{ charge: number }>('/usage/sessions', {
              customerNumber: '1000001',
              activationId: ACTIVATION,
              startTime: new Date(end - 3_600_000).toISOString(),
              endTime: new Date(end).toISOString(),
              product: 'Ansys Mechanical Enterprise',
              user: `load-${p}-${i}`,
              host: `acme-ws-0${p}`,
            }),
          ),
        ),
      )
      expect(replies.map((r) => r.http)).toEqual(replies.map(() => 200))
      charges.push(...replies.map((r) => r.body.data!.charge))
    }

    const after = await entitlement()
    const sessionSum = (await first(
      cluster.server.db
        .select({ sum: sql<number>`sum(${usageSessions.charge})` })
        .from(usageSessions)
        .where(eq(usageSessions.entitlementId, after.id)),
    ))!.sum
    expect(charges).toHaveLength(ROUNDS * PER_PROCESS * urls.length)
    expect(after.used).toBeCloseTo(sessionSum, 6)
    expect(after.used - start.used).toBeCloseTo(
      charges.reduce((a, b) => a + b, 0),
      6,
    )
    expect(remainingAmount(after.quantity, after.used)).toBeLessThanOrEqual(threshold)

    const sent = await cluster.server.db
      .select()
      .from(emails)
      .where(and(eq(emails.accountId, '1000001'), eq(emails.subject, lowBalanceSubject(after))))
    expect(sent).toHaveLength(1)
    const notices = await cluster.server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.area, 'threshold'), eq(auditLog.action, 'notify')))
    expect(notices).toHaveLength(1)
  }, 90_000)
})
