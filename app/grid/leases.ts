/**
 * The two grids of Leases/Perpetuals (spec 2, Leases/Perpetuals screen): active and
 * inactive self-serve entitlements, paged on the server, 20 rows a page.
 */
import type { GridSpec } from '../domain/grid-state'
import { formatDay, formatNumber, maintenanceText } from '../domain/entitlements'
import { ENTITLEMENT_FIELD, type EntitlementRow } from '../upstream/entitlement-row'
import {
  countColumn,
  endDateColumn,
  ENTITLEMENT_EXPORT_LIMIT,
  ENTITLEMENT_PAGE_SIZES,
  numberCriterion,
  remainingDaysColumn,
  startDateColumn,
  type EntitlementColumn,
} from './entitlement-columns'

export const isPermanent = (row: EntitlementRow) => row.IsActivationPermanent === 'true' || !row.EndDate
export const isEvaluation = (row: EntitlementRow) => row[ENTITLEMENT_FIELD.kind] === 'Evaluation'

/** 'PERMANENT' with its maintenance end, or the end day. */
export function leaseEndText(row: EntitlementRow): string {
  if (!isPermanent(row)) return formatDay(row.EndDate)
  return row.VersionDate ? `PERMANENT ${maintenanceText(row.VersionDate)}` : 'PERMANENT'
}

const columns: EntitlementColumn[] = [
  {
    id: 'entitlement',
    header: 'Entitlement',
    field: 'ProductName',
    textFilter: 'contains-equals',
    sortable: true,
    hideable: false,
    value: (row) => `${row.ProductName}${isEvaluation(row) ? ' (Evaluation)' : ''} ${row.ActivationId}`,
  },
  {
    id: 'licenseModel',
    header: 'License Model',
    field: 'LicenseModelGroup',
    textFilter: 'contains-equals',
    setFilter: true,
    sortable: true,
    kind: 'short',
  },
  countColumn,
  startDateColumn,
  endDateColumn(leaseEndText),
  remainingDaysColumn,
  {
    id: 'totalActivated',
    header: 'Total Activated',
    field: 'TotalActivated',
    textFilter: 'equals',
    sortable: true,
    kind: 'number',
    value: (row) => formatNumber(row.TotalActivated),
    criterion: numberCriterion,
  },
]

const shared = {
  columns,
  defaultSort: [{ col: 'endDate', dir: 'desc' as const }],
  pageSizes: ENTITLEMENT_PAGE_SIZES,
  defaultPageSize: 20,
  multiSort: true,
  exportLimit: ENTITLEMENT_EXPORT_LIMIT,
  distinctLimit: 500,
  uniqueKey: ['ActivationId'],
}

export const activeLeaseGrid: GridSpec<EntitlementRow> = {
  ...shared,
  tableName: 'leaseAndPerpetualsActive',
  paramPrefix: 'a',
}
export const inactiveLeaseGrid: GridSpec<EntitlementRow> = {
  ...shared,
  tableName: 'leaseAndPerpetualsInactive',
  paramPrefix: 'i',
}
