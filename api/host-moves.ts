/**
 * API: Manage Activations' host actions (spec 3 "Deactivate", "Rehost" and
 * "Confirmation modes"), each all or nothing in one immediate transaction:
 *
 * POST /fulfillments/servers/deactivate {customerNumber, hostId, hostIdType}
 *      every active fulfilment on the host returned, the host INACTIVE
 * POST /fulfillments/servers/rehost {customerNumber, hostId, hostIdType, serverName, serverId, serverIdType}
 *      the old host's fulfilments returned and the host INACTIVE; the new host (added, or the
 *      existing host of the identifier reused) ACTIVE with the same counts and borrowable flag,
 *      and the moved customers in its shared-server group
 * POST /fulfillments/servers/remove {customerNumber, hostId, hostIdType}
 *      an inactive host deleted from the customer's hosts (its history stays)
 *
 * A host action changes every customer of the host the caller is shown, so it
 * needs the right to change each of those with activations there; a host that
 * also holds activations of customers the caller may not see (or under export
 * control) is refused, never half moved. Any refusal or failure rolls the whole
 * action back. Each customer whose activations moved gets an audit record.
 */
import { transact } from '../db/transact'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { entitlements, fulfillments, hostAccounts, hosts } from '../db/tables'
import { todayUtc } from '../app/domain/entitlements'
import { createRefusal } from '../app/domain/activation-rules'
import { HOST_ACTION_MESSAGES, hostMovePlan, rehostTarget, type HostActivation } from '../app/domain/host-actions'
import type { HostMoveResult, ServerSummary } from '../app/domain/activation-types'
import { customerEntitlement, activeTotal } from './activation-rows'
import { hostGroup, requireActivationAccess, shownNumbers } from './activation-access'
import { recordAudit, type Tx } from './audit-log'
import type { ApiUser } from './auth'
import type { CallTable } from './call-table'
import type { ParsedInput } from './contract/define'
import { hostCalls as declared, type HostCall } from './contract/hosts'
import { ApiError } from './envelope'
import { newFulfillmentId } from './fulfillments'
import { findHost, insertHost, requireNewHost, serverSummary, type Host } from './host-lookup'
import { requireGroupHost } from './hosts'
import type { ApiDeps } from './index'

const conflict = (message: string) => new ApiError(409, message)

interface OnHost extends HostActivation {
  fulfillmentRecordId: number
}

/** Every active fulfilment on the host, whoever's, with what the move rules read. */
async function activeOnHost(tx: Tx, hostId: number): Promise<OnHost[]> {
  return await tx
    .select({
      fulfillmentRecordId: fulfillments.id,
      customerNumber: fulfillments.accountId,
      activationId: entitlements.activationId,
      productName: entitlements.productName,
      count: fulfillments.count,
      endDate: entitlements.endDate,
      versionDate: entitlements.versionDate,
    })
    .from(fulfillments)
    .innerJoin(entitlements, eq(entitlements.id, fulfillments.entitlementId))
    .where(and(eq(fulfillments.hostId, hostId), eq(fulfillments.status, 'ACTIVE')))
}

/** Counts per customer and activation id, as the audit records show them. */
function countsByCustomer(active: readonly { customerNumber: string; activationId: string; count: number }[]) {
  const counts: Record<string, Record<string, number>> = {}
  for (const a of active) {
    const mine = (counts[a.customerNumber] ??= {})
    mine[a.activationId] = (mine[a.activationId] ?? 0) + a.count
  }
  return counts
}

interface MoveStart {
  host: Host
  active: OnHost[]
  /** The customers with activations on the host, all of whom the caller may change. */
  customers: string[]
}

/**
 * The checks every move of an active host makes first, inside its transaction:
 * the host is the customer's and ACTIVE, its activations are all of customers
 * the caller is shown and may change, and no lapsed maintenance blocks them.
 */
async function startMove(
  db: Db,
  tx: Tx,
  user: ApiUser,
  accountId: string,
  input: HostCall,
  today: string,
): Promise<MoveStart> {
  const host = await requireGroupHost(tx, accountId, input)
  if (host.state !== 'ACTIVE') throw conflict(HOST_ACTION_MESSAGES.notActive)
  const shown = new Set(shownNumbers(await hostGroup(db, tx, user, host.id)))
  const active = await activeOnHost(tx, host.id)
  if (active.some((a) => !shown.has(a.customerNumber))) throw conflict(HOST_ACTION_MESSAGES.othersActive(host.name))
  const customers = [...new Set(active.map((a) => a.customerNumber))].sort()
  for (const customer of customers) await requireActivationAccess(db, user, customer, { write: true })
  const { blocked } = hostMovePlan(active, today)
  if (blocked.length > 0) throw conflict(HOST_ACTION_MESSAGES.maintenanceExpired(blocked))
  return { host, active, customers }
}

/** Returns every fulfilment of `active` (they are then in the host's history as returns). */
async function returnAll(tx: Tx, user: ApiUser, active: readonly OnHost[], now: number) {
  if (active.length === 0) return
  await tx
    .update(fulfillments)
    .set({ status: 'INACTIVE', returnedAt: now, returnedBy: user.email })
    .where(
      inArray(
        fulfillments.id,
        active.map((a) => a.fulfillmentRecordId),
      ),
    )
}

const setState = async (tx: Tx, hostId: number, state: 'ACTIVE' | 'INACTIVE') =>
  (await tx.update(hosts).set({ state }).where(eq(hosts.id, hostId)).returning())[0]

const summary = async (db: Db, tx: Tx, user: ApiUser, host: Host): Promise<ServerSummary> =>
  serverSummary(host, shownNumbers(await hostGroup(db, tx, user, host.id)))

async function deactivate(db: Db, user: ApiUser, input: HostCall): Promise<HostMoveResult> {
  const { account } = await requireActivationAccess(db, user, input.customerNumber, { write: true })
  const today = todayUtc()
  return await transact(db, async (tx) => {
    const { host, active, customers } = await startMove(db, tx, user, account.accountId, input, today)
    const now = Date.now()
    await returnAll(tx, user, active, now)
    const after = await setState(tx, host.id, 'INACTIVE')
    const counts = countsByCustomer(active)
    for (const customer of new Set([account.accountId, ...customers])) {
      await recordAudit(tx, {
        actorEmail: user.email,
        accountId: customer,
        area: 'hosts',
        action: 'deactivate host',
        before: { host: host.identifier, state: host.state, activations: counts[customer] ?? {} },
        after: { host: host.identifier, state: after.state, activations: {} },
      })
    }
    return { from: await summary(db, tx, user, after), to: null, returned: active.length, created: 0 }
  })
}

async function rehost(db: Db, user: ApiUser, input: ParsedInput<typeof declared.rehost>): Promise<HostMoveResult> {
  const { account } = await requireActivationAccess(db, user, input.customerNumber, { write: true })
  const { name, ids } = requireNewHost(input)
  const today = todayUtc()
  return await transact(db, async (tx) => {
    const { host: old, active, customers } = await startMove(db, tx, user, account.accountId, input, today)
    const existing = await findHost(tx, ids)
    const target = rehostTarget(old.id, existing, name)
    if (target.kind === 'refuse') throw conflict(target.message)
    const now = Date.now()

    await returnAll(tx, user, active, now)
    const oldAfter = await setState(tx, old.id, 'INACTIVE')

    let host: Host
    if (existing && target.kind === 'reuse') {
      // An inactive host is reactivated under the new name; an active one (another name) keeps its own.
      host = (
        await tx
          .update(hosts)
          .set({ state: 'ACTIVE', borrowable: old.borrowable, ...(existing.state === 'ACTIVE' ? {} : { name }) })
          .where(eq(hosts.id, existing.id))
          .returning()
      )[0]
    } else {
      host = await insertHost(tx, { name, ids, port: old.port, borrowable: old.borrowable })
    }

    const { moved } = hostMovePlan(active, today)
    let created = 0
    for (const m of moved) {
      const e = (await customerEntitlement(tx, m.customerNumber, m.activationId))!
      const refusal = createRefusal({ ...e, activeTotal: await activeTotal(tx, e.id) }, m.count, today)
      if (refusal) throw conflict(refusal)
      await tx.insert(fulfillments).values({
        fulfillmentId: newFulfillmentId(),
        entitlementId: e.id,
        hostId: host.id,
        accountId: m.customerNumber,
        count: m.count,
        status: 'ACTIVE',
        action: 'REHOST',
        modifiedBy: user.email,
        fulfilledAt: now,
      })
      created++
    }
    for (const customer of new Set([account.accountId, ...customers])) {
      await tx.insert(hostAccounts).values({ hostId: host.id, accountId: customer }).onConflictDoNothing()
    }

    const counts = countsByCustomer(moved)
    for (const customer of new Set([account.accountId, ...customers])) {
      await recordAudit(tx, {
        actorEmail: user.email,
        accountId: customer,
        area: 'hosts',
        action: 'rehost',
        before: { host: old.identifier, state: old.state, activations: counts[customer] ?? {} },
        after: {
          host: host.identifier,
          name: host.name,
          reused: target.kind === 'reuse',
          oldHostState: oldAfter.state,
          activations: counts[customer] ?? {},
        },
      })
    }
    return {
      from: await summary(db, tx, user, oldAfter),
      to: await summary(db, tx, user, host),
      returned: active.length,
      created,
    }
  })
}

async function remove(db: Db, user: ApiUser, input: HostCall): Promise<HostMoveResult> {
  const { account } = await requireActivationAccess(db, user, input.customerNumber, { write: true })
  return await transact(db, async (tx) => {
    const host = await requireGroupHost(tx, account.accountId, input)
    if (host.state !== 'INACTIVE') throw conflict(HOST_ACTION_MESSAGES.notInactive)
    await tx
      .delete(hostAccounts)
      .where(and(eq(hostAccounts.hostId, host.id), eq(hostAccounts.accountId, account.accountId)))
    await recordAudit(tx, {
      actorEmail: user.email,
      accountId: account.accountId,
      area: 'hosts',
      action: 'delete host',
      before: { host: host.identifier, name: host.name, state: host.state },
      after: null,
    })
    return { from: await summary(db, tx, user, host), to: null, returned: 0, created: 0 }
  })
}

export function hostMoveCalls(calls: CallTable, { db }: ApiDeps) {
  calls.implement(declared.deactivate, async ({ input, user }) => await deactivate(db, user, input))
  calls.implement(declared.rehost, async ({ input, user }) => await rehost(db, user, input))
  calls.implement(declared.remove, async ({ input, user }) => await remove(db, user, input))
}
