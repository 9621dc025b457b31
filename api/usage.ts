/**
 * API: a customer's usage sessions (spec 2 section 7).
 *
 * POST /fetchUsage {customerNumber, customerName?, serverId?, attributes?, filter?, sorting?, offset? | token?, limit?}
 *      -> a page of usage rows (only the named attributes when given), token when more follow
 * POST /fetchUsage/count {customerNumber, customerName?, serverId?, filter?}         -> number
 * POST /fetchUsage/distinct {..., filter?, key, limit? (at most 500)}                -> sorted values
 * POST /fetchUsage/export {same as fetchUsage}: refused when the filter holds more than
 *      USAGE_EXPORT_MAX rows; otherwise pages (1000 rows unless told) whose tokens only
 *      this call accepts, so the caller streams the export page by page; the tokens
 *      carry the last row's sort keys, so each page starts where the last one ended
 * GET  /lastupdatedon -> { status, lastUpdatedOn: 'YYYY-MM-DD HH:mm:ss' (UTC) | null }
 *
 * Every customer call goes through requireCustomerAccess: another customer is
 * refused, and a customer under export control is refused to everyone.
 */
import { z } from 'zod'
import { singleLine } from './text-schemas'
import type { Db } from '../db/client'
import { usageLastReceived } from '../db/schema'
import { customerNumberSchema } from '../app/domain/customer-number'
import { USAGE_EXPORT_MAX, usageExportTooMany } from '../app/domain/usage-export'
import { requireCustomerAccess } from './access'
import type { ApiUser } from './auth'
import type { CallRegistrar } from './call-table'
import { MAX_PAGE_SIZE } from './constants'
import { outboxTime } from './elastic-credit'
import { badRequest, inEnvelope, parseInput, withToken } from './envelope'
import { countRequestSchema, distinctRequestSchema, pageRequestSchema } from './contract/list-requests'
import { usageCount, usageDistinct, usagePage, type UsageScope } from './usage-list'
import type { ApiDeps } from './index'

/** The most distinct values one request may ask for (spec 2 section 9). */
export const USAGE_DISTINCT_MAX = 500

const scopeShape = {
  customerNumber: customerNumberSchema,
  customerName: singleLine().max(500).optional(),
  serverId: singleLine().trim().max(200).nullish(),
}
const pageSchema = pageRequestSchema.extend({
  ...scopeShape,
  attributes: z.array(singleLine().min(1).max(100)).max(100).nullish(),
})
const countSchema = countRequestSchema.extend(scopeShape)
const distinctSchema = distinctRequestSchema.extend({
  ...scopeShape,
  limit: z.number().int().min(1).max(USAGE_DISTINCT_MAX).nullish(),
})

/** Export pages are told apart from fetchUsage pages by their tokens, which hold the last row's sort keys. */
const EXPORT_PAGES = { tokenKind: 'export', keyset: true }

function scopeFor(db: Db, user: ApiUser, input: { customerNumber: string; serverId?: string | null }): UsageScope {
  const { account } = requireCustomerAccess(db, user, input.customerNumber)
  return { accountId: account.accountId, serverId: input.serverId || null }
}

/** The time the newest session was received: its start or end, whichever is latest; null when none is stored. */
export function lastUpdatedOn(db: Db): string | null {
  const row = db.select({ at: usageLastReceived.at }).from(usageLastReceived).get()
  return row ? outboxTime(row.at) : null
}

export function usageCalls(calls: CallRegistrar, { db }: ApiDeps) {
  calls.post('/fetchUsage', ({ body, user }) => {
    const input = parseInput(pageSchema, body)
    const page = usagePage(db, scopeFor(db, user, input), input)
    return withToken(page.rows, page.token)
  })

  calls.post('/fetchUsage/count', ({ body, user }) => {
    const input = parseInput(countSchema, body)
    return usageCount(db, scopeFor(db, user, input), input)
  })

  calls.post('/fetchUsage/distinct', ({ body, user }) => {
    const input = parseInput(distinctSchema, body)
    return usageDistinct(db, scopeFor(db, user, input), input)
  })

  calls.post('/fetchUsage/export', ({ body, user }) => {
    const input = parseInput(pageSchema, body)
    const scope = scopeFor(db, user, input)
    if (!input.token && usageCount(db, scope, { filter: input.filter }) > USAGE_EXPORT_MAX) {
      throw badRequest(usageExportTooMany(USAGE_EXPORT_MAX))
    }
    const page = usagePage(db, scope, { ...input, limit: input.limit ?? MAX_PAGE_SIZE }, EXPORT_PAGES)
    return withToken(page.rows, page.token)
  })

  calls.get('/lastupdatedon', () => inEnvelope({ lastUpdatedOn: lastUpdatedOn(db) }))
}
