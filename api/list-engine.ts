/**
 * The list engine shared by every list call: filter rules -> SQL WHERE, sort rules
 * -> ORDER BY, offset/continuation-token paging, count and distinct values.
 *
 * A list declares an allow-list of columns (API field name -> drizzle column or SQL
 * expression). Names outside it are rejected; values are always bound parameters.
 */
import { createHash } from 'node:crypto'
import { and, asc, Column, inArray, is, or, sql, type SQL } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { asText, jsonValueWhere, likePattern, matchesText, never, orderTerm } from '../db/dialect'
import { ENGINE } from '../db/engine'
import { DEFAULT_DISTINCT_LIMIT, DEFAULT_PAGE_SIZE } from './constants'
import {
  MAX_TEXT_VALUE,
  upper,
  type CountRequest,
  type Criterion,
  type DistinctRequest,
  type Filter,
  type PageRequest,
  type SortRule,
  inValuesSchema,
} from './contract/list-requests'

/** A request the engine refuses; answered with HTTP 400 and this message. */
export class ListError extends Error {}

export const FILTER_METHODS = [
  'CONTAINS',
  'STARTSWITH',
  'ENDSWITH',
  'ARRAY_CONTAINS',
  'EQUALS',
  'NOT EQUAL',
  '>',
  '<',
  '>=',
  '<=',
  'INRANGE',
  'RANGE',
  'ISDEFINED',
  'BEFORE',
  'AFTER',
  'DATERANGE',
  'BEFOREDAY',
  'AFTERDAY',
  'DAYRANGE',
  'IN',
] as const
export type FilterMethod = (typeof FILTER_METHODS)[number]

export type ListColumn = SQLiteColumn | SQL
export type ColumnMap = Record<string, ListColumn>

/**
 * A field's own SQL for some criteria (e.g. a flag stored as a NULL test, or a
 * missing end that counts as +infinity): returns the SQL, or undefined to use the
 * engine's. `method` is upper-cased and known; `not` is applied after it.
 */
export type CriterionOverride = (c: Criterion, method: FilterMethod, index: number) => SQL | undefined
export type CriterionOverrides = Record<string, CriterionOverride>

/* ---------------------------------------------------------------- where */

type Bindable = string | number | null

function describe(c: Criterion, index: number) {
  return `filter criterion ${index + 1} (${c.name} ${c.method})`
}

function scalar(c: Criterion, index: number, value: unknown = c.value): string | number {
  if (typeof value === 'string') {
    if (value.length > MAX_TEXT_VALUE) throw new ListError(`${describe(c, index)}: value is too long`)
    return value
  }
  if (typeof value === 'number' && Number.isFinite(value)) return value
  if (typeof value === 'boolean') return value ? 1 : 0
  throw new ListError(`${describe(c, index)}: value must be a string or a number`)
}

function textValue(c: Criterion, index: number): string {
  const v = scalar(c, index)
  return String(v)
}

function day(c: Criterion, index: number, value: unknown): string {
  if (typeof value !== 'string' || value.length < 10) {
    throw new ListError(`${describe(c, index)}: value must be a date text like YYYY-MM-DD`)
  }
  return value.slice(0, 10)
}

function pair(c: Criterion, index: number): [unknown, unknown] {
  const v = c.value
  if (!Array.isArray(v) || v.length !== 2) {
    throw new ListError(`${describe(c, index)}: value must be a list [from, to]`)
  }
  if ((v[0] ?? null) === null && (v[1] ?? null) === null) {
    throw new ListError(`${describe(c, index)}: at least one end of the range is required`)
  }
  return [v[0] ?? null, v[1] ?? null]
}

function valueList(c: Criterion, index: number): (string | number)[] {
  const parsed = inValuesSchema.safeParse(c.value)
  if (!parsed.success)
    throw new ListError(`${describe(c, index)}: ${parsed.error.issues[0]?.message ?? 'invalid values'}`)
  return parsed.data
}

/** SQL for one criterion, before `not` is applied. */
function criterionSql(c: Criterion, index: number, columns: ColumnMap, overrides?: CriterionOverrides): SQL {
  if (!Object.hasOwn(columns, c.name)) {
    throw new ListError(`Unknown column '${c.name}'. Allowed: ${Object.keys(columns).join(', ')}`)
  }
  const method = upper(c.method)
  if (!(FILTER_METHODS as readonly string[]).includes(method)) {
    throw new ListError(`Unknown filter method '${c.method}'. Allowed: ${FILTER_METHODS.join(', ')}`)
  }
  const own =
    overrides && Object.hasOwn(overrides, c.name) ? overrides[c.name](c, method as FilterMethod, index) : undefined
  if (own) return own
  const column = columns[c.name]
  const target: SQL = c.tostring ? sql`CAST(${column} AS TEXT)` : sql`${column}`
  // Where text is expected (PostgreSQL does not take a number for text as SQLite does).
  const text = asText(target)
  const col = c.casefold ? sql`lower(${text})` : target
  const param = (v: Bindable): SQL => (c.casefold ? sql`lower(${v})` : sql`${v}`)
  const range = (from: Bindable, to: Bindable): SQL => {
    if (from === null) return sql`${col} <= ${param(to)}`
    if (to === null) return sql`${col} >= ${param(from)}`
    return sql`${col} BETWEEN ${param(from)} AND ${param(to)}`
  }
  const dayCol = sql`substr(${text}, 1, 10)`

  switch (method as FilterMethod) {
    case 'CONTAINS':
    case 'STARTSWITH':
    case 'ENDSWITH': {
      const match = {
        value: textValue(c, index),
        head: method === 'CONTAINS' || method === 'ENDSWITH',
        tail: method === 'CONTAINS' || method === 'STARTSWITH',
      }
      if (c.casefold) return sql`lower(${text}) LIKE lower(${likePattern(match)}) ESCAPE '\\'`
      return matchesText(target, match)
    }
    case 'ARRAY_CONTAINS': {
      const v = scalar(c, index)
      return jsonValueWhere(column, (value) => (c.casefold ? sql`lower(${value}) = lower(${v})` : sql`${value} = ${v}`))
    }
    case 'EQUALS':
      if (c.value === null) return sql`${target} IS NULL`
      return sql`${col} = ${param(scalar(c, index))}`
    case 'NOT EQUAL':
      if (c.value === null) return sql`${target} IS NOT NULL`
      return sql`${col} IS DISTINCT FROM ${param(scalar(c, index))}`
    case '>':
    case 'AFTER':
      return sql`${col} > ${param(scalar(c, index))}`
    case '<':
    case 'BEFORE':
      return sql`${col} < ${param(scalar(c, index))}`
    case '>=':
      return sql`${col} >= ${param(scalar(c, index))}`
    case '<=':
      return sql`${col} <= ${param(scalar(c, index))}`
    case 'INRANGE':
    case 'RANGE':
    case 'DATERANGE': {
      const [from, to] = pair(c, index)
      const bind = (v: unknown) => (v === null ? null : scalar(c, index, v))
      return range(bind(from), bind(to))
    }
    case 'ISDEFINED':
      return sql`(${target} IS NOT NULL AND ${text} <> '')`
    case 'BEFOREDAY':
      return sql`${dayCol} < ${day(c, index, c.value)}`
    case 'AFTERDAY':
      return sql`${dayCol} > ${day(c, index, c.value)}`
    case 'DAYRANGE': {
      const [from, to] = pair(c, index)
      if (from === null) return sql`${dayCol} <= ${day(c, index, to)}`
      if (to === null) return sql`${dayCol} >= ${day(c, index, from)}`
      return sql`${dayCol} BETWEEN ${day(c, index, from)} AND ${day(c, index, to)}`
    }
    case 'IN': {
      const values = valueList(c, index)
      // An empty list matches no row (so with `not`, every row).
      if (values.length === 0) return never()
      return sql`${col} IN (${sql.join(values.map(param), sql`, `)})`
    }
  }
}

export function buildCriterion(c: Criterion, columns: ColumnMap, index = 0, overrides?: CriterionOverrides): SQL {
  const expr = criterionSql(c, index, columns, overrides)
  // IS NOT TRUE (rather than NOT) so rows where the test is NULL count as "not matching".
  return c.not ? sql`(${expr}) IS NOT TRUE` : expr
}

/** WHERE for a filter, or undefined when it has no criteria. */
export function buildWhere(
  filter: Filter | null | undefined,
  columns: ColumnMap,
  overrides?: CriterionOverrides,
): SQL | undefined {
  if (!filter || filter.criteria.length === 0) return undefined
  const parts = filter.criteria.map((c, i) => buildCriterion(c, columns, i, overrides))
  return filter.condition === 'ANY' ? or(...parts) : and(...parts)
}

/* ---------------------------------------------------------------- order */

export interface OrderOptions {
  /** The unique key sorts in the direction of the last sort rule (so an index on (sort, rowid) serves it whole). */
  tieBreakFollowsSort?: boolean
  /** Every term in the opposite direction: the same order read from its end. */
  reverse?: boolean
}

/** One term of an order: what it sorts by and which way. */
export interface OrderTerm {
  name: string
  column: ListColumn
  desc: boolean
}

/** The order's terms: the requested (or default) sort, then the unique key so pages never overlap. */
export function orderTerms(
  sorting: SortRule[] | null | undefined,
  columns: ColumnMap,
  defaultSort: SortRule[],
  uniqueKey: string[] = [],
  { tieBreakFollowsSort = false, reverse = false }: OrderOptions = {},
): OrderTerm[] {
  const rules = sorting && sorting.length > 0 ? sorting : defaultSort
  const isDesc = (rule: SortRule) => (rule.direction ?? 'asc').toLowerCase() === 'desc'
  const tieDirection: SortRule['direction'] =
    tieBreakFollowsSort && rules.length > 0 && isDesc(rules[rules.length - 1]) ? 'desc' : 'asc'
  const seen = new Set<string>()
  const terms: OrderTerm[] = []
  for (const rule of [...rules, ...uniqueKey.map((name) => ({ name, direction: tieDirection }))]) {
    if (!Object.hasOwn(columns, rule.name)) {
      throw new ListError(`Unknown sort column '${rule.name}'. Allowed: ${Object.keys(columns).join(', ')}`)
    }
    if (seen.has(rule.name)) continue
    seen.add(rule.name)
    terms.push({ name: rule.name, column: columns[rule.name], desc: isDesc(rule) !== reverse })
  }
  return terms
}

/** ORDER BY terms: the requested (or default) sort, then the unique key so pages never overlap. */
export function buildOrderBy(
  sorting: SortRule[] | null | undefined,
  columns: ColumnMap,
  defaultSort: SortRule[],
  uniqueKey: string[] = [],
  options: OrderOptions = {},
): SQL[] {
  return orderSql(orderTerms(sorting, columns, defaultSort, uniqueKey, options))
}

/** ORDER BY of the terms, NULL first ascending and last descending on either engine (as keysAfter expects). */
const orderSql = (terms: OrderTerm[]) => terms.map((t) => orderTerm(t.column, t.desc))

/** A sort key value as stored (NULL sorts before every other value). */
type KeyValue = string | number | null

const isKeyValue = (v: unknown): v is KeyValue =>
  v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))

const neverNull = (column: ListColumn) => is(column, Column) && column.notNull

/**
 * The rows after a row whose sort keys are `last`, in the order of `terms`: after
 * it in the first term, or equal there and after it in the next, and so on. The
 * first term is also bounded on its own (e.g. start <= the last start) so an index
 * on it starts its scan at the last row instead of reading past every row before.
 */
export function keysAfter(terms: OrderTerm[], last: KeyValue[]): SQL {
  const beyond = (t: OrderTerm, v: KeyValue): SQL | undefined => {
    if (!t.desc) return v === null ? sql`${t.column} IS NOT NULL` : sql`${t.column} > ${v}`
    if (v === null) return undefined
    return neverNull(t.column) ? sql`${t.column} < ${v}` : sql`(${t.column} < ${v} OR ${t.column} IS NULL)`
  }
  const alternatives: SQL[] = []
  const equal: SQL[] = []
  terms.forEach((t, i) => {
    const v = last[i]
    const after = beyond(t, v)
    if (after) alternatives.push(and(...equal, after)!)
    equal.push(v === null ? sql`${t.column} IS NULL` : sql`${t.column} = ${v}`)
  })
  const [first] = terms
  const start = last[0]
  const bound =
    start === null
      ? undefined
      : !first.desc
        ? sql`${first.column} >= ${start}`
        : neverNull(first.column)
          ? sql`${first.column} <= ${start}`
          : undefined
  return and(bound, alternatives.length ? or(...alternatives) : never())!
}

/* ---------------------------------------------------------------- paging token */

function fingerprint(filter: unknown, sorting: unknown, kind?: string) {
  return createHash('sha256')
    .update(JSON.stringify({ filter: filter ?? null, sorting: sorting ?? null, ...(kind ? { kind } : {}) }))
    .digest('base64url')
    .slice(0, 16)
}

export function encodeToken(offset: number, print: string) {
  return Buffer.from(JSON.stringify({ o: offset, f: print })).toString('base64url')
}

export function decodeToken(token: string, print: string): number {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'))
  } catch {
    throw new ListError('Invalid continuation token')
  }
  const p = parsed as { o?: unknown; f?: unknown }
  if (!p || typeof p.o !== 'number' || !Number.isSafeInteger(p.o) || p.o < 0 || typeof p.f !== 'string') {
    throw new ListError('Invalid continuation token')
  }
  if (p.f !== print) throw new ListError('Continuation token does not match this filter and sorting')
  return p.o
}

/** A keyset token: the sort keys of the page's last row. */
export function encodeKeysToken(keys: KeyValue[], print: string) {
  return Buffer.from(JSON.stringify({ k: keys, f: print })).toString('base64url')
}

export function decodeKeysToken(token: string, print: string, terms: number): KeyValue[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'))
  } catch {
    throw new ListError('Invalid continuation token')
  }
  const p = parsed as { k?: unknown; f?: unknown }
  if (!p || !Array.isArray(p.k) || p.k.length !== terms || !p.k.every(isKeyValue) || typeof p.f !== 'string') {
    throw new ListError('Invalid continuation token')
  }
  if (p.f !== print) throw new ListError('Continuation token does not match this filter and sorting')
  return p.k
}

/* ---------------------------------------------------------------- running */

/** The chainable part of a drizzle `select().from(...).$dynamic()` query the engine needs. */
export interface DynamicQuery {
  where(where: SQL | undefined): DynamicQuery
  orderBy(...terms: (SQL | SQLiteColumn)[]): DynamicQuery
  groupBy(...terms: (SQL | SQLiteColumn)[]): DynamicQuery
  limit(n: number): DynamicQuery
  offset(n: number): DynamicQuery
  all(): unknown[]
}

export interface ListSource {
  /** Filterable and sortable fields. */
  columns: ColumnMap
  /** Fields of each returned row; defaults to `columns`. */
  fields?: ColumnMap
  /** What a field sorts by, where that differs from what it filters by (e.g. a missing end date last). */
  sortColumns?: ColumnMap
  defaultSort: SortRule[]
  /** Field names that identify a row, appended to every sort for stable paging. */
  uniqueKey: string[]
  /** Starts a select of `fields` (nested objects allowed) over the list's tables, e.g. `db.select(f).from(t).$dynamic()`. */
  query(fields: Record<string, ListColumn | ColumnMap>): DynamicQuery
  /** Restricts the list to what the caller may see. */
  scope?: SQL
  /** Fields whose criteria (some methods) have their own SQL. */
  criteria?: CriterionOverrides
  /** See OrderOptions. */
  tieBreakFollowsSort?: boolean
  /**
   * From this offset on, a page past the middle of the list is read from its end
   * (the order reversed, at offset total - end), so the last pages cost what the
   * first do. Needs the count, so only for lists whose count is cheap.
   */
  reverseScanFrom?: number
  /** The count without the generic query (e.g. from pre-aggregated counts), or undefined to run it. */
  count?: (filter: Filter | null | undefined) => Promise<number | undefined>
  /** The distinct values without the generic query, or undefined to run it; may throw ListError. */
  distinct?: (input: DistinctRequest, limit: number) => Promise<ColumnValue[] | undefined>
  /**
   * Reads what the criteria overrides of `filter` need from the database, before its SQL is built
   * (building it cannot wait for the database); called before every read of the list.
   */
  prepare?: (filter: Filter | null | undefined) => Promise<void>
  /** Runs several reads on one snapshot of the data (a read transaction). */
  consistent?: <T>(read: () => Promise<T>) => Promise<T>
}

function whereOf(source: ListSource, filter: Filter | null | undefined) {
  return and(source.scope, buildWhere(filter, source.columns, source.criteria))
}

export interface Page<Row> {
  rows: Row[]
  /** Present when more rows follow; send it back as `token` for the next page. */
  token?: string
}

export interface PageOptions {
  /** Tokens of this page kind are refused by other kinds (and the reverse). */
  tokenKind?: string
  /**
   * Tokens carry the sort keys of the page's last row instead of an offset, and the
   * next page starts right after that row: every page costs what the first does,
   * however deep. Only the first page takes `offset`.
   */
  keyset?: boolean
}

/** Where a keyset page selects the sort keys of each row (beside its fields). */
const SORT_KEYS = '__sortKeys'

/**
 * The primary key of the list's rows, when one of its unique key's fields is one, on PostgreSQL: a
 * page past the first selects its rows' keys first (the offset skipping keys only), then their
 * fields, so that fields worked out per row (subqueries, functions) cost the page's rows alone.
 * PostgreSQL works them out for every row an offset skips; SQLite skips those rows first.
 */
function deepPageKey(source: ListSource): SQLiteColumn | undefined {
  if (ENGINE !== 'postgres') return undefined
  const columns: ColumnMap = { ...source.columns, ...source.sortColumns }
  return source.uniqueKey
    .map((name) => columns[name])
    .find((column): column is SQLiteColumn => is(column, Column) && column.primary)
}

export async function listPage<Row = Record<string, unknown>>(
  source: ListSource,
  input: PageRequest,
  { tokenKind, keyset = false }: PageOptions = {},
): Promise<Page<Row>> {
  const print = fingerprint(input.filter, input.sorting, tokenKind)
  const limit = input.limit ?? DEFAULT_PAGE_SIZE
  const orderBy = (reverse: boolean) =>
    orderTerms(input.sorting, { ...source.columns, ...source.sortColumns }, source.defaultSort, source.uniqueKey, {
      tieBreakFollowsSort: source.tieBreakFollowsSort,
      reverse,
    })
  const terms = orderBy(false)
  const offset = keyset || !input.token ? (input.offset ?? 0) : decodeToken(input.token, print)
  const last = keyset && input.token ? decodeKeysToken(input.token, print, terms.length) : undefined
  const fields = source.fields ?? source.columns
  const read = async () => {
    await source.prepare?.(input.filter)
    const where = and(whereOf(source, input.filter), last ? keysAfter(terms, last) : undefined)
    const select = async (order: OrderTerm[], n: number, from: number) => {
      const selected = source.query(
        keyset ? { ...fields, [SORT_KEYS]: Object.fromEntries(order.map((t, i) => [i, sql`${t.column}`])) } : fields,
      )
      const key = !last && from > 0 ? deepPageKey(source) : undefined
      if (key) {
        const keys = source
          .query({ key })
          .where(where)
          .orderBy(...orderSql(order))
          .limit(n)
          .offset(from)
        return (await selected
          .where(inArray(key, keys as unknown as SQL))
          .orderBy(...orderSql(order))) as unknown as Row[]
      }
      return (await selected
        .where(where)
        .orderBy(...orderSql(order))
        .limit(n)
        .offset(last ? 0 : from)) as unknown as Row[]
    }
    if (!keyset && source.reverseScanFrom !== undefined && offset >= source.reverseScanFrom) {
      const total = await listCount(source, { filter: input.filter })
      if (offset * 2 > total) {
        const end = Math.min(offset + limit + 1, total)
        return end <= offset ? [] : (await select(orderBy(true), end - offset, total - end)).reverse()
      }
    }
    return select(terms, limit + 1, offset)
  }
  const rows = source.consistent ? await source.consistent(read) : await read()
  const page = rows.slice(0, limit)
  if (!keyset) return rows.length > limit ? { rows: page, token: encodeToken(offset + limit, print) } : { rows: page }
  const keyed = page as Record<string, unknown>[]
  const stripped = keyed.map(({ [SORT_KEYS]: _keys, ...own }) => own as Row)
  if (rows.length <= limit) return { rows: stripped }
  const keys = keyed[limit - 1][SORT_KEYS] as Record<number, KeyValue>
  return {
    rows: stripped,
    token: encodeKeysToken(
      terms.map((_, i) => keys[i]),
      print,
    ),
  }
}

export async function listCount(source: ListSource, input: CountRequest): Promise<number> {
  const fast = await source.count?.(input.filter)
  if (fast !== undefined) return fast
  await source.prepare?.(input.filter)
  const rows = (await source
    .query({ count: sql<number>`count(*)` })
    .where(whereOf(source, input.filter))) as unknown as { count: number }[]
  return Number(rows[0]?.count ?? 0)
}

/** Sorted distinct non-null values of one field; refuses when there are more than `limit`. */
/** A column's value as SQLite answers it: text, a number or none. */
export type ColumnValue = string | number | null

export async function listDistinct(source: ListSource, input: DistinctRequest): Promise<ColumnValue[]> {
  if (!Object.hasOwn(source.columns, input.key)) {
    throw new ListError(`Unknown column '${input.key}'. Allowed: ${Object.keys(source.columns).join(', ')}`)
  }
  const column = source.columns[input.key]
  const limit = input.limit ?? DEFAULT_DISTINCT_LIMIT
  const own = await source.distinct?.(input, limit)
  if (own) return own
  await source.prepare?.(input.filter)
  const rows = (await source
    .query({ value: column })
    .where(and(whereOf(source, input.filter), sql`${column} IS NOT NULL`))
    .groupBy(column)
    .orderBy(asc(column))
    .limit(limit + 1)) as unknown as { value: ColumnValue }[]
  if (rows.length > limit) throw new ListError('Too many distinct values')
  return rows.map((r) => r.value)
}
