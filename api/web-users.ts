/**
 * API: a customer's web licence users: the list, one user (groups, what the user may use
 * and why, running checkouts), adding, changing and removing one. Web users are not
 * portal contacts: a person may use a web licence without portal access.
 *
 * Removing a user ends the user's running checkouts at once (a 'returned' transaction with
 * reason 'user-removed' and its duration; a lease already past its end is recorded as
 * expired at that end instead), and needs `confirm` when it frees a named seat or ends one.
 */
import { transact } from '../db/transact'
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { countWebTransaction } from '../db/web-aggregates'
import {
  entitlements,
  webAssignments,
  webCheckouts,
  webGroupMembers,
  webGroups,
  webTransactions,
  webUsers,
} from '../db/tables'
import { todayUtc } from '../app/domain/entitlements'
import {
  isSeatCurrent,
  removeUserConfirmation,
  WEB_MESSAGES,
  type WebEntitlementType,
} from '../app/domain/web-licenses'
import type { CallTable } from './call-table'
import { webCalls as declared, webLists, type WebUserRow } from './contract/web'
import type { CallReply } from './contract/define'
import { implementList } from './list-calls'
import type { ListSource } from './list-engine'
import type { Account } from './access'
import type { Tx } from './audit-log'
import {
  auditWeb,
  conflict,
  findUser,
  holderIdsSql,
  nameList,
  userColumns,
  webAccess,
  webWrite,
  type Store,
  type WebUser,
} from './web-store'
import type { ApiDeps } from './index'

function userList(db: Db, account: Account): ListSource {
  return {
    columns: userColumns(Date.now()),
    sortColumns: { name: sql`lower(${webUsers.name})` },
    defaultSort: [{ name: 'name', direction: 'asc' }],
    uniqueKey: ['id'],
    query: (fields) => db.select(fields).from(webUsers).$dynamic(),
    scope: eq(webUsers.accountId, account.accountId),
  }
}

const toUserRow = (row: Record<string, unknown>) => ({ ...row, groups: nameList(row.groups) }) as WebUserRow

type UserDetail = CallReply<typeof declared.user>

async function running(store: Store, userId: number, now: number) {
  return (
    await store
      .select({
        id: webCheckouts.id,
        checkoutId: webCheckouts.checkoutId,
        accountId: webCheckouts.accountId,
        entitlementId: webCheckouts.entitlementId,
        product: entitlements.product,
        productName: entitlements.productName,
        userEmail: webCheckouts.userEmail,
        clientHost: webCheckouts.clientHost,
        productVersion: webCheckouts.productVersion,
        startedAt: webCheckouts.startedAt,
        leaseExpiresAt: webCheckouts.leaseExpiresAt,
      })
      .from(webCheckouts)
      .innerJoin(entitlements, eq(entitlements.id, webCheckouts.entitlementId))
      .where(and(eq(webCheckouts.userId, userId), isNull(webCheckouts.endedAt)))
      .orderBy(asc(webCheckouts.startedAt))
  ).filter((c) => now === 0 || c.leaseExpiresAt > now)
}

async function userDetail(store: Store, account: Account, user: WebUser): Promise<UserDetail> {
  const today = todayUtc()
  const groups = await store
    .select({ id: webGroups.id, name: webGroups.name })
    .from(webGroupMembers)
    .innerJoin(webGroups, eq(webGroups.id, webGroupMembers.groupId))
    .where(eq(webGroupMembers.userId, user.id))
    .orderBy(sql`lower(${webGroups.name})`)
  const base = {
    activationId: entitlements.activationId,
    productName: entitlements.productName,
    type: entitlements.type,
  }
  const seats = (
    await store
      .select({ ...base, endDate: webAssignments.endDate })
      .from(webAssignments)
      .innerJoin(entitlements, eq(entitlements.id, webAssignments.entitlementId))
      .where(eq(webAssignments.userId, user.id))
  )
    .filter((s) => isSeatCurrent(s, today))
    .map((s) => ({ ...s, through: 'seat' as const, group: null }))
  const throughGroups = (
    await store
      .select({ ...base, group: webGroups.name })
      .from(webGroupMembers)
      .innerJoin(webAssignments, eq(webAssignments.groupId, webGroupMembers.groupId))
      .innerJoin(webGroups, eq(webGroups.id, webGroupMembers.groupId))
      .innerJoin(entitlements, eq(entitlements.id, webAssignments.entitlementId))
      .where(eq(webGroupMembers.userId, user.id))
  ).map((s) => ({ ...s, through: 'group' as const, endDate: null }))
  const everyone = (
    await store
      .select(base)
      .from(entitlements)
      .where(
        and(
          eq(entitlements.accountId, account.accountId),
          eq(entitlements.type, 'SHARED_WEB'),
          sql`NOT EXISTS (SELECT 1 FROM web_assignments a WHERE a.entitlement_id = ${sql.identifier('entitlements')}.${sql.identifier('id')})`,
        ),
      )
  ).map((s) => ({ ...s, through: 'everyone' as const, group: null, endDate: null }))
  const reached = [...seats, ...throughGroups, ...everyone]
    .map((r) => ({ ...r, type: r.type as WebEntitlementType }))
    .sort((a, b) => a.productName.localeCompare(b.productName) || (a.group ?? '').localeCompare(b.group ?? ''))
  const checkouts = (await running(store, user.id, Date.now())).map((c) => ({
    checkoutId: c.checkoutId,
    productName: c.productName,
    clientHost: c.clientHost,
    startedAt: c.startedAt,
    leaseExpiresAt: c.leaseExpiresAt,
  }))
  return { user, groups, entitlements: reached, checkouts }
}

/** The named entitlements the user holds a seat of today, by product name. */
async function namedSeatsOf(tx: Tx, account: Account, userId: number, today: string): Promise<string[]> {
  const id = sql`${sql.identifier('entitlements')}.${sql.identifier('id')}`
  return (
    await tx
      .select({ productName: entitlements.productName })
      .from(entitlements)
      .where(
        and(
          eq(entitlements.accountId, account.accountId),
          eq(entitlements.type, 'NAMED_USER'),
          sql`${userId} IN (${holderIdsSql(id, today)})`,
        ),
      )
  ).map((r) => r.productName)
}

/**
 * Ends the user's running checkouts now; a lease already past its end is recorded as expired at
 * that end (what the service's sweep would have written). Returns how many were running.
 */
async function endCheckouts(tx: Tx, userId: number, now: number): Promise<number> {
  let returned = 0
  // In the order they end, so each entitlement's web usage aggregates take them in time order.
  const ends = (await running(tx, userId, 0)).map((c) => ({ c, endedAt: Math.min(c.leaseExpiresAt, now) }))
  for (const { c, endedAt } of ends.sort((a, b) => a.endedAt - b.endedAt)) {
    const expired = c.leaseExpiresAt <= now
    await tx
      .update(webCheckouts)
      .set({ endedAt, endReason: expired ? 'expired' : 'returned' })
      .where(and(eq(webCheckouts.id, c.id), isNull(webCheckouts.endedAt)))
    const row = {
      accountId: c.accountId,
      entitlementId: c.entitlementId,
      checkoutId: c.checkoutId,
      product: c.product,
      userEmail: c.userEmail,
      outcome: expired ? 'expired' : 'returned',
      reason: expired ? '' : 'user-removed',
      at: endedAt,
      durationMs: endedAt - c.startedAt,
      clientHost: c.clientHost,
      productVersion: c.productVersion,
    }
    await tx.insert(webTransactions).values(row)
    // The seats of the entitlement running just before this one ended: those running now and it.
    const stillRunning = (
      await tx
        .select({ n: count() })
        .from(webCheckouts)
        .where(and(eq(webCheckouts.entitlementId, c.entitlementId), isNull(webCheckouts.endedAt)))
    )[0]!.n
    await countWebTransaction(tx, row, stillRunning + 1)
    if (!expired) returned++
  }
  return returned
}

export function webUserCalls(calls: CallTable, { db }: ApiDeps) {
  implementList<{ customerNumber: string }>(
    calls,
    webLists.users,
    async (user, input) => userList(db, await webAccess(db, user, input.customerNumber)),
    toUserRow,
  )

  calls.implement(declared.user, async ({ input, user }) => {
    const account = await webAccess(db, user, input.customerNumber)
    return await transact(db, async (tx) => await userDetail(tx, account, await findUser(tx, account, input.userId)))
  })

  calls.implement(declared.addUser, async ({ input, user }) => {
    const account = await webAccess(db, user, input.customerNumber, { write: true })
    return await webWrite(db, async (tx) => {
      const taken = (
        await tx
          .select({ id: webUsers.id })
          .from(webUsers)
          .where(and(eq(webUsers.accountId, account.accountId), eq(webUsers.email, input.email)))
      )[0]
      if (taken) throw conflict(WEB_MESSAGES.userExists(input.email))
      const added = (
        await tx
          .insert(webUsers)
          .values({
            accountId: account.accountId,
            email: input.email,
            name: input.name,
            role: input.role,
            createdAt: Date.now(),
          })
          .returning({ id: webUsers.id, email: webUsers.email, name: webUsers.name, role: webUsers.role })
      )[0] as WebUser
      await auditWeb(tx, user, account, 'add user', null, added)
      return added
    })
  })

  calls.implement(declared.changeUser, async ({ input, user }) => {
    const account = await webAccess(db, user, input.customerNumber, { write: true })
    return await webWrite(db, async (tx) => {
      const before = await findUser(tx, account, input.userId)
      const after = { ...before, name: input.name, role: input.role }
      if (before.name !== after.name || before.role !== after.role) {
        await tx.update(webUsers).set({ name: after.name, role: after.role }).where(eq(webUsers.id, before.id))
        await auditWeb(tx, user, account, 'change user', before, after)
      }
      return after
    })
  })

  calls.implement(declared.removeUser, async ({ input, user }) => {
    const account = await webAccess(db, user, input.customerNumber, { write: true })
    return await webWrite(db, async (tx) => {
      const now = Date.now()
      const target = await findUser(tx, account, input.userId)
      const seats = await namedSeatsOf(tx, account, target.id, todayUtc())
      const sessions = (await running(tx, target.id, now)).length
      const ask = removeUserConfirmation(target.name, seats, sessions)
      if (ask && !input.confirm) throw conflict(ask)
      const endedCheckouts = await endCheckouts(tx, target.id, now)
      await tx.delete(webUsers).where(eq(webUsers.id, target.id))
      await auditWeb(tx, user, account, 'remove user', { ...target, namedSeats: seats }, { endedCheckouts })
      return { removed: true, endedCheckouts }
    })
  })
}
