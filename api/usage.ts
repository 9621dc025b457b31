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
import type { Db } from '../db/client'
import { usageLastReceived } from '../db/tables'
import { USAGE_EXPORT_MAX, usageExportTooMany } from '../app/domain/usage-export'
import { requireCustomerAccess } from './access'
import type { ApiUser } from './auth'
import type { CallTable } from './call-table'
import { MAX_PAGE_SIZE } from './constants'
import { usageCalls as declared } from './contract/usage'
import { outboxTime } from './outbox'
import { badRequest, inEnvelope, withToken } from './envelope'
import { usageCount, usageDistinct, usagePage, type UsageScope } from './usage-list'
import type { ApiDeps } from './index'

/** Export pages are told apart from fetchUsage pages by their tokens, which hold the last row's sort keys. */
const EXPORT_PAGES = { tokenKind: 'export', keyset: true }

async function scopeFor(
  db: Db,
  user: ApiUser,
  input: { customerNumber: string; serverId?: string | null },
): Promise<UsageScope> {
  const { account } = await requireCustomerAccess(db, user, input.customerNumber)
  return { accountId: account.accountId, serverId: input.serverId || null }
}

/** The time the newest session was received: its start or end, whichever is latest; null when none is stored. */
export async function lastUpdatedOn(db: Db): Promise<string | null> {
  const row = (await db.select({ at: usageLastReceived.at }).from(usageLastReceived))[0]
  return row ? outboxTime(row.at) : null
}

// Not implementList: the usage list's page, count and distinct values have rules of their own (usage-list).
export function usageCalls(calls: CallTable, { db }: ApiDeps) {
  calls.implement(declared.list.page, async ({ input, user }) => {
    const page = await usagePage(db, await scopeFor(db, user, input), input)
    return withToken(page.rows, page.token)
  })

  calls.implement(
    declared.list.count,
    async ({ input, user }) => await usageCount(db, await scopeFor(db, user, input), input),
  )

  calls.implement(declared.list.distinct, async ({ input, user }) =>
    usageDistinct(db, await scopeFor(db, user, input), input),
  )

  calls.implement(declared.export, async ({ input, user }) => {
    const scope = await scopeFor(db, user, input)
    if (!input.token && (await usageCount(db, scope, { filter: input.filter })) > USAGE_EXPORT_MAX) {
      throw badRequest(usageExportTooMany(USAGE_EXPORT_MAX))
    }
    const page = await usagePage(db, scope, { ...input, limit: input.limit ?? MAX_PAGE_SIZE }, EXPORT_PAGES)
    return withToken(page.rows, page.token)
  })

  calls.implement(declared.lastUpdatedOn, async () => inEnvelope({ lastUpdatedOn: await lastUpdatedOn(db) }))
}
