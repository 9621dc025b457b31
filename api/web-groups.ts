/**
 * API: a customer's web licence groups: the list, one group (members and the entitlements
 * assigned to it), creating, renaming, deleting, and adding and taking out members. Adding
 * members to a group that holds named seats gives each new member a seat, so it runs the
 * named seat guard.
 */
import { transact } from '../db/transact'
import { changed } from '../db/query'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { entitlements, webAssignments, webGroupMembers, webGroups, webUsers } from '../db/tables'
import { todayUtc } from '../app/domain/entitlements'
import { removeGroupConfirmation, WEB_MESSAGES, type WebEntitlementType } from '../app/domain/web-licenses'
import type { CallTable } from './call-table'
import { webCalls as declared, webLists, type WebGroupRow } from './contract/web'
import { implementList } from './list-calls'
import type { ListSource } from './list-engine'
import type { Account } from './access'
import type { Tx } from './audit-log'
import {
  auditWeb,
  conflict,
  findGroup,
  findUser,
  groupByName,
  groupColumns,
  guardNamedSeats,
  nameList,
  usersByEmail,
  webAccess,
  webWrite,
  type WebUser,
} from './web-store'
import type { ApiDeps } from './index'

function groupList(db: Db, account: Account): ListSource {
  return {
    columns: groupColumns(),
    sortColumns: { name: sql`lower(${webGroups.name})` },
    defaultSort: [{ name: 'name', direction: 'asc' }],
    uniqueKey: ['id'],
    query: (fields) => db.select(fields).from(webGroups).$dynamic(),
    scope: eq(webGroups.accountId, account.accountId),
  }
}

const toGroupRow = (row: Record<string, unknown>) =>
  ({ ...row, entitlements: nameList(row.entitlements) }) as WebGroupRow

async function members(tx: Tx | Db, groupId: number): Promise<WebUser[]> {
  return (await tx
    .select({ id: webUsers.id, email: webUsers.email, name: webUsers.name, role: webUsers.role })
    .from(webGroupMembers)
    .innerJoin(webUsers, eq(webUsers.id, webGroupMembers.userId))
    .where(eq(webGroupMembers.groupId, groupId))
    .orderBy(sql`lower(${webUsers.name})`, webUsers.id)) as WebUser[]
}

/** Adds the users to the group (those already in it stay); returns how many were added. */
export async function addMembers(tx: Tx, groupId: number, userIds: number[]): Promise<number> {
  if (userIds.length === 0) return 0
  return await changed(
    tx
      .insert(webGroupMembers)
      .values(userIds.map((userId) => ({ groupId, userId })))
      .onConflictDoNothing(),
  )
}

async function nameTaken(tx: Tx, account: Account, name: string, except?: number) {
  const found = await groupByName(tx, account, name)
  if (found && found.id !== except) throw conflict(WEB_MESSAGES.groupExists(found.name))
}

export function webGroupCalls(calls: CallTable, { db }: ApiDeps) {
  implementList<{ customerNumber: string }>(
    calls,
    webLists.groups,
    async (user, input) => groupList(db, await webAccess(db, user, input.customerNumber)),
    toGroupRow,
  )

  calls.implement(declared.group, async ({ input, user }) => {
    const account = await webAccess(db, user, input.customerNumber)
    return await transact(db, async (tx) => {
      const group = await findGroup(tx, account, input.groupId)
      const assigned = (
        await tx
          .select({
            activationId: entitlements.activationId,
            productName: entitlements.productName,
            type: entitlements.type,
          })
          .from(webAssignments)
          .innerJoin(entitlements, eq(entitlements.id, webAssignments.entitlementId))
          .where(eq(webAssignments.groupId, group.id))
          .orderBy(entitlements.productName)
      ).map((r) => ({ ...r, type: r.type as WebEntitlementType }))
      return { group, members: await members(tx, group.id), entitlements: assigned }
    })
  })

  calls.implement(declared.addGroup, async ({ input, user }) => {
    const account = await webAccess(db, user, input.customerNumber, { write: true })
    return await webWrite(db, async (tx) => {
      await nameTaken(tx, account, input.name)
      const group = (
        await tx
          .insert(webGroups)
          .values({
            accountId: account.accountId,
            name: input.name,
            description: input.description,
            createdAt: Date.now(),
          })
          .returning({ id: webGroups.id, name: webGroups.name })
      )[0]
      await auditWeb(tx, user, account, 'add group', null, { ...group, description: input.description })
      return group
    })
  })

  calls.implement(declared.changeGroup, async ({ input, user }) => {
    const account = await webAccess(db, user, input.customerNumber, { write: true })
    return await webWrite(db, async (tx) => {
      const before = await findGroup(tx, account, input.groupId)
      await nameTaken(tx, account, input.name, before.id)
      const after = { ...before, name: input.name, description: input.description }
      if (before.name !== after.name || before.description !== after.description) {
        await tx
          .update(webGroups)
          .set({ name: after.name, description: after.description })
          .where(eq(webGroups.id, before.id))
        await auditWeb(tx, user, account, 'change group', before, after)
      }
      return { id: after.id, name: after.name }
    })
  })

  calls.implement(declared.removeGroup, async ({ input, user }) => {
    const account = await webAccess(db, user, input.customerNumber, { write: true })
    return await webWrite(db, async (tx) => {
      const group = await findGroup(tx, account, input.groupId)
      const memberIds = (await members(tx, group.id)).map((m) => m.id)
      const assignments = await tx
        .select({ activationId: entitlements.activationId })
        .from(webAssignments)
        .innerJoin(entitlements, eq(entitlements.id, webAssignments.entitlementId))
        .where(eq(webAssignments.groupId, group.id))
      const ask = removeGroupConfirmation(group.name, memberIds.length, assignments.length)
      if (ask && !input.confirm) throw conflict(ask)
      await tx.delete(webGroups).where(eq(webGroups.id, group.id))
      await auditWeb(
        tx,
        user,
        account,
        'remove group',
        { ...group, members: memberIds, assignments: assignments.map((a) => a.activationId) },
        null,
      )
      return { removed: true, endedCheckouts: 0 }
    })
  })

  calls.implement(declared.addMembers, async ({ input, user }) => {
    const account = await webAccess(db, user, input.customerNumber, { write: true })
    return await webWrite(db, async (tx) => {
      const group = await findGroup(tx, account, input.groupId)
      const users = await usersByEmail(tx, account, input.emails)
      const added = await guardNamedSeats(
        tx,
        account,
        todayUtc(),
        async () =>
          await addMembers(
            tx,
            group.id,
            users.map((u) => u.id),
          ),
      )
      if (added > 0) {
        await auditWeb(
          tx,
          user,
          account,
          'add members',
          { group: group.name },
          {
            group: group.name,
            emails: users.map((u) => u.email),
          },
        )
      }
      return { added, alreadyMembers: users.length - added }
    })
  })

  calls.implement(declared.removeMember, async ({ input, user }) => {
    const account = await webAccess(db, user, input.customerNumber, { write: true })
    return await webWrite(db, async (tx) => {
      const group = await findGroup(tx, account, input.groupId)
      const member = await findUser(tx, account, input.userId)
      const removed =
        (await changed(
          tx
            .delete(webGroupMembers)
            .where(and(eq(webGroupMembers.groupId, group.id), inArray(webGroupMembers.userId, [member.id]))),
        )) > 0
      if (removed) await auditWeb(tx, user, account, 'remove member', { group: group.name, email: member.email }, null)
      return { removed, endedCheckouts: 0 }
    })
  })
}
