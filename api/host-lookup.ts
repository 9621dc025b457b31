/**
 * Finding the host a request names by its ids and types (spec 3 section 5: the
 * host id checks run first, in the spec's order, with the spec's words), and the
 * host as the activation calls answer it.
 */
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { hostAccounts, hosts } from '../db/tables'
import { checkHostIds, hostIdentifier, type HostIds } from '../app/domain/host-id'
import { readHostNames } from '../app/domain/add-host'
import { BORROWABLE_FIELD, type HostRef, type HostState, type ServerSummary } from '../app/domain/activation-types'
import type { Tx } from './audit-log'
import { badRequest, notFound } from './envelope'

export type Host = typeof hosts.$inferSelect

/** The checked ids of a request's host, or a 400 with the first failed check's message. */
export function requireHostIds(ref: Partial<HostRef>): HostIds {
  const checked = checkHostIds(ref.serverId, ref.serverIdType)
  if (!checked.ok) throw badRequest(checked.message)
  return checked.host
}

/** The checked name(s) and ids of a host a request adds or moves to: a 400 with the first failed check's message. */
export function requireNewHost(input: { serverName: string; serverId?: string | null; serverIdType?: string | null }): {
  name: string
  ids: HostIds
} {
  const named = readHostNames(input.serverName, (input.serverId ?? '').split(',').length)
  if (!named.ok) throw badRequest(named.message)
  const ids = requireHostIds({ serverId: input.serverId ?? undefined, serverIdType: input.serverIdType ?? undefined })
  return { name: named.names.join(','), ids }
}

/** A new ACTIVE host with these ids. */
export async function insertHost(
  tx: Tx | Db,
  { name, ids, port, borrowable }: { name: string; ids: HostIds; port: number; borrowable: number },
): Promise<Host> {
  return (
    await tx
      .insert(hosts)
      .values({
        name,
        hostIds: ids.ids.join(','),
        hostIdTypes: ids.ids.map(() => ids.type).join(','),
        identifier: hostIdentifier(ids),
        port,
        state: 'ACTIVE',
        triad: ids.ids.length === 3 ? 1 : 0,
        borrowable,
        createdAt: Date.now(),
      })
      .returning()
  )[0]
}

/** The host with these ids, whoever uses it. */
export async function findHost(tx: Tx | Db, ids: HostIds): Promise<Host | undefined> {
  return (
    await tx
      .select()
      .from(hosts)
      .where(eq(hosts.identifier, hostIdentifier(ids)))
  )[0]
}

/** The host a request names, if it is in the customer's shared-server group; 404 otherwise. */
export async function requireCustomerHost(tx: Tx | Db, accountId: string, ref: Partial<HostRef>): Promise<Host> {
  const host = await findHost(tx, requireHostIds(ref))
  if (!host || !(await hostCustomers(tx, host.id)).includes(accountId)) {
    throw notFound(`Server ${ref.serverId ?? ''} is not a licence server of customer ${accountId}`)
  }
  return host
}

/** The customer numbers of a host's shared-server group. */
export async function hostCustomers(tx: Tx | Db, hostId: number): Promise<string[]> {
  return (
    await tx.select({ accountId: hostAccounts.accountId }).from(hostAccounts).where(eq(hostAccounts.hostId, hostId))
  )
    .map((r) => r.accountId)
    .sort()
}

/** A host as the calls answer it, with the customers of its group the caller may see. */
export function serverSummary(host: Host, customers: string[]): ServerSummary {
  return {
    id: host.id,
    name: host.name,
    state: host.state as HostState,
    serverId: host.hostIds,
    serverIdType: host.hostIdTypes,
    portNumber: host.port,
    triad: host.triad === 1,
    [BORROWABLE_FIELD]: host.borrowable === 1,
    customers,
  }
}
