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
import { z } from 'zod'
import type { Db } from '../db/client'
import { entitlements, fsaOrderLines } from '../db/schema'
import { customerNumberSchema } from '../app/domain/customer-number'
import type { FsaHistoryRow } from '../app/domain/fsa-types'
import { buildAccountInfo, requireCustomerAccess } from './access'
import type { ApiUser } from './auth'
import type { CallRegistrar } from './call-table'
import { forbidden, parseInput } from './envelope'
import { FSA_API_MESSAGES } from './fsa-orders'
import type { ApiDeps } from './index'

/** The most history rows one answer holds (the spec's FSA customer list default, 500, times ten). */
export const MAX_HISTORY_ROWS = 5000

const lease = aliasedTable(entitlements, 'lease')
const contract = aliasedTable(entitlements, 'contract')

/** 'YYYY-MM-DD HH:mm:ss' in UTC (spec 3 section 9, the date format of FSA records). */
export function orderDate(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ')
}

function history(db: Db, user: ApiUser, customerNumber: string): FsaHistoryRow[] {
  const { account, access } = requireCustomerAccess(db, user, customerNumber)
  if (!buildAccountInfo(account, access, user).hasFSA) throw forbidden(FSA_API_MESSAGES.noFsa)
  return db
    .select({ line: fsaOrderLines, leaseId: lease.activationId, contractId: contract.activationId })
    .from(fsaOrderLines)
    .innerJoin(lease, eq(lease.id, fsaOrderLines.entitlementId))
    .innerJoin(contract, eq(contract.id, fsaOrderLines.contractId))
    .where(eq(fsaOrderLines.accountId, account.accountId))
    .orderBy(desc(fsaOrderLines.orderedAt), desc(fsaOrderLines.id))
    .limit(MAX_HISTORY_ROWS)
    .all()
    .map(({ line, leaseId, contractId }) => ({
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

const customerSchema = z.object({ customerNumber: customerNumberSchema })

export function fsaHistoryCalls(calls: CallRegistrar, { db }: ApiDeps) {
  calls.post('/fsa/history', ({ body, user }) => history(db, user, parseInput(customerSchema, body).customerNumber))
}
