/**
 * Columns both entitlement screens share (Elastic Licensing and Leases/Perpetuals):
 * dates, counts and the Remaining Days filter of spec 2 section 5.
 */
import type { GridColumnSpec, GridCriterion, GridSpec } from './grid-state'
import { endDateCriteria, remainingDaysCriteria } from '../domain/entitlement-filters'
import { formatDay, formatNumber, remainingDaysText, todayUtc } from '../domain/entitlements'
import { ENTITLEMENT_FIELD, type EntitlementRow } from '../domain/entitlement-row'

export type EntitlementColumn = GridColumnSpec<EntitlementRow>

/** A whole number typed in a numeric column is matched exactly; other text falls back to the plain filter. */
export function numberCriterion(filter: { text: string }, field: string): GridCriterion | null {
  const text = filter.text.replace(/,/g, '').trim()
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null
  return { name: field, method: 'EQUALS', value: Number(text) }
}

export const countColumn: EntitlementColumn = {
  id: 'count',
  header: 'Count',
  field: ENTITLEMENT_FIELD.count,
  textFilter: 'equals',
  sortable: true,
  kind: 'number',
  value: (row) => formatNumber(row[ENTITLEMENT_FIELD.count]),
  criterion: numberCriterion,
}

export const startDateColumn: EntitlementColumn = {
  id: 'startDate',
  header: 'Start Date',
  field: 'StartDate',
  textFilter: 'contains-equals',
  sortable: true,
  kind: 'date',
  value: (row) => formatDay(row.StartDate),
  filterHint: 'e.g. 2026-03-05 or 2026-03',
}

/** Expiration Date: an exact day, or 'Maintenance ends on <day>' for a permanent entitlement (spec 2 section 5). */
export function endDateColumn(value: (row: EntitlementRow) => string): EntitlementColumn {
  return {
    id: 'endDate',
    header: 'Expiration Date',
    field: 'EndDate',
    textFilter: 'contains-equals',
    sortable: true,
    kind: 'date',
    value,
    criterion: (filter) => endDateCriteria(filter.text),
    filterHint: 'e.g. 2026-03-05, 2026-03-01..2026-05-31, or Maintenance ends on 2027-01-31',
  }
}

/** Remaining Days: a number N means at least N days left; 'permanent' the permanent ones (spec 2 section 5). */
export const remainingDaysColumn: EntitlementColumn = {
  id: 'remainingDays',
  header: 'Remaining Days',
  field: 'RemainingDays',
  textFilter: 'equals',
  sortable: true,
  kind: 'number',
  value: (row) => remainingDaysText({ usedDays: row.UsedDays, remainingDays: row.RemainingDays }),
  criterion: (filter) => remainingDaysCriteria(filter.text, todayUtc()),
  filterHint: 'days left at least, or permanent',
}

/** Page sizes of the entitlement grids: 20 rows a page (spec 2 section 9). */
const ENTITLEMENT_PAGE_SIZES = [20, 50, 100] as const
/** Entitlement default fetch cap (spec 2 section 9). */
const ENTITLEMENT_EXPORT_LIMIT = 5000

/**
 * The Active and Inactive grids of an entitlement screen: the same columns, end
 * date descending, each with its own saved view (`tableNames`) and URL prefix.
 */
export function entitlementGridPair(
  columns: EntitlementColumn[],
  tableNames: { active: string; inactive: string },
  layout: Pick<GridSpec<EntitlementRow>, 'phoneLayout'> = {},
): { active: GridSpec<EntitlementRow>; inactive: GridSpec<EntitlementRow> } {
  const shared = {
    columns,
    defaultSort: [{ col: 'endDate', dir: 'desc' as const }],
    pageSizes: ENTITLEMENT_PAGE_SIZES,
    defaultPageSize: 20,
    multiSort: true,
    exportLimit: ENTITLEMENT_EXPORT_LIMIT,
    distinctLimit: 500,
    uniqueKey: ['ActivationId'],
    ...layout,
  }
  return {
    active: { ...shared, tableName: tableNames.active, paramPrefix: 'a' },
    inactive: { ...shared, tableName: tableNames.inactive, paramPrefix: 'i' },
  }
}
