/**
 * The grids of the Flexible Spending Account page (spec 3, "Flexible Spending
 * Account page" and "FSA grid view"): 'Active Entitlements' and 'Inactive
 * Entitlements' of the contracts (saved views fsaActiveEntitlements and
 * fsaInActiveEntitlements), and the order History (fsaHistory: 10 rows a page,
 * newest order first). Every column sorts and filters (contains or equals).
 */
import type { GridColumnSpec, GridSpec } from './grid-state'
import { formatNumber } from '../domain/entitlements'
import type { FsaEntitlementRow } from '../domain/fsa-entitlements'
import type { FsaHistoryRow } from '../domain/fsa-types'
import { numericColumn, textColumn } from './usage'

export const FSA_ACTIVE_TABLE = 'fsaActiveEntitlements'
export const FSA_INACTIVE_TABLE = 'fsaInActiveEntitlements'
export const FSA_HISTORY_TABLE = 'fsaHistory'
export const ORDER_NOW_COLUMN = 'orderNow'

/** A history line as the grid lists it: its product and lease id together, for the Entitlement column. */
export type FsaHistoryGridRow = FsaHistoryRow & { entitlement: string }

const money = (n: number) => formatNumber(n, 2)

type Column = GridColumnSpec<FsaEntitlementRow>

const entitlementColumns = (orderNow: boolean): Column[] => [
  textColumn<FsaEntitlementRow>('entitlement', 'Entitlement', 'entitlement', { hideable: false, width: 240 }),
  textColumn<FsaEntitlementRow>('startDate', 'Start Date', 'startdate', { kind: 'date' }),
  textColumn<FsaEntitlementRow>('endDate', 'Expiration Date', 'enddate', { kind: 'date' }),
  {
    ...textColumn<FsaEntitlementRow>('remainingDays', 'Remaining Days', 'remainingText', { width: 170 }),
    value: (row) =>
      row.status === 'NOT STARTED' || row.status === 'EXPIRED' ? row.status : formatNumber(row.remainingdays),
  },
  numericColumn<FsaEntitlementRow>('total', 'Total', 'quantity', (row) => money(row.quantity), 140),
  numericColumn<FsaEntitlementRow>('remaining', 'Remaining', 'remaining', (row) => money(row.remaining), 140),
  textColumn<FsaEntitlementRow>('currency', 'Currency', 'currency', { kind: 'short' }),
  {
    ...numericColumn<FsaEntitlementRow>(
      'usedPercentage',
      'Used Percentage',
      'usedpercentage',
      (row) => `${row.usedpercentage}%`,
      170,
    ),
  },
  ...(orderNow
    ? [
        {
          id: ORDER_NOW_COLUMN,
          header: 'Order Now',
          kind: 'link',
          noExport: true,
          hideable: false,
          width: 140,
        } as Column,
      ]
    : []),
]

function entitlementsGrid(tableName: string, paramPrefix: string, orderNow: boolean): GridSpec<FsaEntitlementRow> {
  return {
    tableName,
    paramPrefix,
    columns: entitlementColumns(orderNow),
    defaultSort: [{ col: 'endDate', dir: 'desc' }],
    pageSizes: [20, 50, 100],
    defaultPageSize: 20,
    exportLimit: 1000,
    uniqueKey: ['entitlementId'],
    // The amounts and the order column sit past a phone's width.
    phoneLayout: 'stacked',
  }
}

export const activeFsaGrid = entitlementsGrid(FSA_ACTIVE_TABLE, 'a', true)
export const inactiveFsaGrid = entitlementsGrid(FSA_INACTIVE_TABLE, 'i', false)

const historyColumn = (
  id: string,
  header: string,
  field: keyof FsaHistoryGridRow,
  more: Partial<GridColumnSpec<FsaHistoryGridRow>> = {},
) => textColumn<FsaHistoryGridRow>(id, header, field, more)

export const fsaHistoryGrid: GridSpec<FsaHistoryGridRow> = {
  tableName: FSA_HISTORY_TABLE,
  paramPrefix: 'h',
  columns: [
    historyColumn('entitlement', 'Entitlement', 'entitlement', { hideable: false, width: 240 }),
    historyColumn('contract', 'FSA Contract', 'fsaId', { width: 200 }),
    historyColumn('orderDate', 'Order Date', 'orderdate', { kind: 'date', width: 180 }),
    numericColumn<FsaHistoryGridRow>('count', 'Count', 'count', (row) => formatNumber(row.count), 110),
    historyColumn('startDate', 'Start Date', 'startdate', { kind: 'date' }),
    historyColumn('endDate', 'Expiration Date', 'enddate', { kind: 'date' }),
    numericColumn<FsaHistoryGridRow>('cost', 'Cost', 'cost', (row) => money(row.cost), 140),
    historyColumn('currency', 'Currency', 'currency', { kind: 'short' }),
    historyColumn('requester', 'Requester', 'requester', { width: 220 }),
  ],
  defaultSort: [{ col: 'orderDate', dir: 'desc' }],
  pageSizes: [10, 25, 50, 100, 500],
  defaultPageSize: 10,
  exportLimit: 5000,
  uniqueKey: ['id'],
  phoneLayout: 'stacked',
}
