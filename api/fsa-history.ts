/**
 * API: the order history of a customer's Flexible Spending Account (spec 3,
 * History tab; section 5: only FSA-subtype records, the spent items).
 *
 * POST /fsa/history {customerNumber} -> FsaHistoryRow[], newest order first
 *
 * Each row is one ordered line (`fsa_order_lines`): the lease it created, the
 * contract it was charged to, when, how many, its term, cost and who ordered.
 */
import { aliasedTable, desc, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { entitlements, fsaOrderLines } from '../db/tables'
import type { FsaHistoryRow } from '../app/domain/fsa-types'
import { buildAccountInfo, requireCustomerAccess } from './access'
import type { ApiUser } from './auth'
import type { CallTable } from './call-table'
import { fsaCalls, MAX_HISTORY_ROWS } from './contract/fsa'
import { forbidden } from './envelope'
import { FSA_API_MESSAGES } from './fsa-orders'
import type { ApiDeps } from './index'

const lease = aliasedTable(entitlements, 'lease')
const contract = aliasedTable(entitlements, 'contract')

/** 'YYYY-MM-DD HH:mm:ss' in UTC (spec 3 section 9, the date format of FSA records). */
export function orderDate(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ')
}

async function history(db: Db, user: ApiUser, customerNumber: string): Promise<FsaHistoryRow[]> {
  const { account, access } = await requireCustomerAccess(db, user, customerNumber)
  if (!buildAccountInfo(account, access, user).hasFSA) throw forbidden(FSA_API_MESSAGES.noFsa)
  return (
    await db
      .select({ line: fsaOrderLines, leaseId: lease.activationId, contractId: contract.activationId })
      .from(fsaOrderLines)
      .innerJoin(lease, eq(lease.id, fsaOrderLines.entitlementId))
      .innerJoin(contract, eq(contract.id, fsaOrderLines.contractId))
      .where(eq(fsaOrderLines.accountId, account.accountId))
      .orderBy(desc(fsaOrderLines.orderedAt), desc(fsaOrderLines.id))
      .limit(MAX_HISTORY_ROWS)
  ).map(({ line, leaseId, contractId }) => ({
    id: line.id,
    entitlementId: leaseId,
    ansysproduct: line.productName,
    fsaId: contractId,
    orderid: line.orderId,
    orderdate: orderDate(line.orderedAt),
    count: line.count,
    startdate: line.startDate,
    enddate: line.endDate,
    cost: line.cost,
    currency: line.currency,
    requester: line.requesterEmail,
    manual: line.manual === 1,
  }))
}

export function fsaHistoryCalls(calls: CallTable, { db }: ApiDeps) {
  calls.implement(fsaCalls.history, async ({ input, user }) => await history(db, user, input.customerNumber))
}
