/**
 * The two grids of Leases/Perpetuals (spec 2, Leases/Perpetuals screen): active and
 * inactive self-serve entitlements, paged on the server, 20 rows a page.
 */
import { formatDay, formatNumber, maintenanceText } from '../domain/entitlements'
import { ENTITLEMENT_FIELD, type EntitlementRow } from '../domain/entitlement-row'
import {
  countColumn,
  endDateColumn,
  entitlementGridPair,
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

export const { active: activeLeaseGrid, inactive: inactiveLeaseGrid } = entitlementGridPair(
  columns,
  { active: 'leaseAndPerpetualsActive', inactive: 'leaseAndPerpetualsInactive' },
  // The counts (quantity, available, activated) sit past a phone's width.
  { phoneLayout: 'stacked' },
)
