/**
 * API: the audit trail of a customer's access settings (portal access, IP
 * allow-list, PIN, usernames), readable by vendor staff only.
 *
 * POST /audit {customerNumber, filter?, sorting?, offset? | token?, limit?} -> entries, newest first, with token
 * GET  /audit?customerNumber=&offset=&limit=                               -> the same, first page by default
 * POST /audit/count {customerNumber, filter?}                              -> number
 */
import { z } from 'zod'
import type { Db } from '../db/client'
import { isStaff, requireCustomerAccess } from './access'
import { customerNumberSchema } from '../app/domain/customer-number'
import { countAudit, readAudit } from './audit-log'
import type { ApiUser } from './auth'
import type { CallHandler, CallRegistrar } from './call-table'
import { forbidden, parseInput, withToken } from './envelope'
import { countRequestSchema, pageRequestSchema } from './contract/list-requests'

const pageSchema = pageRequestSchema.extend({ customerNumber: customerNumberSchema })
const countSchema = countRequestSchema.extend({ customerNumber: customerNumberSchema })

/** The GET form of a page request: the query's text, as the fields of the POST body. */
const querySchema = z.object({
  customerNumber: z.unknown().optional(),
  offset: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  token: z.unknown().optional(),
})

export const AUDIT_STAFF_ONLY = 'The audit trail is available to vendor staff only'

/** Vendor staff only; the customer must exist (404 otherwise). Returns its account id. */
function requireAuditReader(db: Db, user: ApiUser, customerNumber: string) {
  if (!isStaff(user)) throw forbidden(AUDIT_STAFF_ONLY)
  return requireCustomerAccess(db, user, customerNumber).account.accountId
}

export function auditCalls(calls: CallRegistrar, { db }: { db: Db }) {
  /** One page of the trail, newest first, with the token of the next. */
  const auditPage: CallHandler = ({ body, user }) => {
    const { customerNumber, ...page } = parseInput(pageSchema, body)
    const { rows, token } = readAudit(db, requireAuditReader(db, user, customerNumber), page)
    return withToken(rows, token)
  }

  calls.post('/audit', auditPage)
  calls.get('/audit', (input) => auditPage({ ...input, body: parseInput(querySchema, input.query) }))

  calls.post('/audit/count', ({ body, user }) => {
    const { customerNumber, filter } = parseInput(countSchema, body)
    return countAudit(db, requireAuditReader(db, user, customerNumber), { filter })
  })
}
