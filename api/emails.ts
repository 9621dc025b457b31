/**
 * API: the e-mail outbox. The list, its count and distinct values are scoped to
 * one customer the caller may see; one e-mail is read with its body; deleting
 * marks it deleted (it stays in the outbox for audit) and needs a user who may
 * change the customer's settings (not view-only).
 */
import express from 'express'
import { and, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../db/client'
import { accounts, emails } from '../db/schema'
import { isViewOnly } from '../app/domain/permissions'
import { buildAccountInfo, customerNumberSchema, requireCustomerAccess } from './access'
import type { ApiUser } from './auth'
import { badRequest, forbidden, handle, notFound, parseInput, withToken } from './envelope'
import {
  countRequestSchema,
  distinctRequestSchema,
  filterSchema,
  listCount,
  listDistinct,
  listPage,
  pageRequestSchema,
  type ColumnMap,
  type Filter,
  type ListSource,
} from './list-engine'
import type { ApiDeps } from './index'

const EMAIL_COLUMNS: ColumnMap = {
  id: emails.id,
  date: emails.date,
  subject: emails.subject,
  to: emails.to,
  customerNumber: emails.accountId,
  customerName: accounts.accountName,
}

const MAX_IN_VALUES = 500
const MAX_IN_TEXT = 1000

const inValuesSchema = z
  .array(z.union([z.string().max(MAX_IN_TEXT), z.number()]))
  .min(1, 'IN needs at least one value')
  .max(MAX_IN_VALUES, `IN takes at most ${MAX_IN_VALUES} values`)

/**
 * Takes the IN criteria (value in a list, used by the grid's value filter) out of
 * a filter and turns them into SQL, because the shared list engine's criteria are
 * single-valued. IN combines with the other criteria only under condition ALL.
 */
export function splitInCriteria(filter: Filter | null | undefined, columns: ColumnMap): { filter: Filter | undefined; where: SQL | undefined } {
  if (!filter) return { filter: undefined, where: undefined }
  const isIn = (method: string) => method.trim().toUpperCase() === 'IN'
  const inCriteria = filter.criteria.filter((c) => isIn(c.method))
  if (inCriteria.length === 0) return { filter, where: undefined }
  if (filter.condition !== 'ALL') throw badRequest('filter: IN criteria can be combined only with condition ALL')
  const parts = inCriteria.map((c) => {
    if (!Object.hasOwn(columns, c.name)) {
      throw badRequest(`Unknown column '${c.name}'. Allowed: ${Object.keys(columns).join(', ')}`)
    }
    const parsed = inValuesSchema.safeParse(c.value)
    if (!parsed.success) throw badRequest(`filter criterion (${c.name} IN): ${parsed.error.issues[0]?.message ?? 'invalid values'}`)
    const column = columns[c.name]
    const target = c.casefold ? sql`lower(${column})` : sql`${column}`
    const values = parsed.data.map((v) => (c.casefold && typeof v === 'string' ? v.toLowerCase() : v))
    return c.not ? notInArray(target, values) : inArray(target, values)
  })
  return { filter: { ...filter, criteria: filter.criteria.filter((c) => !isIn(c.method)) }, where: and(...parts) }
}

function emailList(db: Db, accountId: string, extraWhere?: SQL): ListSource {
  return {
    columns: EMAIL_COLUMNS,
    defaultSort: [{ name: 'date', direction: 'desc' }],
    uniqueKey: ['id'],
    query: (fields) => db.select(fields).from(emails).innerJoin(accounts, eq(accounts.accountId, emails.accountId)).$dynamic(),
    scope: and(eq(emails.accountId, accountId), isNull(emails.deletedAt), extraWhere),
  }
}

const customerScope = { customerNumber: customerNumberSchema }
const listSchema = pageRequestSchema.extend(customerScope)
const countSchema = countRequestSchema.extend(customerScope)
const distinctSchema = distinctRequestSchema.extend(customerScope)
const oneSchema = z.object({
  customerNumber: customerNumberSchema,
  id: z.coerce.number({ message: 'id must be a number' }).int().positive('id must be a positive whole number'),
})
const idParam = z.coerce.number().int().positive()

/** The list source for a request: the customer's e-mails with the request's IN criteria applied. */
function sourceFor(db: Db, user: ApiUser, customerNumber: unknown, filter: z.infer<typeof filterSchema> | null | undefined) {
  const { account } = requireCustomerAccess(db, user, customerNumber)
  const split = splitInCriteria(filter, EMAIL_COLUMNS)
  return { source: emailList(db, account.accountId, split.where), filter: split.filter }
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

  router.post(
    '/getemails',
    handle(({ req, user }) => {
      const input = parseInput(listSchema, req.body)
      const { source, filter } = sourceFor(db, user, input.customerNumber, input.filter)
      const page = listPage(source, { ...input, filter })
      return withToken(page.rows, page.token)
    }),
  )

  router.post(
    '/getemails/count',
    handle(({ req, user }) => {
      const input = parseInput(countSchema, req.body)
      const { source, filter } = sourceFor(db, user, input.customerNumber, input.filter)
      return listCount(source, { filter })
    }),
  )

  router.post(
    '/getemails/distinct',
    handle(({ req, user }) => {
      const input = parseInput(distinctSchema, req.body)
      const { source, filter } = sourceFor(db, user, input.customerNumber, input.filter)
      return listDistinct(source, { ...input, filter })
    }),
  )

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
