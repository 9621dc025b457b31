/**
 * API: a customer's entitlements (spec 2 section 7) and the fulfilment counts.
 *
 * POST /getEntitlements {customerNumber, customername}            -> every ELASTIC entitlement row
 * POST /fetchEntitlements {customerNumber, type, state?, attributes?, filter, sorting, offset | token, limit}
 *      /fetchEntitlements/count, /fetchEntitlements/distinct (key) -> the list engine over the rows
 * POST /fetchEntitlements/active, /fetchEntitlements/inactive     -> a page of the active or inactive ones
 * POST /fetchEntitlementsActive/count, /fetchEntitlementsInactive/count (and /distinct, for the grids' filter lists)
 * POST /fulfillments/count {customerNumber, activationId: []}     -> { [activationId]: total active count }
 *
 * Every call goes through requireCustomerAccess: another customer is refused, and a
 * customer under export control is refused to everyone.
 */
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { entitlements } from '../db/tables'
import { todayUtc } from '../app/domain/entitlements'
import type { EntitlementRow } from '../app/domain/entitlement-row'
import { requireCustomerAccess } from './access'
import type { ApiUser } from './auth'
import type { CallTable } from './call-table'
import { ENTITLEMENT_FETCH_CAP, entitlementCalls as declared } from './contract/entitlements'
import { badRequest } from './envelope'
import { entitlementList, toEntitlementRow, totalActivatedSql, type Split } from './entitlement-list'
import { listPage } from './list-engine'
import { implementList } from './list-calls'
import type { ApiDeps } from './index'

type ScopeInput = { customerNumber: string; type: string; state?: string | null; attributes?: string[] | null }

async function listFor(db: Db, user: ApiUser, input: ScopeInput, split: Split) {
  const { account } = await requireCustomerAccess(db, user, input.customerNumber)
  return entitlementList(db, {
    accountId: account.accountId,
    type: input.type,
    state: input.state,
    attributes: input.attributes,
    split,
    today: todayUtc(),
  })
}

export function entitlementCalls(calls: CallTable, { db }: ApiDeps) {
  calls.implement(declared.elastic, async ({ input, user }) => {
    const list = await listFor(db, user, { customerNumber: input.customerNumber, type: 'ELASTIC' }, 'all')
    return (await listPage<EntitlementRow>(list, { limit: ENTITLEMENT_FETCH_CAP })).rows.map(toEntitlementRow)
  })

  for (const split of ['all', 'active', 'inactive'] as const) {
    implementList<ScopeInput>(
      calls,
      declared[split],
      async (user, input) => await listFor(db, user, input, split),
      toEntitlementRow,
    )
  }

  /** Total active count per activation id; every id must be an entitlement of the customer. */
  calls.implement(declared.fulfillmentCounts, async ({ input, user }) => {
    const { account } = await requireCustomerAccess(db, user, input.customerNumber)
    const wanted = [...new Set(input.activationId)]
    if (wanted.length === 0) return {}
    const rows = await db
      .select({ activationId: entitlements.activationId, total: totalActivatedSql })
      .from(entitlements)
      .where(and(eq(entitlements.accountId, account.accountId), inArray(entitlements.activationId, wanted)))
    const found = new Map(rows.map((r) => [r.activationId, Number(r.total)]))
    const unknown = wanted.filter((id) => !found.has(id))
    if (unknown.length) throw badRequest(`Not an entitlement of customer ${account.accountId}: ${unknown.join(', ')}`)
    return Object.fromEntries(wanted.map((id) => [id, found.get(id)!]))
  })
}
