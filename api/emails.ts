/**
 * API: the e-mail outbox. The list, its count and distinct values are scoped to
 * one customer the caller may see; one e-mail is read with its body; deleting
 * marks it deleted (it stays in the outbox for audit) and needs a user who may
 * change the customer's settings (not view-only).
 */
import express from 'express'
import { and, eq, isNull } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../db/client'
import { accounts, emails } from '../db/schema'
import { isViewOnly } from '../app/domain/permissions'
import { buildAccountInfo, requireCustomerAccess } from './access'
import { customerNumberSchema } from '../app/domain/customer-number'
import type { ApiUser } from './auth'
import { badRequest, forbidden, handle, notFound, parseInput } from './envelope'
import { listRoutes } from './list-routes'
import type { ColumnMap, ListSource } from './list-engine'
import type { ApiDeps } from './index'

const EMAIL_COLUMNS: ColumnMap = {
  id: emails.id,
  date: emails.date,
  subject: emails.subject,
  to: emails.to,
  customerNumber: emails.accountId,
  customerName: accounts.accountName,
}

function emailList(db: Db, accountId: string): ListSource {
  return {
    columns: EMAIL_COLUMNS,
    defaultSort: [{ name: 'date', direction: 'desc' }],
    uniqueKey: ['id'],
    query: (fields) => db.select(fields).from(emails).innerJoin(accounts, eq(accounts.accountId, emails.accountId)).$dynamic(),
    scope: and(eq(emails.accountId, accountId), isNull(emails.deletedAt)),
  }
}

const customerScope = { customerNumber: customerNumberSchema }
const oneSchema = z.object({
  customerNumber: customerNumberSchema,
  id: z.coerce.number({ message: 'id must be a number' }).int().positive('id must be a positive whole number'),
})
const idParam = z.coerce.number().int().positive()

/** The list of the customer's e-mails, when the caller may see that customer. */
function sourceFor(db: Db, user: ApiUser, customerNumber: unknown) {
  const { account } = requireCustomerAccess(db, user, customerNumber)
  return emailList(db, account.accountId)
}

function findEmail(db: Db, id: number) {
  return db
    .select({
      id: emails.id,
      date: emails.date,
      subject: emails.subject,
      to: emails.to,
      body: emails.body,
      customerNumber: emails.accountId,
      customerName: accounts.accountName,
    })
    .from(emails)
    .innerJoin(accounts, eq(accounts.accountId, emails.accountId))
    .where(and(eq(emails.id, id), isNull(emails.deletedAt)))
    .get()
}

export function emailsRouter({ db }: ApiDeps) {
  const router = express.Router()

  listRoutes(router, '/getemails', (user, { customerNumber }) => sourceFor(db, user, customerNumber), customerScope)

  router.post(
    '/getemail',
    handle(({ req, user }) => {
      const input = parseInput(oneSchema, req.body)
      requireCustomerAccess(db, user, input.customerNumber)
      const email = findEmail(db, input.id)
      if (!email) throw notFound('Email not found')
      // The e-mail may belong to another customer: the caller must be able to see that one too.
      requireCustomerAccess(db, user, email.customerNumber)
      return email
    }),
  )

  router.delete(
    '/emails/:id',
    handle(({ req, user }) => {
      const parsed = idParam.safeParse(req.params.id)
      if (!parsed.success) throw badRequest('id must be a positive whole number')
      const id = parsed.data
      return db.transaction(
        (tx) => {
          const row = tx
            .select({ accountId: emails.accountId })
            .from(emails)
            .where(and(eq(emails.id, id), isNull(emails.deletedAt)))
            .get()
          if (!row) throw notFound('Email not found')
          const { account, access } = requireCustomerAccess(db, user, row.accountId)
          if (isViewOnly(user, buildAccountInfo(account, access, user))) {
            throw forbidden('View-only users cannot delete emails')
          }
          tx.update(emails).set({ deletedAt: Date.now() }).where(eq(emails.id, id)).run()
          return { id, deleted: true }
        },
        { behavior: 'immediate' },
      )
    }),
  )

  return router
}
