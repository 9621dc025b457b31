/**
 * API: a customer's web entitlements (shared web seats and named-user seats) as a list
 * with their figures, and one entitlement with its groups and direct seat holders.
 * The spec's entitlement lists leave these types out (api/entitlement-list).
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { entitlements, webAssignments, webGroups, webUsers } from '../db/tables'
import { todayUtc } from '../app/domain/entitlements'
import { WEB_ENTITLEMENT_TYPES } from '../app/domain/web-licenses'
import type { CallTable } from './call-table'
import { webCalls as declared, webLists } from './contract/web'
import type { CallReply } from './contract/define'
import { implementList } from './list-calls'
import type { ListSource } from './list-engine'
import type { Account } from './access'
import {
  entitlementColumns,
  registerWebFunctions,
  findEntitlement,
  toEntitlementRow,
  webAccess,
  type Store,
  type WebEntitlement,
} from './web-store'
import type { ApiDeps } from './index'

const e = entitlements

function entitlementList(db: Db, account: Account): ListSource {
  const columns = entitlementColumns(todayUtc(), Date.now())
  return {
    columns,
    defaultSort: [{ name: 'productName', direction: 'asc' }],
    uniqueKey: ['activationId'],
    query: (fields) => db.select(fields).from(e).$dynamic(),
    scope: and(eq(e.accountId, account.accountId), inArray(e.type, [...WEB_ENTITLEMENT_TYPES])),
  }
}

export type EntitlementDetail = CallReply<typeof declared.entitlement>

/** One web entitlement as the detail and every assignment change answer it. */
export async function entitlementDetail(store: Store, entitlement: WebEntitlement): Promise<EntitlementDetail> {
  const row = (
    await store.select(entitlementColumns(todayUtc(), Date.now())).from(e).where(eq(e.id, entitlement.id))
  )[0]!
  const assignedGroups = await store
    .select({ id: webGroups.id, name: webGroups.name })
    .from(webAssignments)
    .innerJoin(webGroups, eq(webGroups.id, webAssignments.groupId))
    .where(eq(webAssignments.entitlementId, entitlement.id))
    .orderBy(sql`lower(${webGroups.name})`)
  const seats = await store
    .select({ id: webUsers.id, email: webUsers.email, name: webUsers.name, endDate: webAssignments.endDate })
    .from(webAssignments)
    .innerJoin(webUsers, eq(webUsers.id, webAssignments.userId))
    .where(and(eq(webAssignments.entitlementId, entitlement.id), isNotNull(webAssignments.userId)))
    .orderBy(asc(webUsers.name), asc(webUsers.id))
  return { entitlement: toEntitlementRow(row), assignedGroups, seats }
}

export function webEntitlementCalls(calls: CallTable, { db }: ApiDeps) {
  registerWebFunctions(db)
  implementList<{ customerNumber: string }>(
    calls,
    webLists.entitlements,
    async (user, input) => entitlementList(db, await webAccess(db, user, input.customerNumber)),
    toEntitlementRow,
  )
  calls.implement(declared.entitlement, async ({ input, user }) => {
    const account = await webAccess(db, user, input.customerNumber)
    return await entitlementDetail(db, await findEntitlement(db, account, input.activationId))
  })
}
