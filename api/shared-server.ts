/**
 * API: a host's shared-server group (spec 3 sections 4 and 7), the customers
 * whose activations its licence file holds. Setting it (the save flow's "Storing
 * shared server group information"), dropping the customers left without
 * activations on it (before a save's creates), and a customer leaving it (removing
 * the host). Only the customers the caller is shown are changed: those it may not
 * see or that are under export control stay as they are, and so does any customer
 * that still has activations on the host. A host left with no customer is INACTIVE.
 */
import { transact } from '../db/transact'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { fulfillments, hostAccounts, hosts } from '../db/tables'
import type { ApiUser } from './auth'
import { requireCustomerAccess } from './access'
import { hostGroup, requireActivationAccess, shownNumbers, type HostGroup } from './activation-access'
import { recordAudit, type Tx } from './audit-log'
import type { CallTable } from './call-table'
import { hostCalls as declared, type HostCall } from './contract/hosts'
import { ApiError } from './envelope'
import { requireGroupHost } from './hosts'
import type { Host } from './host-lookup'
import type { ApiDeps } from './index'

export const SHARED_SERVER_MESSAGES = {
  noActivations: (customer: string) =>
    `Customer ${customer} has no activations on this host, so it cannot share its licence file.`,
  stillActive: (customer: string, host: string) =>
    `Customer ${customer} still has activations on host ${host}. Return them before removing the host.`,
} as const

/** The customers with active fulfilments on the host. */
async function activeCustomers(tx: Tx, hostId: number): Promise<Set<string>> {
  const rows = await tx
    .selectDistinct({ accountId: fulfillments.accountId })
    .from(fulfillments)
    .where(and(eq(fulfillments.hostId, hostId), eq(fulfillments.status, 'ACTIVE')))
  return new Set(rows.map((r) => r.accountId))
}

/** Makes the host's group exactly `members`; a host left with none becomes INACTIVE. */
async function storeGroup(tx: Tx, host: Host, before: HostGroup, members: Set<string>) {
  const current = [...shownNumbers(before), ...before.unseen, ...before.denied]
  const leaving = current.filter((c) => !members.has(c))
  const joining = [...members].filter((c) => !current.includes(c))
  if (leaving.length > 0) {
    await tx.delete(hostAccounts).where(and(eq(hostAccounts.hostId, host.id), inArray(hostAccounts.accountId, leaving)))
  }
  for (const accountId of joining) await tx.insert(hostAccounts).values({ hostId: host.id, accountId })
  if (members.size === 0) await tx.update(hosts).set({ state: 'INACTIVE' }).where(eq(hosts.id, host.id))
}

interface GroupChange {
  db: Db
  user: ApiUser
  input: HostCall
  action: string
  /** The group's members after the change, from the group before it and the customers with activations on the host. */
  members: (before: HostGroup, active: Set<string>, requester: string, host: Host) => Promise<Set<string>>
}

/** One change of a host's group: checked and written in one transaction, with its audit record. */
async function changeGroup({ db, user, input, action, members }: GroupChange) {
  const { account } = await requireActivationAccess(db, user, input.customerNumber, { write: true })
  return await transact(db, async (tx) => {
    const host = await requireGroupHost(tx, account.accountId, input)
    const before = await hostGroup(db, tx, user, host.id)
    const after = await members(before, await activeCustomers(tx, host.id), account.accountId, host)
    await storeGroup(tx, host, before, after)
    const shown = shownNumbers(await hostGroup(db, tx, user, host.id))
    await recordAudit(tx, {
      actorEmail: user.email,
      accountId: account.accountId,
      area: 'hosts',
      action,
      before: { host: host.name, group: shownNumbers(before) },
      after: { host: host.name, group: shown, ...(after.size === 0 ? { state: 'INACTIVE' } : {}) },
    })
    return shown
  })
}

/** The customers a group keeps whatever the caller asks: those it is not shown, and those with activations. */
function kept(before: HostGroup, active: Set<string>): string[] {
  return [...before.unseen, ...before.denied, ...shownNumbers(before).filter((c) => active.has(c))]
}

export function sharedServerCalls(calls: CallTable, { db }: ApiDeps) {
  calls.implement(declared.setGroup, async ({ input, user }) => {
    const shown = await changeGroup({
      db,
      user,
      input,
      action: 'set shared group',
      members: async (before, active, requester) => {
        for (const customer of new Set(input.group)) {
          await requireCustomerAccess(db, user, customer)
          if (customer !== requester && !active.has(customer)) {
            throw new ApiError(409, SHARED_SERVER_MESSAGES.noActivations(customer))
          }
        }
        return new Set([...input.group, ...kept(before, active)])
      },
    })
    return { group: shown }
  })

  calls.implement(declared.deactivateGroup, async ({ input, user }) => {
    const shown = await changeGroup({
      db,
      user,
      input,
      action: 'deactivate shared group',
      members: async (before, active, requester) => new Set([requester, ...kept(before, active)]),
    })
    return { group: shown }
  })

  calls.implement(declared.leaveGroup, async ({ input, user }) => {
    await changeGroup({
      db,
      user,
      input,
      action: 'remove host',
      members: async (before, active, requester, host) => {
        if (active.has(requester)) throw new ApiError(409, SHARED_SERVER_MESSAGES.stillActive(requester, host.name))
        const all = [...shownNumbers(before), ...before.unseen, ...before.denied]
        return new Set(all.filter((c) => c !== requester))
      },
    })
    return { removed: true as const }
  })
}
