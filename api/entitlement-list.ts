/**
 * The entitlement row of every entitlement call (spec field names), as list-engine
 * columns: stored fields and the derived ones (remaining and used days against
 * today, permanence, the licence model group, total activated from the active
 * fulfilments) are SQL expressions, so the grids filter, sort and page on the server.
 *
 * The active/inactive split is SQL too (spec 2 section 4): an elastic entitlement
 * is listed only when Elastic-AEU and Deployed, and is active when started, not
 * expired and not fully used; any other is active when started and permanent or
 * not expired. It agrees with classifyElastic and classifyLease (tested on the
 * demo rows).
 */
import { connectionsOf } from '../db/transact'
import { asFlag, daysFromTo, julianDay, roundTo } from '../db/dialect'
import { and, eq, notInArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { entitlements, fulfillments } from '../db/tables'
import { DEPLOYED, ELASTIC_LICENSE_MODEL, licenseModelGroup } from '../app/domain/entitlements'
import { ENTITLEMENT_FIELD as CA, type EntitlementRow } from '../app/domain/entitlement-row'
import { WEB_ENTITLEMENT_TYPES } from '../app/domain/web-licenses'
import { ListError, type ColumnMap, type ListColumn, type ListSource } from './list-engine'

const e = entitlements

const started = (today: string) => sql`${e.startDate} <= ${today}`
const notExpired = (today: string) => sql`${e.endDate} > ${today}`
const permanent = sql`${e.endDate} IS NULL`

/** The entitlement's id, qualified: drizzle leaves columns of a one-table select unqualified, which a subquery would take for its own. */
const entitlementId = sql`${sql.identifier('entitlements')}.${sql.identifier('id')}`

export const totalActivatedSql = sql<number>`(SELECT coalesce(sum(${fulfillments.count}), 0) FROM ${fulfillments} WHERE ${fulfillments.entitlementId} = ${entitlementId} AND ${fulfillments.status} = 'ACTIVE')`

/** SQL functions registered on a connection, once each. */
const withGroupFunction = new WeakSet<Db>()

/**
 * The licence model group of a row, in SQL: licenseModelGroup itself, registered as
 * a deterministic function of the connection, so the rule has one home and a list
 * call needs no query of its own to learn the customer's models. On PostgreSQL it is
 * the SQL function of migration 0002_sql_functions, which answers as licenseModelGroup.
 */
function licenseModelGroupSql(db: Db): SQL {
  if (!withGroupFunction.has(db)) {
    for (const client of connectionsOf(db))
      client.function('license_model_group', { deterministic: true }, (model: unknown, name: unknown) =>
        licenseModelGroup(String(model ?? ''), String(name ?? '')),
      )
    withGroupFunction.add(db)
  }
  return sql`license_model_group(${e.licenseModel}, ${e.productName})`
}

/** What each field filters by; permanent rows have NULL dates here, so date comparisons leave them out. */
function entitlementColumns(today: string, group: SQL): Record<keyof EntitlementRow, ListColumn> {
  const remainingDays = sql<
    number | null
  >`CASE WHEN ${permanent} THEN NULL ELSE ${daysFromTo(sql`${today}`, e.endDate)} END`
  return {
    ActivationId: e.activationId,
    EntitlementName: e.entitlementName,
    ProductName: e.productName,
    [CA.product]: e.product,
    [CA.count]: e.count,
    [CA.rateTableVersion]: sql`coalesce(${e.rateTableVersion}, '')`,
    [CA.poNumber]: e.poNumber,
    [CA.kind]: sql`CASE WHEN ${e.evaluation} = 1 THEN 'Evaluation' ELSE 'Commercial' END`,
    [CA.price]: e.price,
    Type: e.type,
    EntitlementState: e.state,
    LicenseModel: e.licenseModel,
    LicenseModelGroup: group,
    LineItemQuantity: e.quantity,
    StartDate: e.startDate,
    EndDate: e.endDate,
    VersionDate: e.versionDate,
    IsActivationPermanent: sql`CASE WHEN ${permanent} THEN 'true' ELSE 'false' END`,
    Currency: e.currency,
    VendorDaemon: e.vendorDaemon,
    Borrowable: e.borrowable,
    Used: roundTo(e.used, 2),
    RemainingDays: remainingDays,
    UsedDays: daysFromTo(e.startDate, sql`${today}`),
    TotalActivated: totalActivatedSql,
  }
}

/** Permanent entitlements sort as ending last of all (first in the default, descending, order). */
const SORT_COLUMNS: ColumnMap = {
  EndDate: sql`coalesce(${e.endDate}, '9999-12-31')`,
  RemainingDays: sql`CASE WHEN ${permanent} THEN 2147483647 ELSE ${julianDay(e.endDate)} END`,
}

/** The returned row: the filter columns, with '' for a missing end or version date. */
function entitlementFields(columns: ColumnMap, attributes: string[] | null | undefined): ColumnMap {
  const fields: ColumnMap = {
    ...columns,
    EndDate: sql`coalesce(${e.endDate}, '')`,
    VersionDate: sql`coalesce(${e.versionDate}, '')`,
  }
  if (!attributes || attributes.length === 0) return fields
  const unknown = attributes.filter((a) => !Object.hasOwn(fields, a))
  if (unknown.length) {
    throw new ListError(`Unknown attribute '${unknown[0]}'. Allowed: ${Object.keys(fields).join(', ')}`)
  }
  return Object.fromEntries(attributes.map((a) => [a, fields[a]]))
}

/** The stored 0/1 flag as the row's boolean. */
export function toEntitlementRow<Row extends Record<string, unknown>>(row: Row): Row {
  return 'Borrowable' in row ? { ...row, Borrowable: row.Borrowable === 1 } : row
}

export type Split = 'all' | 'active' | 'inactive'

/** Whether a row is active, for rows that are listed at all (see `listedSql`). */
function activeSql(today: string): SQL {
  return sql`(CASE WHEN ${e.type} = 'ELASTIC'
    THEN ${started(today)} AND (${permanent} OR ${notExpired(today)}) AND ${e.used} < ${e.quantity}
    ELSE ${started(today)} AND (${permanent} OR ${notExpired(today)}) END)`
}

/** Elastic entitlements are listed only when Elastic-AEU and Deployed; every other row is. */
const listedSql = sql`(${e.type} <> 'ELASTIC' OR (${e.licenseModel} = ${ELASTIC_LICENSE_MODEL} AND ${e.state} = ${DEPLOYED}))`

function splitSql(split: Split, today: string): SQL | undefined {
  if (split === 'all') return undefined
  const active = activeSql(today)
  return and(listedSql, split === 'active' ? sql`${asFlag(active)} = 1` : sql`${asFlag(active)} = 0`)
}

export interface EntitlementScope {
  accountId: string
  /** 'ALL' or one type. */
  type: string
  state?: string | null
  split: Split
  attributes?: string[] | null
  today: string
}

/** A customer's entitlements of a type (and state), all or the active or inactive ones, as a list. */
export function entitlementList(db: Db, scope: EntitlementScope): ListSource {
  const columns = entitlementColumns(scope.today, licenseModelGroupSql(db))
  return {
    columns,
    fields: entitlementFields(columns, scope.attributes),
    sortColumns: SORT_COLUMNS,
    defaultSort: [{ name: 'EndDate', direction: 'desc' }],
    uniqueKey: ['ActivationId'],
    query: (fields) => db.select(fields).from(e).$dynamic(),
    scope: and(
      eq(e.accountId, scope.accountId),
      // Web licences have their own calls (api/web-entitlements.ts); ALL is the spec's types.
      scope.type === 'ALL' ? notInArray(e.type, [...WEB_ENTITLEMENT_TYPES]) : eq(e.type, scope.type),
      scope.state ? eq(e.state, scope.state) : undefined,
      splitSql(scope.split, scope.today),
    ),
  }
}
