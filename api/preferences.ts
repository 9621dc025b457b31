/**
 * Saved table views per (user, customer, table): filter model, sort model, column
 * state and screen-specific extras. Saving an item that carries nothing but its
 * table name removes the view (the "Reset View" empty preference).
 */
import express from 'express'
import { and, asc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../db/client'
import { accountAccess, savedViews } from '../db/schema'
import { isStaff, requireCustomerAccess } from './access'
import { customerNumberSchema } from '../app/domain/customer-number'
import type { ApiUser } from './auth'
import { badRequest, handle, parseInput } from './envelope'

const MAX_ITEM_CHARS = 200_000
const MAX_TABLES_PER_SAVE = 50

const colId = z.string().min(1).max(200)

export const sortModelSchema = z
  .array(
    z.object({
      colId,
      sort: z.enum(['asc', 'desc']),
      sortIndex: z.number().int().min(0).max(1000).nullish(),
    }),
  )
  .max(100)

export const filterModelSchema = z.record(z.string().max(200), z.unknown())

/** Grid column state; grids add their own fields (pinned, flex ...), which are kept. */
export const columnOrderSchema = z
  .array(
    z.looseObject({
      colId,
      hide: z.boolean().nullish(),
      width: z.number().min(0).max(10_000).nullish(),
    }),
  )
  .max(500)

export const tableNameSchema = z
  .string()
  .trim()
  .min(1, 'tableName is required')
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'tableName may only hold letters, digits and . _ : -')

const KNOWN_KEYS = new Set(['customerNumber', 'tableName', 'filterModel', 'sortModel', 'columnOrder'])

const preferenceItemShape = z.looseObject({
  tableName: tableNameSchema,
  filterModel: filterModelSchema.nullish(),
  sortModel: sortModelSchema.nullish(),
  columnOrder: columnOrderSchema.nullish(),
})

const notTooLarge = (item: unknown) => JSON.stringify(item).length <= MAX_ITEM_CHARS
const TOO_LARGE = { message: `preference is too large (at most ${MAX_ITEM_CHARS} characters)` }

export const preferenceItemSchema = preferenceItemShape.refine(notTooLarge, TOO_LARGE)

type PreferenceItem = z.infer<typeof preferenceItemShape>

export interface SavedView {
  customerNumber: string
  tableName: string
  filterModel: unknown
  sortModel: unknown
  columnOrder: unknown
  [extra: string]: unknown
}

function extrasOf(item: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).filter(([k, v]) => !KNOWN_KEYS.has(k) && v !== undefined))
}

const isEmptyValue = (v: unknown) =>
  v === undefined || v === null || (Array.isArray(v) ? v.length === 0 : typeof v === 'object' && Object.keys(v).length === 0)

function isEmptyPreference(item: PreferenceItem) {
  return (
    isEmptyValue(item.filterModel) &&
    isEmptyValue(item.sortModel) &&
    isEmptyValue(item.columnOrder) &&
    Object.keys(extrasOf(item)).length === 0
  )
}

type ViewRow = typeof savedViews.$inferSelect

function toView(row: ViewRow): SavedView {
  const extra = row.extra && typeof row.extra === 'object' ? (row.extra as Record<string, unknown>) : {}
  return {
    ...extra,
    customerNumber: row.customerNumber,
    tableName: row.tableName,
    filterModel: row.filterModel ?? null,
    sortModel: row.sortModel ?? null,
    columnOrder: row.columnOrder ?? null,
  }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Upserts or removes one view. Call inside a transaction after the customer check. */
function writeView(tx: Tx, userId: number, customerNumber: string, item: PreferenceItem) {
  const key = and(
    eq(savedViews.userId, userId),
    eq(savedViews.customerNumber, customerNumber),
    eq(savedViews.tableName, item.tableName),
  )
  if (isEmptyPreference(item)) {
    tx.delete(savedViews).where(key).run()
    return
  }
  const extras = extrasOf(item)
  const values = {
    filterModel: item.filterModel ?? null,
    sortModel: item.sortModel ?? null,
    columnOrder: item.columnOrder ?? null,
    extra: Object.keys(extras).length ? extras : null,
    updatedAt: Date.now(),
  }
  tx.insert(savedViews)
    .values({ userId, customerNumber, tableName: item.tableName, ...values })
    .onConflictDoUpdate({ target: [savedViews.userId, savedViews.customerNumber, savedViews.tableName], set: values })
    .run()
}

function readView(db: Db, userId: number, customerNumber: string, tableName: string): SavedView | null {
  const row = db
    .select()
    .from(savedViews)
    .where(
      and(
        eq(savedViews.userId, userId),
        eq(savedViews.customerNumber, customerNumber),
        eq(savedViews.tableName, tableName),
      ),
    )
    .get()
  return row ? toView(row) : null
}

/** All the user's views on customers they can still see. */
export function allViews(db: Db, user: ApiUser): SavedView[] {
  const scope = isStaff(user)
    ? undefined
    : sql`EXISTS (SELECT 1 FROM ${accountAccess} WHERE ${accountAccess.userId} = ${savedViews.userId} AND ${accountAccess.accountId} = ${savedViews.customerNumber})`
  return db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.userId, user.id), scope))
    .orderBy(asc(savedViews.customerNumber), asc(savedViews.tableName))
    .all()
    .map(toView)
}

const getSchema = z.object({ customerNumber: customerNumberSchema, tableName: tableNameSchema })

const saveSchema = z.object({
  customerNumber: customerNumberSchema,
  tables: z.array(preferenceItemSchema).min(1).max(MAX_TABLES_PER_SAVE),
})

const prefItemWithCustomer = preferenceItemShape
  .extend({ customerNumber: customerNumberSchema })
  .refine(notTooLarge, TOO_LARGE)
const prefSaveSchema = z.object({
  tables: z.array(prefItemWithCustomer).max(MAX_TABLES_PER_SAVE),
})

export function preferencesRouter({ db }: { db: Db }) {
  const router = express.Router()

  router.post(
    '/preferences/get',
    handle(({ req, user }) => {
      const { customerNumber, tableName } = parseInput(getSchema, req.body)
      const { account } = requireCustomerAccess(db, user, customerNumber)
      return readView(db, user.id, account.accountId, tableName)
    }),
  )

  router.post(
    '/preferences/save',
    handle(({ req, user }) => {
      const body = parseInput(saveSchema, req.body)
      const { account } = requireCustomerAccess(db, user, body.customerNumber)
      const names = new Set(body.tables.map((t) => t.tableName))
      if (names.size !== body.tables.length) throw badRequest('tables: each tableName may appear once')
      db.transaction((tx) => {
        for (const item of body.tables) writeView(tx, user.id, account.accountId, item)
      })
      return body.tables
        .map((t) => readView(db, user.id, account.accountId, t.tableName))
        .filter((v): v is SavedView => v !== null)
    }),
  )

  router.get(
    '/featureflag/pref',
    handle(({ user }) => allViews(db, user)),
  )

  router.post(
    '/featureflag/pref',
    handle(({ req, user }) => {
      const body = parseInput(prefSaveSchema, req.body)
      const targets = body.tables.map((item) => ({
        item,
        customerNumber: requireCustomerAccess(db, user, item.customerNumber).account.accountId,
      }))
      const keys = new Set(targets.map((t) => `${t.customerNumber}\u0000${t.item.tableName}`))
      if (keys.size !== targets.length) throw badRequest('tables: each customerNumber and tableName pair may appear once')
      db.transaction((tx) => {
        for (const t of targets) writeView(tx, user.id, t.customerNumber, t.item)
      })
      return allViews(db, user)
    }),
  )

  return router
}
