/**
 * What the activation tests share: the demo hosts as requests name them, the
 * create and return bodies, the database's own sum of active fulfilments and
 * newest audit record, and a licence file's lines read back.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { first } from '../../../db/query'
import { auditLog, entitlements, fulfillments, hostAccounts } from '../../../db/tables'
import { DEMO_HOSTS } from '../../../db/seed-hosts'
import type { FulfillmentOperation, HostRef } from '../../../app/domain/activation-types'

/** A demo host by its seed key, as a request names it. */
export function demoHost(key: string): HostRef & { name: string } {
  const host = DEMO_HOSTS.find((h) => h.key === key)
  if (!host) throw new Error(`no demo host ${key}`)
  return { serverId: host.ids.join(','), serverIdType: host.ids.map(() => host.idType).join(','), name: host.name }
}

export function operations(activations: Record<string, number>): FulfillmentOperation[] {
  return Object.entries(activations).map(([id, count]) => ({ id, count }))
}

/** A create or return body without its customer number. */
export function fulfillmentFields(host: HostRef, activations: Record<string, number>) {
  return {
    customerName: 'ignored',
    time: new Date().toISOString(),
    action: 'EDIT',
    serverId: host.serverId,
    serverIdType: host.serverIdType,
    activations: operations(activations),
  }
}

export function fulfillmentBody(customerNumber: string, host: HostRef, activations: Record<string, number>) {
  return { customerNumber, ...fulfillmentFields(host, activations) }
}

/** The sum of an entitlement's ACTIVE fulfilments, read from the database (all hosts, or one host's id). */
export async function activeSum(db: Db, activationId: string, hostId?: number): Promise<number> {
  const row = await first(
    db
      .select({ total: sql<number>`coalesce(sum(${fulfillments.count}), 0)` })
      .from(fulfillments)
      .innerJoin(entitlements, eq(entitlements.id, fulfillments.entitlementId))
      .where(
        and(
          eq(entitlements.activationId, activationId),
          eq(fulfillments.status, 'ACTIVE'),
          hostId === undefined ? undefined : eq(fulfillments.hostId, hostId),
        ),
      ),
  )
  return Number(row?.total ?? 0)
}

/** The newest audit record of those `where` keeps (all when none is given). */
export async function lastAudit(db: Db, where?: SQL) {
  return (await db.select().from(auditLog).where(where).orderBy(asc(auditLog.id))).at(-1)!
}

/** A licence file's logical lines: continued lines joined back into one. */
export function licenseLines(text: string): string[] {
  return text.replace(/ \\\n\t/g, ' ').split('\n')
}

/** The INCREMENT line of an activation id (its SN=), or undefined. */
export function incrementOf(text: string, activationId: string): string | undefined {
  return licenseLines(text).find((l) => l.startsWith('INCREMENT ') && l.includes(` SN=${activationId} `))
}

/** The text without its issue day, which is all that may change between two generations. */
export function withoutIssueDay(text: string): string {
  return text
    .replace(/ISSUED=\S+/g, 'ISSUED=')
    .replace(/^# Issued [^;]+;/m, '# Issued;')
    .replace(/SIGN="[^"]*"/g, 'SIGN=')
}

/** The customers whose group holds the host (its shared-server group), in order. */
export async function sharedServerGroup(db: Db, hostId: number): Promise<string[]> {
  const rows = await db
    .select({ accountId: hostAccounts.accountId })
    .from(hostAccounts)
    .where(eq(hostAccounts.hostId, hostId))
  return rows.map((r) => r.accountId).sort()
}
