/**
 * The two grids of Elastic Licensing (spec 2, Elastic Licensing screen): active
 * and inactive elastic entitlements, with the same columns, on one page.
 */
import { formatDay, formatNumber, rateTableLabel, remainingAmount, usedPercentage } from '../domain/entitlements'
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
    kind: 'short',
    value: (row) => rateTableLabel(row[ENTITLEMENT_FIELD.rateTableVersion]),
  },
]

export const { active: activeElasticGrid, inactive: inactiveElasticGrid } = entitlementGridPair(
  columns,
  { active: 'activeEntitlements', inactive: 'inActiveEntitlements' },
  // Nine columns with amounts and their currency cannot fit a phone.
  { phoneLayout: 'stacked' },
)
