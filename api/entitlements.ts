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
import { z } from 'zod'
import { singleLine } from './text-schemas'
import type { Db } from '../db/client'
import { entitlements } from '../db/schema'
import { ENTITLEMENT_TYPES, todayUtc } from '../app/domain/entitlements'
import { customerNumberSchema } from '../app/domain/customer-number'
import { requireCustomerAccess } from './access'
import type { ApiUser } from './auth'
import type { CallRegistrar } from './call-table'
import { badRequest, parseInput } from './envelope'
import { entitlementList, toEntitlementRow, totalActivatedSql, type Split } from './entitlement-list'
import { listPage } from './list-engine'
import { listCalls, type ListPaths } from './list-calls'
import type { ApiDeps } from './index'

/** The most entitlements one getEntitlements answer holds (spec 2 section 9). */
export const ENTITLEMENT_FETCH_CAP = 5000
/** The most activation ids one fulfilment count may name. */
export const MAX_COUNTED_ACTIVATIONS = 1000

const typeSchema = z
  .string()
  .trim()
  .transform((t) => t.toUpperCase())
  .pipe(
    z.enum(['ALL', ...ENTITLEMENT_TYPES], { message: `type must be ALL or one of ${ENTITLEMENT_TYPES.join(', ')}` }),
  )

const scopeShape = {
  customerNumber: customerNumberSchema,
  customerName: singleLine().max(500).optional(),
  type: typeSchema.default('ALL'),
  state: singleLine().trim().max(100).nullish(),
}
const attributesShape = { attributes: z.array(singleLine().min(1).max(100)).max(100).nullish() }

type ScopeInput = { customerNumber: string; type: string; state?: string | null; attributes?: string[] | null }

function listFor(db: Db, user: ApiUser, input: ScopeInput, split: Split) {
  const { account } = requireCustomerAccess(db, user, input.customerNumber)
  return entitlementList(db, {
    accountId: account.accountId,
    type: input.type,
    state: input.state,
    attributes: input.attributes,
    split,
    today: todayUtc(),
  })
}

const fulfilmentCountSchema = z.object({
  customerNumber: customerNumberSchema,
  customerName: singleLine().max(500).optional(),
  activationId: z.array(singleLine().trim().min(1).max(200)).max(MAX_COUNTED_ACTIVATIONS),
})

export function entitlementCalls(calls: CallRegistrar, { db }: ApiDeps) {
  calls.post('/getEntitlements', ({ body, user }) => {
    const input = parseInput(
      z.object({ customerNumber: customerNumberSchema, customername: singleLine().max(500).optional() }),
      body,
    )
    const list = listFor(db, user, { customerNumber: input.customerNumber, type: 'ELASTIC' }, 'all')
    return listPage<Record<string, unknown>>(list, { limit: ENTITLEMENT_FETCH_CAP }).rows.map(toEntitlementRow)
  })

  const scope = { ...scopeShape, ...attributesShape }
  const lists: [Split, ListPaths][] = [
    ['all', { page: '/fetchEntitlements', count: '/fetchEntitlements/count', distinct: '/fetchEntitlements/distinct' }],
    [
      'active',
      {
        page: '/fetchEntitlements/active',
        count: '/fetchEntitlementsActive/count',
        distinct: '/fetchEntitlementsActive/distinct',
      },
    ],
    [
      'inactive',
      {
        page: '/fetchEntitlements/inactive',
        count: '/fetchEntitlementsInactive/count',
        distinct: '/fetchEntitlementsInactive/distinct',
      },
    ],
  ]
  for (const [split, paths] of lists) {
    listCalls(calls, paths, (user, input) => listFor(db, user, input, split), scope, toEntitlementRow)
  }

  /** Total active count per activation id; every id must be an entitlement of the customer. */
  calls.post('/fulfillments/count', ({ body, user }) => {
    const input = parseInput(fulfilmentCountSchema, body)
    const { account } = requireCustomerAccess(db, user, input.customerNumber)
    const wanted = [...new Set(input.activationId)]
    if (wanted.length === 0) return {}
    const rows = db
      .select({ activationId: entitlements.activationId, total: totalActivatedSql })
      .from(entitlements)
      .where(and(eq(entitlements.accountId, account.accountId), inArray(entitlements.activationId, wanted)))
      .all()
    const found = new Map(rows.map((r) => [r.activationId, Number(r.total)]))
    const unknown = wanted.filter((id) => !found.has(id))
    if (unknown.length) throw badRequest(`Not an entitlement of customer ${account.accountId}: ${unknown.join(', ')}`)
    return Object.fromEntries(wanted.map((id) => [id, found.get(id)!]))
  })
}
