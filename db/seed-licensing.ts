/**
 * The demo step of the licensing model: entitlements, the usage sessions behind
 * each elastic entitlement's Used (set from their sum, the one source), the hosts
 * and the fulfilments behind Total Activated, and one low-balance threshold.
 */
import { eq, sql } from 'drizzle-orm'
import { todayUtc } from '../app/domain/entitlements'
import type { DemoStep } from './seed'
import { entitlements, fulfillments, hostAccounts, hosts, lowBalanceAlerts, usageSessions } from './tables'
import { demoEntitlements, ELASTIC_KEYS } from './seed-entitlements'
import { demoUsage } from './seed-usage'
import { countSessions } from './usage-aggregates'
import { DEMO_HOSTS, demoFulfillments, hostRow } from './seed-hosts'

const BATCH = 500

function chunks<T>(list: T[], size = BATCH): T[][] {
  return Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size))
}

/** Acme's steady entitlement carries a low-balance threshold its remaining is still above. */
export const DEMO_THRESHOLD = { key: ELASTIC_KEYS.acmeSteady, threshold: 5_000, setBy: 'admin@acme.example' }

export function licensingStep(now: Date = new Date()): DemoStep {
  return {
    name: 'entitlements, usage sessions, hosts and fulfilments',
    run: async ({ tx }) => {
      const today = todayUtc(now)
      const list = demoEntitlements(today)
      const sessions = demoUsage(list, now.getTime())
      const entitlementIds = new Map<string, number>()
      const activationIds = new Map(list.map((e) => [e.key, e.activationId]))
      for (const batch of chunks(list)) {
        const rows = await tx
          .insert(entitlements)
          .values(batch.map(({ key: _key, ...row }) => row))
          .returning({ id: entitlements.id, activationId: entitlements.activationId })
        rows.forEach((row, i) => entitlementIds.set(batch[i].key, row.id))
      }
      for (const batch of chunks(sessions, 400)) {
        await tx.insert(usageSessions).values(
          batch.map(({ entitlementKey, ...s }) => ({
            ...s,
            entitlementId: entitlementIds.get(entitlementKey)!,
            activationId: activationIds.get(entitlementKey)!,
          })),
        )
      }
      await countSessions(
        tx,
        sessions.map((s) => ({ ...s, entitlementId: entitlementIds.get(s.entitlementKey)!, charge: s.charge ?? 0 })),
      )
      await tx
        .update(entitlements)
        .set({
          used: sql`(SELECT coalesce(sum(${usageSessions.charge}), 0) FROM ${usageSessions} WHERE ${usageSessions.entitlementId} = ${entitlements.id})`,
        })
        .where(eq(entitlements.type, 'ELASTIC'))

      const hostIds = new Map<string, number>()
      for (const host of DEMO_HOSTS) {
        const { id } = (await tx.insert(hosts).values(hostRow(host, now.getTime())).returning({ id: hosts.id }))[0]
        hostIds.set(host.key, id)
        await tx.insert(hostAccounts).values(host.accounts.map((accountId) => ({ hostId: id, accountId })))
      }
      const rows = demoFulfillments(list, today, now.getTime()).map(({ entitlementKey, hostKey, ...f }) => ({
        ...f,
        entitlementId: entitlementIds.get(entitlementKey)!,
        hostId: hostIds.get(hostKey)!,
      }))
      for (const batch of chunks(rows)) await tx.insert(fulfillments).values(batch)

      await tx.insert(lowBalanceAlerts).values({
        entitlementId: entitlementIds.get(DEMO_THRESHOLD.key)!,
        threshold: DEMO_THRESHOLD.threshold,
        setBy: DEMO_THRESHOLD.setBy,
        setAt: now.getTime(),
      })
    },
  }
}
