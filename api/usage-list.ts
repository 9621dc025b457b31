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
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { usageSessions } from '../db/schema'
import { CLOUD_JOB_FIELD, type UsageField, type UsageRow } from '../app/domain/usage-row'
import {
  ListError,
  listCount,
  listDistinct,
  listPage,
  type ColumnMap,
  type CountRequest,
  type Criterion,
  type CriterionOverrides,
  type DistinctRequest,
  type ListColumn,
  type ListSource,
  type PageOptions,
  type PageRequest,
} from './list-engine'

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
  Active: sql`(${s.endTs} IS NULL)`,
  ConsumerID: s.consumerId,
  ActivationID: s.activationId,
  Feature: s.feature,
  Project: s.project,
  productVersion: s.productVersion,
  [CLOUD_JOB_FIELD]: s.cloudJobId,
  Hours: sql`max(round(${s.hours}, 2), 0.01)`,
  Charge: s.charge,
  Currency: s.currency,
}

/** What the row carries where it differs from the filter column. */
const FIELDS: ColumnMap = { ...COLUMNS, Hours: s.hours }

/** The row's id: the last sort key of every order, so pages never overlap. */
const ID = 'id'

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

const CRITERIA: CriterionOverrides = {
  // A session without an end is still running: it ends after any time.
  EndTime_ts: (c, method, index) => {
    if (method === 'AFTER' || method === '>') return sql`(${s.endTs} > ${epochMs(c, index)} OR ${s.endTs} IS NULL)`
    if (method === '>=') return sql`(${s.endTs} >= ${epochMs(c, index)} OR ${s.endTs} IS NULL)`
    return undefined
  },
  Active: (c, method, index) => {
    if (method !== 'EQUALS' || c.value === null) return undefined
    return flag(c, index) ? sql`${s.endTs} IS NULL` : sql`${s.endTs} IS NOT NULL`
  },
}

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

export function usageList(db: Db, scope: UsageScope, attributes?: string[] | null): ListSource {
  return {
    columns: COLUMNS,
    fields: fieldsFor(attributes),
    sortColumns: SORT_COLUMNS,
    defaultSort: DEFAULT_USAGE_SORT,
    uniqueKey: [ID],
    tieBreakFollowsSort: true,
    criteria: CRITERIA,
    reverseScanFrom: REVERSE_SCAN_FROM,
    consistent: (read) => db.transaction(() => read()),
    query: (fields) => db.select(fields).from(s).$dynamic(),
    scope: and(eq(s.accountId, scope.accountId), scope.serverId ? eq(s.serverId, scope.serverId) : undefined),
  }
}

/** The stored 0/1 of Active as the row's boolean. */
export function toUsageRow(row: Record<string, unknown>): Partial<UsageRow> {
  return 'Active' in row ? { ...row, Active: row.Active === 1 } : row
}

export type UsagePageRequest = PageRequest & { attributes?: string[] | null }

export function usagePage(db: Db, scope: UsageScope, input: UsagePageRequest, options?: PageOptions) {
  const page = listPage<Record<string, unknown>>(usageList(db, scope, input.attributes), input, options)
  return { rows: page.rows.map(toUsageRow), token: page.token }
}

export function usageCount(db: Db, scope: UsageScope, input: CountRequest): number {
  return listCount(usageList(db, scope), input)
}

export function usageDistinct(db: Db, scope: UsageScope, input: DistinctRequest): unknown[] {
  const values = listDistinct(usageList(db, scope), input)
  return input.key === 'Active' ? values.map((v) => v === 1) : values
}
