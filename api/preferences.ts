/**
 * Saved table views per (user, customer, table): filter model, sort model, column
 * state and screen-specific extras. Saving an item that carries nothing but its
 * table name removes the view (the "Reset View" empty preference).
 *
 * Limits: a view holds at most MAX_VIEW_CHARS characters of JSON and column ids
 * without control characters; a user keeps at most MAX_VIEWS_PER_USER views, and
 * saving beyond that drops the ones saved longest ago (a failed save would only
 * be logged by the portal, so refusing would lose the newest view instead).
 */
import { mapInOrder } from '../db/in-order'
import type { Tx } from '../db/transact'
import { transact } from '../db/transact'
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { accountAccess, accounts, savedViews } from '../db/tables'
import { isExportDenied, isStaff, requireCustomerAccess } from './access'
import type { ApiUser } from './auth'
import type { CallTable } from './call-table'
import { MAX_VIEWS_PER_USER, settingsCalls as declared, type PreferenceItem, type SavedView } from './contract/settings'
import { badRequest } from './envelope'

const KNOWN_KEYS = new Set(['customerNumber', 'tableName', 'filterModel', 'sortModel', 'columnOrder'])

function extrasOf(item: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).filter(([k, v]) => !KNOWN_KEYS.has(k) && v !== undefined))
}

const isEmptyValue = (v: unknown) =>
  v === undefined ||
  v === null ||
  (Array.isArray(v) ? v.length === 0 : typeof v === 'object' && Object.keys(v).length === 0)

function isEmptyPreference(item: PreferenceItem) {
  return (
    isEmptyValue(item.filterModel) &&
    isEmptyValue(item.sortModel) &&
    isEmptyValue(item.columnOrder) &&
    Object.keys(extrasOf(item)).length === 0
  )
}

type ViewRow = typeof savedViews.$inferSelect

/** The parts are stored as the save call parsed them, so they have the shapes its schema gives. */
function toView(row: ViewRow): SavedView {
  const extra = row.extra && typeof row.extra === 'object' ? (row.extra as Record<string, unknown>) : {}
  return {
    ...extra,
    customerNumber: row.customerNumber,
    tableName: row.tableName,
    filterModel: (row.filterModel ?? null) as SavedView['filterModel'],
    sortModel: (row.sortModel ?? null) as SavedView['sortModel'],
    columnOrder: (row.columnOrder ?? null) as SavedView['columnOrder'],
  }
}

/** Upserts or removes one view. Call inside a transaction after the customer check. */
async function writeView(tx: Tx, userId: number, customerNumber: string, item: PreferenceItem) {
  const key = and(
    eq(savedViews.userId, userId),
    eq(savedViews.customerNumber, customerNumber),
    eq(savedViews.tableName, item.tableName),
  )
  if (isEmptyPreference(item)) {
    await tx.delete(savedViews).where(key)
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
  await tx
    .insert(savedViews)
    .values({ userId, customerNumber, tableName: item.tableName, ...values })
    .onConflictDoUpdate({ target: [savedViews.userId, savedViews.customerNumber, savedViews.tableName], set: values })
}

/**
 * Drops the user's views saved longest ago beyond MAX_VIEWS_PER_USER, never one of
 * `kept` (the views just written). Call inside the transaction that wrote them.
 */
async function keepNewestViews(tx: Tx, userId: number, kept: { customerNumber: string; tableName: string }[]) {
  const stored = (await tx.select({ n: count() }).from(savedViews).where(eq(savedViews.userId, userId)))[0]?.n ?? 0
  const excess = stored - MAX_VIEWS_PER_USER
  if (excess <= 0) return
  const keptKeys = new Set(kept.map((k) => `${k.customerNumber}\u0000${k.tableName}`))
  const oldest = (
    await tx
      .select({ customerNumber: savedViews.customerNumber, tableName: savedViews.tableName })
      .from(savedViews)
      .where(eq(savedViews.userId, userId))
      .orderBy(asc(savedViews.updatedAt), asc(savedViews.customerNumber), asc(savedViews.tableName))
      .limit(excess + kept.length)
  )
    .filter((v) => !keptKeys.has(`${v.customerNumber}\u0000${v.tableName}`))
    .slice(0, excess)
  for (const v of oldest) {
    await tx
      .delete(savedViews)
      .where(
        and(
          eq(savedViews.userId, userId),
          eq(savedViews.customerNumber, v.customerNumber),
          eq(savedViews.tableName, v.tableName),
        ),
      )
  }
}

/** Writes (or removes) the views of one request in one transaction, within the per-user limit. */
async function writeViews(db: Db, userId: number, views: { customerNumber: string; item: PreferenceItem }[]) {
  await transact(db, async (tx) => {
    for (const v of views) await writeView(tx, userId, v.customerNumber, v.item)
    await keepNewestViews(
      tx,
      userId,
      views.map((v) => ({ customerNumber: v.customerNumber, tableName: v.item.tableName })),
    )
  })
}

async function readView(db: Db, userId: number, customerNumber: string, tableName: string): Promise<SavedView | null> {
  const row = (
    await db
      .select()
      .from(savedViews)
      .where(
        and(
          eq(savedViews.userId, userId),
          eq(savedViews.customerNumber, customerNumber),
          eq(savedViews.tableName, tableName),
        ),
      )
  )[0]
  return row ? toView(row) : null
}

/** All the user's views on customers they can still see and that are not under export control. */
export async function allViews(db: Db, user: ApiUser): Promise<SavedView[]> {
  const scope = isStaff(user)
    ? undefined
    : sql`EXISTS (SELECT 1 FROM ${accountAccess} WHERE ${accountAccess.userId} = ${savedViews.userId} AND ${accountAccess.accountId} = ${savedViews.customerNumber})`
  const rows = await db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.userId, user.id), scope))
    .orderBy(asc(savedViews.customerNumber), asc(savedViews.tableName))
  const customers = [...new Set(rows.map((r) => r.customerNumber))]
  const denied = new Set(
    customers.length === 0
      ? []
      : (
          await db
            .select({ accountId: accounts.accountId, exportControlStatus: accounts.exportControlStatus })
            .from(accounts)
            .where(inArray(accounts.accountId, customers))
        )
          .filter(isExportDenied)
          .map((a) => a.accountId),
  )
  return rows.filter((r) => !denied.has(r.customerNumber)).map(toView)
}

export function preferenceCalls(calls: CallTable, { db }: { db: Db }) {
  calls.implement(declared.getPreference, async ({ input, user }) => {
    const { account } = await requireCustomerAccess(db, user, input.customerNumber)
    return await readView(db, user.id, account.accountId, input.tableName)
  })

  calls.implement(declared.savePreferences, async ({ input, user }) => {
    const { account } = await requireCustomerAccess(db, user, input.customerNumber)
    const names = new Set(input.tables.map((t) => t.tableName))
    if (names.size !== input.tables.length) throw badRequest('tables: each tableName may appear once')
    await writeViews(
      db,
      user.id,
      input.tables.map((item) => ({ customerNumber: account.accountId, item })),
    )
    const views = await mapInOrder(input.tables, (t) => readView(db, user.id, account.accountId, t.tableName))
    return views.filter((v): v is SavedView => v !== null)
  })

  calls.implement(declared.allPreferences, async ({ user }) => await allViews(db, user))

  calls.implement(declared.savePreferencesOfCustomers, async ({ input, user }) => {
    const targets = await mapInOrder(input.tables, async (item) => ({
      item,
      customerNumber: (await requireCustomerAccess(db, user, item.customerNumber)).account.accountId,
    }))
    const keys = new Set(targets.map((t) => `${t.customerNumber}\u0000${t.item.tableName}`))
    if (keys.size !== targets.length) throw badRequest('tables: each customerNumber and tableName pair may appear once')
    await writeViews(db, user.id, targets)
    return await allViews(db, user)
  })
}
