/**
 * API: the audit trail of a customer's access settings (portal access, IP
 * allow-list, PIN, usernames), readable by vendor staff only.
 *
 * POST /audit {customerNumber, filter?, sorting?, offset? | token?, limit?} -> entries, newest first, with token
 * GET  /audit?customerNumber=&offset=&limit=                               -> the same, first page by default
 * POST /audit/count {customerNumber, filter?}                              -> number
 */
import express from 'express'
import { z } from 'zod'
import type { Db } from '../db/client'
import { isStaff, requireCustomerAccess } from './access'
import { customerNumberSchema } from '../app/domain/customer-number'
import { countAudit, readAudit } from './audit-log'
import type { ApiUser } from './auth'
import { forbidden, handle, parseInput, withToken } from './envelope'
import { countRequestSchema, pageRequestSchema } from './list-engine'

const pageSchema = pageRequestSchema.extend({ customerNumber: customerNumberSchema })
const countSchema = countRequestSchema.extend({ customerNumber: customerNumberSchema })

const querySchema = z.object({
  customerNumber: customerNumberSchema,
  offset: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  token: z.string().max(1000).optional(),
})

export const AUDIT_STAFF_ONLY = 'The audit trail is available to vendor staff only'

/** Vendor staff only; the customer must exist (404 otherwise). Returns its account id. */
function requireAuditReader(db: Db, user: ApiUser, customerNumber: string) {
  if (!isStaff(user)) throw forbidden(AUDIT_STAFF_ONLY)
  return requireCustomerAccess(db, user, customerNumber).account.accountId
}

export function auditRouter({ db }: { db: Db }) {
  const router = express.Router()

  router.post(
    '/audit',
    handle(({ req, user }) => {
      const { customerNumber, ...page } = parseInput(pageSchema, req.body)
      const { rows, token } = readAudit(db, requireAuditReader(db, user, customerNumber), page)
      return withToken(rows, token)
    }),
  )

  router.get(
    '/audit',
    handle(({ req, user }) => {
      const { customerNumber, ...page } = parseInput(querySchema, req.query)
      const { rows, token } = readAudit(db, requireAuditReader(db, user, customerNumber), page)
      return withToken(rows, token)
    }),
  )

  router.post(
    '/audit/count',
    handle(({ req, user }) => {
      const { customerNumber, filter } = parseInput(countSchema, req.body)
      return countAudit(db, requireAuditReader(db, user, customerNumber), { filter })
    }),
  )

  return router
}
