/**
 * A customer's usage sessions as a list (spec 2 section 3, Usage record
 * attributes): every attribute is a stored column or an SQL expression over one,
 * so the Usage Transactions grid filters, sorts and pages on the server.
 *
 * How the portal's requests read (spec 2 section 7):
 * - the range is AFTER on EndTime_ts with its start and BEFORE on StartTime_ts with
 *   its end; an active session (no end yet) ends after any time, so every session
 *   that overlaps the range counts;
 * - active only is EQUALS on Active, i.e. no end time;
 * - Hours filter as shown (two decimals, at least 0.01) and sort by the stored value.
 *
 * usagePage, usageCount and usageDistinct are what the fetchUsage calls run after
 * the access check; the bench runs them on the database file directly.
 */
import { always, asFlag, greatest, least, recursionLimit, roundTo } from '../db/dialect'
import { rawAll, valuesWhere } from '../db/raw'
import { mapInOrder } from '../db/in-order'
import { reading, snapshot } from '../db/transact'
import { and, eq, lt, sql, type SQL } from 'drizzle-orm'
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Db } from '../db/client'
import { usageDayCounts, usageLongestSessions, usageSessions } from '../db/tables'
import { dayOf, DAY_MS } from '../db/usage-aggregates'
import { MAX_IN_VALUES } from './constants'
import { CLOUD_JOB_FIELD, NUMERIC_USAGE_FIELDS, type UsageField, type UsageRow } from '../app/domain/usage-row'
import {
  buildCriterion,
  buildWhere,
  ListError,
  listCount,
  listDistinct,
  listPage,
  type ColumnMap,
  type ColumnValue,
  type CriterionOverrides,
  type ListColumn,
  type ListSource,
  type PageOptions,
} from './list-engine'
import {
  type CountRequest,
  type Criterion,
  type DistinctRequest,
  type Filter,
  type PageRequest,
} from './contract/list-requests'

const s = usageSessions

/** What each attribute filters by. */
const COLUMNS: Record<UsageField, ListColumn> = {
  StartTime: s.startTime,
  EndTime: sql`coalesce(${s.endTime}, '')`,
  StartTime_ts: s.startTs,
  EndTime_ts: s.endTs,
  ProductCount: s.productCount,
  Count: s.count,
  Length: s.length,
  User: s.user,
  Product: s.product,
  Host: s.host,
  DeviceID: s.deviceId,
  SessionStatus: s.sessionStatus,
  ServerID: s.serverId,
  FeatureFno: s.featureFno,
  IP_ADDRESS: s.ipAddress,
  REFERER_IP_ADDRESS: s.refererIpAddress,
  ProductLine: s.productLine,
  RateFileVersion: s.rateFileVersion,
  PID: s.pid,
  Account: s.accountId,
  Acquisition: s.acquisition,
  Active: asFlag(sql`(${s.endTs} IS NULL)`),
  ConsumerID: s.consumerId,
  ActivationID: s.activationId,
  Feature: s.feature,
  Project: s.project,
  productVersion: s.productVersion,
  [CLOUD_JOB_FIELD]: s.cloudJobId,
  Hours: greatest(roundTo(s.hours, 2), sql`0.01`),
  Charge: s.charge,
  Currency: s.currency,
}

/** What the row carries where it differs from the filter column. */
const FIELDS: ColumnMap = { ...COLUMNS, Hours: s.hours }

/** The row's id: the last sort key of every order, so pages never overlap. */
const ID = 'id'
/**
 * Ties are broken by the end, then the id, in the direction of the last sort rule:
 * the order of the start index (customer, start, end, rowid), which then serves the
 * default order whole, so skipping to a deep offset reads index entries only.
 */
const TIE_BREAK = ['EndTime_ts', ID]

/** What a field sorts by where that differs: the stored times and hours (indexed), and the row id. */
const SORT_COLUMNS: ColumnMap = {
  StartTime: s.startTs,
  EndTime: s.endTs,
  Hours: s.hours,
  [ID]: s.id,
}

const describe = (c: Criterion, index: number) => `filter criterion ${index + 1} (${c.name} ${c.method})`

function epochMs(c: Criterion, index: number): number {
  if (typeof c.value !== 'number' || !Number.isFinite(c.value)) {
    throw new ListError(`${describe(c, index)}: value must be a time in epoch milliseconds`)
  }
  return c.value
}

function flag(c: Criterion, index: number): boolean {
  const v = typeof c.value === 'string' ? c.value.trim().toLowerCase() : c.value
  if (v === true || v === 1 || v === 'true') return true
  if (v === false || v === 0 || v === 'false') return false
  throw new ListError(`${describe(c, index)}: value must be true or false`)
}

/**
 * A session without an end is still running: it ends after any time. Written as
 * one comparison the end index cannot serve, so a page in start order reads the
 * start index from its end and stops after the page (counts use usage_day_counts).
 */
const endOrNever = sql`coalesce(${s.endTs}, ${Number.MAX_SAFE_INTEGER})`

/** The customer's running sessions, in a subquery of a query on the sessions. */
const RUNNING = 'running'
const running = alias(usageSessions, RUNNING)
const longest = usageLongestSessions

/**
 * The earliest start of a customer's session that ends after `from`: `from` less
 * its longest closed session, or the start of its oldest running one when that is
 * earlier. Two seeks, evaluated once per statement. As a bound on the start it
 * ends the start index scan of a range there, instead of at the customer's oldest
 * session, when a page runs out of rows (the last page, a range with few rows).
 */
function earliestStart(accountId: string, from: number): SQL {
  const longestMs = sql`(SELECT ${longest.lengthMs} FROM ${longest} WHERE ${longest.accountId} = ${accountId})`
  const oldestRunning = sql`(SELECT min(${running.startTs}) FROM ${s} AS ${sql.identifier(RUNNING)}
    WHERE ${running.accountId} = ${accountId} AND ${running.endTs} IS NULL)`
  return least(sql`${from} - coalesce(${longestMs}, 0)`, sql`coalesce(${oldestRunning}, ${from})`)
}

const START_RANGES = ['RANGE', 'INRANGE', 'DATERANGE']
const START_AFTER = ['AFTER', '>', '>=']

/**
 * The lowest start the filter's own criteria on the start allow (e.g. partial date
 * text on Start Time), when every criterion must hold; undefined when none bounds it.
 */
function startFloor(filter: Filter | null | undefined): number | undefined {
  const criteria = filter?.criteria ?? []
  if (criteria.length > 1 && filter?.condition === 'ANY') return undefined
  let floor: number | undefined
  for (const c of criteria) {
    if (c.name !== 'StartTime_ts' || c.not || c.casefold || c.tostring) continue
    const method = c.method.trim().toUpperCase()
    const low =
      START_RANGES.includes(method) && Array.isArray(c.value)
        ? c.value[0]
        : START_AFTER.includes(method)
          ? c.value
          : undefined
    if (isTime(low)) floor = Math.max(floor ?? low, low)
  }
  return floor
}

/**
 * The ends after `from` (AFTER, or with `inclusive` >=), with the start bound that
 * implies, raised to the filter's own start bound: the index uses one lower bound
 * on the start, and this one is then the tightest.
 */
function endsAfter(accountId: string, from: number, inclusive: boolean, floor: number | undefined): SQL {
  const end = inclusive ? sql`${endOrNever} >= ${from}` : sql`${endOrNever} > ${from}`
  const earliest = earliestStart(accountId, from)
  const bound = floor === undefined ? earliest : greatest(sql`${floor}`, earliest)
  return sql`(${end} AND ${s.startTs} >= ${bound})`
}

/**
 * The usage criteria. With `bounded` (every query but the skip-scan distinct, whose
 * seeks are on another column and which the start bound would only mislead) an end
 * after a time also bounds the start.
 */
/**
 * Spec 2 section 5: the numeric columns are compared with numbers. Text that is no
 * number would match nothing, silently; it is refused with a message instead.
 */
const NUMERIC_CHECKS: CriterionOverrides = Object.fromEntries(
  NUMERIC_USAGE_FIELDS.map((name) => [
    name,
    (c: Criterion) => {
      const values = Array.isArray(c.value) ? c.value : [c.value]
      const text = values.find((v) => typeof v === 'string' && (v.trim() === '' || !Number.isFinite(Number(v))))
      if (text !== undefined) throw new ListError(`${name} takes a number; '${String(text)}' is not one.`)
      return undefined
    },
  ]),
)

const criteriaFor = (accountId: string, filter: Filter | null | undefined, bounded = true): CriterionOverrides => ({
  ...NUMERIC_CHECKS,
  EndTime_ts: (c, method, index) => {
    const after = method === 'AFTER' || method === '>'
    if (!after && method !== '>=') return undefined
    const from = epochMs(c, index)
    if (!bounded) return after ? sql`${endOrNever} > ${from}` : sql`${endOrNever} >= ${from}`
    return endsAfter(accountId, from, !after, startFloor(filter))
  },
  Active: (c, method, index) => {
    if (method !== 'EQUALS' || c.value === null) return undefined
    return flag(c, index) ? sql`${s.endTs} IS NULL` : sql`${s.endTs} IS NOT NULL`
  },
})

export const DEFAULT_USAGE_SORT = [{ name: 'StartTime_ts', direction: 'desc' as const }]

/** Which sessions a list holds: a customer's, optionally one licence server's. */
export interface UsageScope {
  /** The customer number. */
  accountId: string
  serverId?: string | null
}

function fieldsFor(attributes: string[] | null | undefined): ColumnMap {
  if (!attributes || attributes.length === 0) return FIELDS
  const unknown = attributes.filter((a) => !Object.hasOwn(FIELDS, a))
  if (unknown.length) {
    throw new ListError(`Unknown attribute '${unknown[0]}'. Allowed: ${Object.keys(FIELDS).join(', ')}`)
  }
  return Object.fromEntries(attributes.map((a) => [a, FIELDS[a]]))
}

/** Pages this deep or deeper are read from the list's end when that is nearer. */
const REVERSE_SCAN_FROM = 10_000

const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)

/** What the day counts can answer: the range and a product criterion, nothing else. */
interface CountableFilter {
  from: number | null
  to: number | null
  product: Criterion | null
}

function countable(filter: Filter | null | undefined): CountableFilter | undefined {
  const found: CountableFilter = { from: null, to: null, product: null }
  const criteria = filter?.criteria ?? []
  if (criteria.length > 1 && filter?.condition === 'ANY') return undefined
  for (const c of criteria) {
    const method = c.method.trim().toUpperCase()
    if (c.not) return undefined
    if (c.name === 'EndTime_ts' && method === 'AFTER' && isTime(c.value) && found.from === null) found.from = c.value
    else if (c.name === 'StartTime_ts' && method === 'BEFORE' && isTime(c.value) && found.to === null) {
      found.to = c.value
    } else if (c.name === 'Product' && (method === 'IN' || method === 'EQUALS') && found.product === null) {
      found.product = c
    } else return undefined
  }
  if (found.from !== null && found.to !== null && found.from >= found.to) return undefined
  return found
}

/**
 * The count of the sessions overlapping (from, to), from the day counts: those that
 * start before `to` less those that end at or before `from` (which all start before
 * `to` too). Whole days come from usage_day_counts, the part of the last day from
 * the start and end indexes.
 */
async function countFromDays(db: Db, scope: UsageScope, { from, to, product }: CountableFilter): Promise<number> {
  const d = usageDayCounts
  const inDays = product ? buildCriterion(product, { Product: d.product }) : undefined
  const inSessions = product ? buildCriterion(product, { Product: s.product }) : undefined
  const days = async (column: SQLiteColumn, before: number | null) =>
    Number(
      (
        await db
          .select({ n: sql<number>`coalesce(sum(${column}), 0)` })
          .from(d)
          .where(and(eq(d.accountId, scope.accountId), before === null ? undefined : lt(d.day, before), inDays))
      )[0]?.n ?? 0,
    )
  const partOfDay = async (condition: SQL) =>
    Number(
      (
        await db
          .select({ n: sql<number>`count(*)` })
          .from(s)
          .where(and(eq(s.accountId, scope.accountId), condition, inSessions))
      )[0]?.n ?? 0,
    )
  let started = await days(d.started, to === null ? null : dayOf(to))
  if (to !== null) started += await partOfDay(sql`${s.startTs} >= ${dayOf(to) * DAY_MS} AND ${s.startTs} < ${to}`)
  let ended = 0
  if (from !== null) {
    ended = await days(d.ended, dayOf(from))
    ended += await partOfDay(sql`${s.endTs} >= ${dayOf(from) * DAY_MS} AND ${s.endTs} <= ${from}`)
  }
  return started - ended
}

/** Text columns with an index after the customer: their distinct values are a few index seeks away. */
const INDEXED_TEXT: Record<string, SQLiteColumn> = { User: s.user, Project: s.project }

/**
 * The sorted distinct values of an indexed column among the rows `where` keeps,
 * by skipping through its index (one seek per value) instead of reading every row.
 * `where` has no start bound (see criteriaFor): the seeks are on the column.
 */
async function skipScanDistinct(
  db: Db,
  column: SQLiteColumn,
  where: SQL | undefined,
  limit: number,
  table: typeof s | typeof usageDayCounts = s,
): Promise<string[]> {
  const { inside, outside } = recursionLimit(limit + 2)
  const rows = await rawAll<{ v: string }>(
    db,
    sql`WITH RECURSIVE found(v) AS (
      SELECT (SELECT min(${column}) FROM ${table} WHERE ${where ?? always()})
      UNION ALL
      SELECT (SELECT min(${column}) FROM ${table} WHERE ${and(where, sql`${column} > found.v`)})
        FROM found WHERE found.v IS NOT NULL${inside}
    ) SELECT v FROM found WHERE v IS NOT NULL${outside}`,
  )
  return rows.map((r) => r.v)
}

/**
 * The filter with each text criterion on an indexed column (e.g. User CONTAINS
 * 'ana') replaced by IN over the customer's values that match it, so a count reads
 * those values' index entries instead of every row; undefined when there is none.
 */
async function withIndexedValues(
  db: Db,
  scope: UsageScope,
  filter: Filter | null | undefined,
): Promise<Filter | undefined> {
  if (!filter || !filter.criteria.some((c) => Object.hasOwn(INDEXED_TEXT, c.name))) return undefined
  const criteria = await mapInOrder(filter.criteria, async (c, index) => {
    if (!Object.hasOwn(INDEXED_TEXT, c.name) || c.value === null || c.value === undefined) return c
    const column = INDEXED_TEXT[c.name]
    const values = await skipScanDistinct(db, column, eq(s.accountId, scope.accountId), MAX_IN_VALUES)
    if (values.length > MAX_IN_VALUES) return c
    const test = buildCriterion({ ...c, not: false }, { [c.name]: sql`v` }, index)
    const matching = await valuesWhere(db, values, test)
    return { name: c.name, method: 'IN', value: matching, not: c.not }
  })
  return { ...filter, criteria }
}

/** The list of a scope's sessions; `filter` is the one the list will be asked for (its start bound). */
export function usageList(
  db: Db,
  scope: UsageScope,
  { attributes, filter }: { attributes?: string[] | null; filter?: Filter | null } = {},
): ListSource {
  const where = and(eq(s.accountId, scope.accountId), scope.serverId ? eq(s.serverId, scope.serverId) : undefined)
  const criteria = criteriaFor(scope.accountId, filter)
  const source: ListSource = {
    columns: COLUMNS,
    fields: fieldsFor(attributes),
    sortColumns: SORT_COLUMNS,
    defaultSort: DEFAULT_USAGE_SORT,
    uniqueKey: TIE_BREAK,
    tieBreakFollowsSort: true,
    criteria,
    reverseScanFrom: REVERSE_SCAN_FROM,
    consistent: (read) => snapshot(db, read),
    query: (fields) => reading(db).select(fields).from(s).$dynamic(),
    scope: where,
    count: async (filter) => {
      // The day counts are per customer, not per licence server.
      const byDays = scope.serverId ? undefined : countable(filter)
      if (byDays) return await countFromDays(db, scope, byDays)
      const rewritten = await withIndexedValues(db, scope, filter)
      return rewritten ? await listCount({ ...source, count: undefined }, { filter: rewritten }) : undefined
    },
    distinct: async (input, limit) => {
      // Every product a customer's sessions name has its day counts: all of them are a few seeks there.
      if (input.key === 'Product' && !scope.serverId && !input.filter?.criteria.length) {
        const products = await skipScanDistinct(
          db,
          usageDayCounts.product,
          eq(usageDayCounts.accountId, scope.accountId),
          limit,
          usageDayCounts,
        )
        if (products.length > limit) throw new ListError('Too many distinct values')
        return products
      }
      if (!Object.hasOwn(INDEXED_TEXT, input.key)) return undefined
      const unbounded = criteriaFor(scope.accountId, input.filter, false)
      const values = await skipScanDistinct(
        db,
        INDEXED_TEXT[input.key],
        and(where, buildWhere(input.filter, COLUMNS, unbounded)),
        limit,
      )
      if (values.length > limit) throw new ListError('Too many distinct values')
      return values
    },
  }
  return source
}

/** The stored 0/1 of Active as the row's boolean. */
export function toUsageRow(row: Record<string, unknown>): Partial<UsageRow> {
  return 'Active' in row ? { ...row, Active: row.Active === 1 } : row
}

export type UsagePageRequest = PageRequest & { attributes?: string[] | null }

export async function usagePage(db: Db, scope: UsageScope, input: UsagePageRequest, options?: PageOptions) {
  const page = await listPage<Record<string, unknown>>(usageList(db, scope, input), input, options)
  return { rows: page.rows.map(toUsageRow), token: page.token }
}

export async function usageCount(db: Db, scope: UsageScope, input: CountRequest): Promise<number> {
  return await listCount(usageList(db, scope, input), input)
}

export async function usageDistinct(
  db: Db,
  scope: UsageScope,
  input: DistinctRequest,
): Promise<(ColumnValue | boolean)[]> {
  const values = await listDistinct(usageList(db, scope, input), input)
  return input.key === 'Active' ? values.map((v) => v === 1) : values
}
