/**
 * API: licence hosts (spec 3 sections 4, 5 and 7). A customer's hosts (those of
 * its shared-server groups), adding one (the host name and host id checks, then
 * the duplicate and reactivation rules), the customers of a host's group the
 * caller is shown and whether others would drop out of its file, the account
 * lists of the editor's customer tabs and search, and the fulfilment history of
 * hosts for Manage Activations.
 */
import { mapInOrder } from '../db/in-order'
import { transact } from '../db/transact'
import { and, eq, inArray, or } from 'drizzle-orm'
import type { Db } from '../db/client'
import { entitlements, fulfillments, hostAccounts, hosts } from '../db/tables'
import { addHostDecision, compareServers } from '../app/domain/add-host'
import { DEFAULT_PORT, hostIdentifier } from '../app/domain/host-id'
import type {
  AccountRef,
  AddServerResult,
  HistoryFulfillment,
  HostHistory,
  HostState,
  ServerSummary,
} from '../app/domain/activation-types'
import type { ApiUser } from './auth'
import { requireCustomerAccess } from './access'
import { accountList } from './accounts'
import { hostGroup, requireActivationAccess, shownNumbers } from './activation-access'
import { recordAudit, type Tx } from './audit-log'
import type { CallTable } from './call-table'
import type { ParsedInput } from './contract/define'
import { hostCalls as declared, MAX_ACCOUNTS } from './contract/hosts'
import { ApiError, notFound, withToken } from './envelope'
import {
  findHost,
  hostCustomers,
  insertHost,
  requireCustomerHost,
  requireNewHost,
  serverSummary,
  type Host,
} from './host-lookup'
import { listPage } from './list-engine'
import type { ApiDeps } from './index'

/** The host of a host-scoped call in the customer's group, found by `hostId` and `hostIdType`. */
export async function requireGroupHost(
  tx: Tx | Db,
  accountId: string,
  input: { hostId?: string | null; hostIdType?: string | null },
) {
  return await requireCustomerHost(tx, accountId, {
    serverId: input.hostId ?? undefined,
    serverIdType: input.hostIdType ?? undefined,
  })
}

/** The customer's hosts: every host whose shared-server group it belongs to, in the spec's order. */
async function customerServers(db: Db, user: ApiUser, accountId: string): Promise<ServerSummary[]> {
  const rows = await db
    .select({ host: hosts })
    .from(hostAccounts)
    .innerJoin(hosts, eq(hosts.id, hostAccounts.hostId))
    .where(eq(hostAccounts.accountId, accountId))
  const summaries = await mapInOrder(rows, async ({ host }) =>
    serverSummary(host, shownNumbers(await hostGroup(db, db, user, host.id))),
  )
  return summaries.sort(compareServers)
}

async function addServer(
  db: Db,
  user: ApiUser,
  input: ParsedInput<typeof declared.addServer>,
): Promise<AddServerResult> {
  const { account } = await requireActivationAccess(db, user, input.customerNumber, { write: true })
  const { name, ids } = requireNewHost(input)
  const identifier = hostIdentifier(ids)
  return await transact(db, async (tx) => {
    const existing = await findHost(tx, ids)
    const decision = addHostDecision(
      existing && { ...existing, deleted: (await hostCustomers(tx, existing.id)).length === 0 },
      name,
    )
    if (decision.kind === 'refuse') throw new ApiError(409, decision.message)
    let host: Host
    if (existing && decision.kind === 'reactivate') {
      host = (
        await tx
          .update(hosts)
          .set({ name, state: 'ACTIVE', port: input.portNumber ?? existing.port })
          .where(eq(hosts.id, existing.id))
          .returning()
      )[0]
    } else {
      host = await insertHost(tx, { name, ids, port: input.portNumber ?? DEFAULT_PORT, borrowable: 0 })
    }
    await tx.insert(hostAccounts).values({ hostId: host.id, accountId: account.accountId }).onConflictDoNothing()
    const before = existing && { name: existing.name, state: existing.state, port: existing.port }
    await recordAudit(tx, {
      actorEmail: user.email,
      accountId: account.accountId,
      area: 'hosts',
      action: existing ? 'reactivate host' : 'add host',
      before: before ?? null,
      after: { name: host.name, identifier, state: host.state, port: host.port },
    })
    return {
      server: serverSummary(host, shownNumbers(await hostGroup(db, tx, user, host.id))),
      reactivated: decision.kind === 'reactivate',
    }
  })
}

/** The action of a return in a host's history. */
export const RETURN_ACTION = 'RETURN'

/** The fulfilment history of the customer's hosts: each fulfilment, and its return when it was returned. */
async function hostHistory(db: Db, user: ApiUser, input: ParsedInput<typeof declared.history>): Promise<HostHistory[]> {
  const { account } = await requireActivationAccess(db, user, input.customerNumber)
  const accountId = account.accountId
  const ids = input.hostIds
  // The customer's hosts among those named: in its group, or carrying its (returned) fulfilments.
  const found = await db
    .selectDistinct({ host: hosts })
    .from(hosts)
    .leftJoin(hostAccounts, and(eq(hostAccounts.hostId, hosts.id), eq(hostAccounts.accountId, accountId)))
    .leftJoin(fulfillments, and(eq(fulfillments.hostId, hosts.id), eq(fulfillments.accountId, accountId)))
    .where(
      and(inArray(hosts.id, ids), or(eq(hostAccounts.accountId, accountId), eq(fulfillments.accountId, accountId))),
    )
  const byId = new Map(found.map(({ host }) => [host.id, host]))
  const missing = ids.find((id) => !byId.has(id))
  if (missing !== undefined) throw notFound(`Server ${missing} is not a licence server of customer ${accountId}`)
  const rows = await db
    .select({
      hostId: fulfillments.hostId,
      fulfillmentId: fulfillments.fulfillmentId,
      count: fulfillments.count,
      action: fulfillments.action,
      modifiedBy: fulfillments.modifiedBy,
      fulfilledAt: fulfillments.fulfilledAt,
      returnedAt: fulfillments.returnedAt,
      returnedBy: fulfillments.returnedBy,
      activationId: entitlements.activationId,
      productName: entitlements.productName,
      startDate: entitlements.startDate,
      endDate: entitlements.endDate,
    })
    .from(fulfillments)
    .innerJoin(entitlements, eq(entitlements.id, fulfillments.entitlementId))
    .where(and(inArray(fulfillments.hostId, ids), eq(fulfillments.accountId, accountId)))
  const events = new Map<number, HistoryFulfillment[]>(ids.map((id) => [id, []]))
  for (const row of rows) {
    const base = {
      FulfillmentID: row.fulfillmentId,
      ActivationId: row.activationId,
      ProductName: row.productName,
      customerNumber: accountId,
      StartDate: row.startDate,
      EndDate: row.endDate ?? '',
    }
    const list = events.get(row.hostId)!
    list.push({
      ...base,
      FulfillCount: row.count,
      time: row.fulfilledAt,
      modifiedby: row.modifiedBy,
      action: row.action,
    })
    if (row.returnedAt !== null) {
      list.push({
        ...base,
        FulfillCount: -row.count,
        time: row.returnedAt,
        modifiedby: row.returnedBy ?? row.modifiedBy,
        action: RETURN_ACTION,
      })
    }
  }
  return ids.map((id) => {
    const host = byId.get(id)!
    return {
      serverId: host.hostIds,
      serverIdType: host.hostIdTypes,
      name: host.name,
      state: host.state as HostState,
      fulfillments: events.get(id)!.sort(byTime),
    }
  })
}

/** Oldest first; at one time, by fulfilment, an activation before its return. */
const byTime = (a: HistoryFulfillment, b: HistoryFulfillment) =>
  a.time - b.time ||
  (a.FulfillmentID < b.FulfillmentID ? -1 : a.FulfillmentID > b.FulfillmentID ? 1 : 0) ||
  b.FulfillCount - a.FulfillCount

export function hostCalls(calls: CallTable, { db }: ApiDeps) {
  calls.implement(declared.servers, async ({ input, user }) => {
    const { account } = await requireActivationAccess(db, user, input.customerNumber)
    return await customerServers(db, user, account.accountId)
  })

  calls.implement(declared.addServer, async ({ input, user }) => await addServer(db, user, input))

  calls.implement(declared.hostCustomers, async ({ input, user }) => {
    const { account } = await requireActivationAccess(db, user, input.customerNumber)
    return (await hostGroup(db, db, user, (await requireGroupHost(db, account.accountId, input)).id)).shown
  })

  calls.implement(declared.override, async ({ input, user }) => {
    const { account } = await requireActivationAccess(db, user, input.customerNumber)
    return {
      warn:
        (await hostGroup(db, db, user, (await requireGroupHost(db, account.accountId, input)).id)).unseen.length > 0,
    }
  })

  calls.implement(declared.history, async ({ input, user }) => await hostHistory(db, user, input))

  calls.implement(declared.accounts, async ({ input, user }) => {
    if (input.customerNumber !== undefined) await requireCustomerAccess(db, user, input.customerNumber)
    return (await listPage<AccountRef>(accountList(db, user), { limit: input.limit })).rows
  })

  calls.implement(declared.customerAccounts, async ({ input, user }) => {
    const page = await listPage<AccountRef>(accountList(db, user), { ...input, limit: input.limit ?? MAX_ACCOUNTS })
    return withToken(page.rows, page.token)
  })
}
