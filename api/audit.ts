/**
 * API: the audit trail of a customer's access settings and holdings, readable
 * by vendor staff only (its calls are declared in api/contract/audit).
 */
import type { Db } from '../db/client'
import { isStaff, requireCustomerAccess } from './access'
import { countAudit, readAudit } from './audit-log'
import type { ApiUser } from './auth'
import type { CallTable } from './call-table'
import { auditCalls as declared } from './contract/audit'
import type { PageRequest } from './contract/list-requests'
import { forbidden, withToken } from './envelope'

export const AUDIT_STAFF_ONLY = 'The audit trail is available to vendor staff only'

/** Vendor staff only; the customer must exist (404 otherwise). Returns its account id. */
async function requireAuditReader(db: Db, user: ApiUser, customerNumber: string) {
  if (!isStaff(user)) throw forbidden(AUDIT_STAFF_ONLY)
  return (await requireCustomerAccess(db, user, customerNumber)).account.accountId
}

export function auditCalls(calls: CallTable, { db }: { db: Db }) {
  /** One page of the trail, newest first, with the token of the next. */
  const auditPage = async ({ input, user }: { input: PageRequest & { customerNumber: string }; user: ApiUser }) => {
    const { customerNumber, ...page } = input
    const { rows, token } = await readAudit(db, await requireAuditReader(db, user, customerNumber), page)
    return withToken(rows, token)
  }

  calls.implement(declared.page, auditPage)
  calls.implement(declared.pageByQuery, auditPage)

  calls.implement(
    declared.count,
    async ({ input, user }) =>
      await countAudit(db, await requireAuditReader(db, user, input.customerNumber), { filter: input.filter }),
  )
}
