/**
 * API: a customer's web licence transactions (issue 36), the Web Transactions list and its export.
 *
 * Every attribute is a stored column or an SQL expression over one, so the list filters, sorts and
 * pages on the server at a million rows of one customer:
 * - the default order (newest first) and a date range read web_transactions_account_at_idx;
 *   a user or an outcome reads its own index (migration 0015) in the same order;
 * - the entitlement's activation id and licence type are looked up by the entitlement: a filter on
 *   them becomes a filter on the customer's entitlement ids;
 * - a group (filter only, no field of a row) keeps the transactions of its current members: a
 *   filter on the members' e-mails, which the user index serves one member at a time;
 * - the count of a date range (and outcomes) comes from web_transaction_days for whole days and
 *   from the time index for the parts of the first and last day, so the last page is as cheap as
 *   the first (read from the list's end).
 */
import { never, recursionLimit, roundTo, utcDateTime } from '../db/dialect'
import { rawAll, valuesWhere } from '../db/raw'
import { mapInOrder } from '../db/in-order'
import { reading, snapshot } from '../db/transact'
import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { entitlements, webGroupMembers, webGroups, webTransactionDays, webTransactions, webUsers } from '../db/tables'
import { dayOf, DAY_MS } from '../db/usage-aggregates'
import { USAGE_EXPORT_MAX, usageExportTooMany } from '../app/domain/usage-export'
import type { CallTable } from './call-table'
import { MAX_IN_VALUES, MAX_PAGE_SIZE } from './constants'
import { webTransactionCalls as declared, type WebTransactionRow } from './contract/web-transactions'
import { upper, type Criterion, type Filter, type PageRequest } from './contract/list-requests'
import { badRequest, withToken } from './envelope'
import {
  buildCriterion,
  ListError,
  listCount,
  listDistinct,
  listPage,
  type ColumnMap,
  type CriterionOverrides,
  type ListSource,
  type PageOptions,
} from './list-engine'
import { webAccess } from './web-store'
import type { ApiDeps } from './index'

const t = webTransactions
const e = entitlements

const entitlementField = (column: typeof e.activationId | typeof e.type) =>
  sql`coalesce((SELECT ${column} FROM ${e} WHERE ${e.id} = ${t.entitlementId}), '')`

const COLUMNS: ColumnMap = {
  id: t.id,
  at: t.at,
  time: utcDateTime(t.at),
  user: t.userEmail,
  product: t.product,
  activationId: entitlementField(e.activationId),
  licenseType: entitlementField(e.type),
  outcome: t.outcome,
  reason: t.reason,
  durationMs: t.durationMs,
  durationMinutes: roundTo(sql`${t.durationMs} / 60000.0`, 1),
  clientHost: t.clientHost,
  productVersion: t.productVersion,
}

/** What the list sorts by where that differs: the stored time and duration (indexed or plain columns). */
const SORT_COLUMNS: ColumnMap = { time: t.at, durationMinutes: t.durationMs }

const DEFAULT_SORT = [{ name: 'at', direction: 'desc' as const }]

const NUMERIC = ['at', 'id', 'durationMs', 'durationMinutes']

/** A number column compared with text: the text as a number, or refused when it is none (it would match nothing). */
const numericCheck = (c: Criterion, _method: string, index: number): SQL | undefined => {
  const values = Array.isArray(c.value) ? c.value : [c.value]
  const text = values.find((v) => typeof v === 'string' && (v.trim() === '' || !Number.isFinite(Number(v))))
  if (text !== undefined) throw new ListError(`${c.name} takes a number; '${String(text)}' is not one.`)
  if (!values.some((v) => typeof v === 'string')) return undefined
  const asNumber = (v: unknown) => (typeof v === 'string' ? Number(v) : v)
  const value = Array.isArray(c.value) ? c.value.map(asNumber) : asNumber(c.value)
  return buildCriterion({ ...c, value }, COLUMNS, index)
}

/**
 * A criterion on the entitlement's field as a set of the customer's entitlement ids, which the
 * transactions' indexes can use. Left to the plain column when it could match a row without an
 * entitlement (negated, or asking for '').
 */
const byEntitlement =
  (accountId: string, field: 'activationId' | 'licenseType', column: typeof e.activationId | typeof e.type) =>
  (c: Criterion, _method: string, index: number): SQL | undefined => {
    const values = Array.isArray(c.value) ? c.value : [c.value]
    if (c.not || values.some((v) => v === '' || v === null || v === undefined)) return undefined
    const test = buildCriterion(c, { [field]: column }, index)
    return sql`${t.entitlementId} IN (SELECT ${e.id} FROM ${e} WHERE ${e.accountId} = ${accountId} AND ${test})`
  }

/** The filter-only field of a group: its name (any case), EQUALS or IN. */
export const GROUP_CRITERION = 'group'

/**
 * A group criterion: the user is a current member of the customer's group of that name (as Web
 * Reporting's group hours count). An unknown group has no members, so it keeps no row.
 */
async function byGroup(db: Db, accountId: string, c: Criterion, method: string, index: number): Promise<SQL> {
  if (method !== 'EQUALS' && method !== 'IN') {
    throw new ListError(`${GROUP_CRITERION} takes EQUALS or IN with group names; ${method} is not offered.`)
  }
  const g = webGroups
  const test = buildCriterion({ ...c, not: false, casefold: true, tostring: false }, { [c.name]: g.name }, index)
  const members = sql`SELECT ${webUsers.email} AS email FROM ${webGroupMembers}
    JOIN ${g} ON ${g.id} = ${webGroupMembers.groupId}
    JOIN ${webUsers} ON ${webUsers.id} = ${webGroupMembers.userId}
    WHERE ${g.accountId} = ${accountId} AND ${webUsers.accountId} = ${accountId} AND ${test}`
  // The list reads the time index and tests each row's user, which is slow only when the
  // group's rows are rare. No member or one is named outright: no row is read, or that user's
  // own index is read in the list's order.
  const few = await rawAll<{ email: string }>(db, sql`${members} LIMIT 2`)
  if (few.length === 0) return never()
  if (few.length === 1) return eq(t.userEmail, few[0].email)
  return sql`${t.userEmail} IN (${members})`
}

/**
 * One user's transactions (EQUALS, as the links of Web Reporting ask) as the one e-mail stored for
 * them, which the user index reads in time order: the plain test (lower(e-mail) = lower(text))
 * reads every row of the range newest first until it has a page, the whole range for a user with
 * few or none. Left to the plain test when several stored e-mails match (they differ in case) or
 * the customer has too many users to look through.
 */
async function byUser(db: Db, accountId: string, c: Criterion, method: string, index: number) {
  if (method !== 'EQUALS' || c.tostring || typeof c.value !== 'string') return undefined
  const matching = await usersMatching(db, accountId, c, index)
  if (matching === undefined || matching.length > 1) return undefined
  return matching.length === 0 ? never() : eq(t.userEmail, matching[0])
}

/**
 * The filter's criteria on the group and the user, read from the database by `prepare` (per
 * criterion, by its place in the filter) before the list builds its SQL.
 */
function criteriaFor(db: Db, accountId: string) {
  const read = new Map<number, SQL | undefined>()
  const looked = (c: Criterion, _method: string, index: number) => {
    if (!read.has(index)) throw new Error(`the ${c.name} criterion was not read before the SQL was built`)
    return read.get(index)
  }
  const overrides: CriterionOverrides = {
    ...Object.fromEntries(NUMERIC.map((name) => [name, numericCheck])),
    activationId: byEntitlement(accountId, 'activationId', e.activationId),
    licenseType: byEntitlement(accountId, 'licenseType', e.type),
    [GROUP_CRITERION]: looked,
    user: looked,
  }
  const prepare = async (filter: Filter | null | undefined) => {
    read.clear()
    for (const [index, c] of (filter?.criteria ?? []).entries()) {
      const method = upper(c.method)
      if (c.name === GROUP_CRITERION) read.set(index, await byGroup(db, accountId, c, method, index))
      else if (c.name === 'user') read.set(index, await byUser(db, accountId, c, method, index))
    }
  }
  return { overrides, prepare }
}

/** What a filter may name: the row's fields and the group (which no row shows, so it has no values to list). */
const FILTER_COLUMNS: ColumnMap = { ...COLUMNS, [GROUP_CRITERION]: sql`''` }

const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)

/** What the day counts can answer: a time range and outcomes, nothing else. */
interface Countable {
  from: number | null
  to: number | null
  outcomes: string[] | null
}

function countable(filter: Filter | null | undefined): Countable | undefined {
  const found: Countable = { from: null, to: null, outcomes: null }
  const criteria = filter?.criteria ?? []
  if (criteria.length > 1 && filter?.condition === 'ANY') return undefined
  for (const c of criteria) {
    const method = c.method.trim().toUpperCase()
    if (c.not || c.casefold || c.tostring) return undefined
    if (c.name === 'at' && method === '>=' && isTime(c.value) && found.from === null) found.from = c.value
    else if (c.name === 'at' && (method === 'BEFORE' || method === '<') && isTime(c.value) && found.to === null) {
      found.to = c.value
    } else if (c.name === 'outcome' && found.outcomes === null && (method === 'IN' || method === 'EQUALS')) {
      const values = Array.isArray(c.value) ? c.value : [c.value]
      if (!values.every((v): v is string => typeof v === 'string')) return undefined
      found.outcomes = values
    } else return undefined
  }
  return found
}

/**
 * The transactions at or after `from` and before `to`: those before `to` less those before `from`,
 * each as whole days from web_transaction_days and the rest of its day from the time index.
 */
async function countFromDays(db: Db, accountId: string, range: Countable): Promise<number> {
  const { from, outcomes } = range
  // No end: up to the newest row (one seek), so its day's rows are counted from the index.
  const to = range.to ?? (await newestAt(db, accountId)) + 1
  if (from !== null && from >= to) return 0
  const d = webTransactionDays
  const ofOutcome = (column: typeof d.outcome | typeof t.outcome) =>
    outcomes === null ? undefined : outcomes.length === 0 ? never() : inArray(column, outcomes)
  const before = async (time: number): Promise<number> => {
    const whole = Number(
      (
        await db
          .select({ n: sql<number>`coalesce(sum(${d.n}), 0)` })
          .from(d)
          .where(and(eq(d.accountId, accountId), lt(d.day, dayOf(time)), ofOutcome(d.outcome)))
      )[0]?.n ?? 0,
    )
    const part = Number(
      (
        await db
          .select({ n: sql<number>`count(*)` })
          .from(t)
          .where(and(eq(t.accountId, accountId), gte(t.at, dayOf(time) * DAY_MS), lt(t.at, time), ofOutcome(t.outcome)))
      )[0]?.n ?? 0,
    )
    return whole + part
  }
  return (await before(to)) - (from === null ? 0 : await before(from))
}

async function newestAt(db: Db, accountId: string): Promise<number> {
  const row = (
    await db
      .select({ at: sql<number | null>`max(${t.at})` })
      .from(t)
      .where(eq(t.accountId, accountId))
  )[0]
  return row?.at ?? 0
}

/**
 * The customer's users, sorted, by skipping through the user index (one seek per user) instead of
 * reading every row; at most `limit` + 1, so more than `limit` shows.
 */
async function usersOf(db: Db, accountId: string, limit: number): Promise<string[]> {
  const { inside, outside } = recursionLimit(limit + 2)
  const rows = await rawAll<{ v: string }>(
    db,
    sql`WITH RECURSIVE found(v) AS (
      SELECT (SELECT min(${t.userEmail}) FROM ${t} WHERE ${t.accountId} = ${accountId})
      UNION ALL
      SELECT (SELECT min(${t.userEmail}) FROM ${t} WHERE ${t.accountId} = ${accountId} AND ${t.userEmail} > found.v)
        FROM found WHERE found.v IS NOT NULL${inside}
    ) SELECT v FROM found WHERE v IS NOT NULL${outside}`,
  )
  return rows.map((r) => r.v)
}

/**
 * The filter with each text criterion on the user (e.g. CONTAINS 'ana') replaced by IN over the
 * customer's users that match it, so a count reads those users' index entries instead of every
 * row; undefined when there is none to replace or the customer has too many users.
 */
async function withUserValues(
  db: Db,
  accountId: string,
  filter: Filter | null | undefined,
): Promise<Filter | undefined> {
  const isText = (c: Criterion) =>
    c.name === 'user' && c.value !== null && c.value !== undefined && !Array.isArray(c.value)
  if (!filter || !filter.criteria.some(isText)) return undefined
  const users = await usersOf(db, accountId, MAX_IN_VALUES)
  if (users.length > MAX_IN_VALUES) return undefined
  const criteria = await mapInOrder(filter.criteria, async (c, index) => {
    if (!isText(c)) return c
    return { name: 'user', method: 'IN', value: await matchingOf(db, users, c, index), not: c.not }
  })
  return { ...filter, criteria }
}

/** Which of `users` a text criterion on the user keeps (its `not` left aside). */
async function matchingOf(db: Db, users: string[], c: Criterion, index: number): Promise<string[]> {
  return await valuesWhere(db, users, buildCriterion({ ...c, not: false }, { user: sql`v` }, index))
}

/** The customer's users a text criterion keeps, or undefined when the customer has too many users. */
async function usersMatching(db: Db, accountId: string, c: Criterion, index: number): Promise<string[] | undefined> {
  const users = await usersOf(db, accountId, MAX_IN_VALUES)
  return users.length > MAX_IN_VALUES ? undefined : await matchingOf(db, users, c, index)
}

/** Pages this deep or deeper are read from the list's end when that is nearer. */
const REVERSE_SCAN_FROM = 10_000

export function webTransactionList(db: Db, accountId: string): ListSource {
  const lookups = criteriaFor(db, accountId)
  const source: ListSource = {
    columns: FILTER_COLUMNS,
    fields: COLUMNS,
    sortColumns: SORT_COLUMNS,
    defaultSort: DEFAULT_SORT,
    // Ties in time are broken by the id in the same direction: the order of the time index.
    uniqueKey: ['id'],
    tieBreakFollowsSort: true,
    criteria: lookups.overrides,
    prepare: lookups.prepare,
    reverseScanFrom: REVERSE_SCAN_FROM,
    consistent: (read) => snapshot(db, read),
    query: (fields) => reading(db).select(fields).from(t).$dynamic(),
    scope: eq(t.accountId, accountId),
    distinct: async (input) => {
      if (input.key === GROUP_CRITERION) throw new ListError(`${GROUP_CRITERION} has no list of values.`)
      return undefined
    },
    count: async (filter) => {
      const byDays = countable(filter)
      if (byDays) return await countFromDays(db, accountId, byDays)
      const rewritten = await withUserValues(db, accountId, filter)
      return rewritten ? await listCount({ ...source, count: undefined }, { filter: rewritten }) : undefined
    },
  }
  return source
}

/** Export pages are told apart from list pages by their tokens, which hold the last row's sort keys. */
export const EXPORT_PAGES: PageOptions = { tokenKind: 'export', keyset: true }

export function webTransactionCalls(calls: CallTable, { db }: ApiDeps) {
  const sourceFor = async (user: Parameters<typeof webAccess>[1], customerNumber: string) =>
    webTransactionList(db, (await webAccess(db, user, customerNumber)).accountId)
  const page = async (source: ListSource, input: PageRequest, options?: PageOptions) => {
    const found = await listPage<WebTransactionRow>(source, input, options)
    return withToken(found.rows, found.token)
  }

  calls.implement(
    declared.list.page,
    async ({ input, user }) => await page(await sourceFor(user, input.customerNumber), input),
  )
  calls.implement(
    declared.list.count,
    async ({ input, user }) => await listCount(await sourceFor(user, input.customerNumber), input),
  )
  calls.implement(
    declared.list.distinct,
    async ({ input, user }) => await listDistinct(await sourceFor(user, input.customerNumber), input),
  )
  calls.implement(declared.export, async ({ input, user }) => {
    const source = await sourceFor(user, input.customerNumber)
    if (!input.token && (await listCount(source, { filter: input.filter })) > USAGE_EXPORT_MAX) {
      throw badRequest(usageExportTooMany(USAGE_EXPORT_MAX))
    }
    return await page(source, { ...input, limit: input.limit ?? MAX_PAGE_SIZE }, EXPORT_PAGES)
  })
}
