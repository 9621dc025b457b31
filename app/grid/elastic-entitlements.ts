/**
 * The two grids of Elastic Licensing (spec 2, Elastic Licensing screen): active
 * and inactive elastic entitlements, with the same columns, on one page.
 */
import type { GridSpec } from '../domain/grid-state'
import { formatDay, formatNumber, rateTableLabel, remainingAmount, usedPercentage } from '../domain/entitlements'
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

/** Entitlement as 'product/activation id'. */
export function elasticEntitlementName(row: EntitlementRow): string {
  return `${row[ENTITLEMENT_FIELD.product]}/${row.ActivationId}`
}

export const elasticRemaining = (row: EntitlementRow) => remainingAmount(row.LineItemQuantity, row.Used)
export const elasticUsedPercentage = (row: EntitlementRow) => usedPercentage(row.Used, row.LineItemQuantity)

const columns: EntitlementColumn[] = [
  {
    id: 'entitlement',
    header: 'Entitlement',
    field: ENTITLEMENT_FIELD.product,
    textFilter: 'contains-equals',
    sortable: true,
    hideable: false,
    value: elasticEntitlementName,
  },
  countColumn,
  startDateColumn,
  endDateColumn((row) => formatDay(row.EndDate)),
  remainingDaysColumn,
  {
    id: 'total',
    header: 'Total',
    field: 'LineItemQuantity',
    textFilter: 'equals',
    sortable: true,
    kind: 'number',
    value: (row) => formatNumber(row.LineItemQuantity, 1),
    criterion: numberCriterion,
  },
  {
    id: 'remaining',
    header: 'Remaining',
    kind: 'number',
    value: (row) => formatNumber(elasticRemaining(row), 1),
  },
  {
    id: 'currency',
    header: 'Currency',
    field: 'Currency',
    textFilter: 'equals',
    setFilter: true,
    sortable: true,
    kind: 'short',
  },
  {
    id: 'usedPercentage',
    header: 'Used Percentage',
    kind: 'number',
    value: (row) => `${elasticUsedPercentage(row)}%`,
  },
  {
    id: 'rateTable',
    header: 'Rate Table',
    field: ENTITLEMENT_FIELD.rateTableVersion,
    textFilter: 'contains-equals',
    sortable: true,
    value: (row) => rateTableLabel(row[ENTITLEMENT_FIELD.rateTableVersion]),
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

export const activeElasticGrid: GridSpec<EntitlementRow> = {
  ...shared,
  tableName: 'activeEntitlements',
  paramPrefix: 'a',
}
export const inactiveElasticGrid: GridSpec<EntitlementRow> = {
  ...shared,
  tableName: 'inActiveEntitlements',
  paramPrefix: 'i',
}
