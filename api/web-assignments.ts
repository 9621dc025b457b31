/**
 * API: who may take a seat of a web entitlement. A shared entitlement is assigned to groups
 * (none: every web user of the customer); a named one to users (a seat each, optionally until
 * an end date) and to groups (a seat per member). Every change that can add a named holder
 * runs the named seat guard inside its transaction. Removing an assignment does not end
 * running checkouts: the next checkout follows the new assignments.
 */
import { and, eq, inArray, isNotNull, isNull, or, gte } from 'drizzle-orm'
import { webAssignments } from '../db/tables'
import { changed } from '../db/query'
import { todayUtc } from '../app/domain/entitlements'
import { WEB_MESSAGES } from '../app/domain/web-licenses'
import type { CallTable } from './call-table'
import { webCalls as declared } from './contract/web'
import type { Account } from './access'
import type { ApiUser } from './auth'
import type { Tx } from './audit-log'
import { badRequest } from './envelope'
import { entitlementDetail } from './web-entitlements'
import {
  auditWeb,
  conflict,
  findEntitlement,
  findGroup,
  findUser,
  guardNamedSeats,
  registerWebFunctions,
  usersByEmail,
  usersById,
  webAccess,
  webWrite,
  type WebEntitlement,
} from './web-store'
import type { ApiDeps } from './index'

function requireNamed(entitlement: WebEntitlement) {
  if (entitlement.type !== 'NAMED_USER') throw badRequest(WEB_MESSAGES.sharedToGroups(entitlement.productName))
}

/** The users of the entitlement's current direct seats. */
async function currentSeatUsers(tx: Tx, entitlementId: number, today: string): Promise<number[]> {
  return (
    await tx
      .select({ userId: webAssignments.userId })
      .from(webAssignments)
      .where(
        and(
          eq(webAssignments.entitlementId, entitlementId),
          isNotNull(webAssignments.userId),
          or(isNull(webAssignments.endDate), gte(webAssignments.endDate, today)),
        ),
      )
  ).map((r) => r.userId!)
}

/** Gives each user a seat (a user with one, current or past, gets `endDate`). */
async function giveSeats(tx: Tx, user: ApiUser, entitlementId: number, userIds: number[], endDate: string | null) {
  if (userIds.length === 0) return
  await tx
    .insert(webAssignments)
    .values(
      userIds.map((userId) => ({ entitlementId, userId, endDate, assignedBy: user.email, createdAt: Date.now() })),
    )
    .onConflictDoUpdate({
      target: [webAssignments.entitlementId, webAssignments.userId],
      targetWhere: isNotNull(webAssignments.userId),
      set: { endDate, assignedBy: user.email },
    })
}

type AssignmentCall =
  | typeof declared.assignGroup
  | typeof declared.unassignGroup
  | typeof declared.assignUsers
  | typeof declared.unassignUser
  | typeof declared.setSeats

type Change = (tx: Tx, account: Account, entitlement: WebEntitlement, today: string) => Promise<unknown>

/** One assignment change: access, the entitlement, the guard, the audit and the detail after. */
function assignmentChange(calls: CallTable, deps: ApiDeps) {
  return (declaration: AssignmentCall, action: string, change: (input: never, user: ApiUser) => Change) => {
    calls.implement(declaration, async ({ input, user }) => {
      const { customerNumber, activationId } = input as { customerNumber: string; activationId: string }
      const account = await webAccess(deps.db, user, customerNumber, { write: true })
      return await webWrite(deps.db, async (tx) => {
        const entitlement = await findEntitlement(tx, account, activationId)
        const today = todayUtc()
        const before = await entitlementDetail(tx, entitlement)
        const audit = await guardNamedSeats(tx, account, today, () =>
          change(input as never, user)(tx, account, entitlement, today),
        )
        const after = await entitlementDetail(tx, entitlement)
        if (audit !== false) {
          const summary = (d: typeof before) => ({
            activationId: entitlement.activationId,
            groups: d.assignedGroups.map((g) => g.name),
            seats: d.seats.map((s) => ({ email: s.email, endDate: s.endDate })),
          })
          await auditWeb(tx, user, account, action, summary(before), summary(after))
        }
        return after
      })
    })
  }
}

export function webAssignmentCalls(calls: CallTable, deps: ApiDeps) {
  registerWebFunctions(deps.db)
  const implement = assignmentChange(calls, deps)

  implement(
    declared.assignGroup,
    'assign group',
    (input: { groupId: number }, user) => async (tx, account, entitlement) => {
      const group = await findGroup(tx, account, input.groupId)
      const done = await changed(
        tx
          .insert(webAssignments)
          .values({ entitlementId: entitlement.id, groupId: group.id, assignedBy: user.email, createdAt: Date.now() })
          .onConflictDoNothing(),
      )
      if (done === 0) throw conflict(WEB_MESSAGES.alreadyAssigned(entitlement.productName, group.name))
    },
  )

  implement(
    declared.unassignGroup,
    'unassign group',
    (input: { groupId: number }) => async (tx, account, entitlement) => {
      const group = await findGroup(tx, account, input.groupId)
      return (
        (await changed(
          tx
            .delete(webAssignments)
            .where(and(eq(webAssignments.entitlementId, entitlement.id), eq(webAssignments.groupId, group.id))),
        )) > 0
      )
    },
  )

  implement(
    declared.assignUsers,
    'assign seats',
    (input: { emails: string[]; endDate?: string | null }, user) => async (tx, account, entitlement, today) => {
      requireNamed(entitlement)
      if (input.endDate && input.endDate < today) throw badRequest('The end date of a seat cannot be in the past.')
      const users = await usersByEmail(tx, account, input.emails)
      await giveSeats(
        tx,
        user,
        entitlement.id,
        users.map((u) => u.id),
        input.endDate ?? null,
      )
    },
  )

  implement(declared.unassignUser, 'unassign seat', (input: { userId: number }) => async (tx, account, entitlement) => {
    requireNamed(entitlement)
    const target = await findUser(tx, account, input.userId)
    return (
      (await changed(
        tx
          .delete(webAssignments)
          .where(and(eq(webAssignments.entitlementId, entitlement.id), eq(webAssignments.userId, target.id))),
      )) > 0
    )
  })

  implement(
    declared.setSeats,
    'set seats',
    (input: { holders: number[]; previous: number[] }, user) => async (tx, account, entitlement, today) => {
      requireNamed(entitlement)
      const wanted = new Set((await usersById(tx, account, input.holders)).map((u) => u.id))
      const stored = new Set(await currentSeatUsers(tx, entitlement.id, today))
      const previous = new Set(input.previous)
      if (stored.size !== previous.size || [...stored].some((id) => !previous.has(id))) {
        throw conflict(WEB_MESSAGES.stale)
      }
      const removed = [...stored].filter((id) => !wanted.has(id))
      const added = [...wanted].filter((id) => !stored.has(id))
      if (removed.length > 0) {
        await tx
          .delete(webAssignments)
          .where(and(eq(webAssignments.entitlementId, entitlement.id), inArray(webAssignments.userId, removed)))
      }
      await giveSeats(tx, user, entitlement.id, added, null)
      return removed.length + added.length > 0
    },
  )
}
