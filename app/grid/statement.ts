/**
 * The grids of Elastic Statements (spec 2, Elastic Statements screen): 'Usage by
 * Purchase Order' (saved view elasticTransaction, whose view extras are the
 * statement's period, so Reset View returns to Last month) and 'Usage by
 * Product' (URL parameters prefixed 'p'). Their rows are the statement's, shown
 * as the API computed them.
 */
import type { GridSpec } from './grid-state'
import { formatNumber } from '../domain/entitlements'
import { PO_FIELD, type StatementProductTotal, type StatementRecord } from '../domain/statement-types'
import { STATEMENT_TABLE, statementRange } from '../statement/statement-view'
import { DATE_PICKER_PARAMS, DATE_RANGE_NAMES } from './date-range-extras'
import { numericColumn, textColumn } from './usage'

export const STATEMENT_PRODUCTS_TABLE = 'elasticTransactionProducts'
/** The PO rows whose product breakdown is open (a repeated parameter of activation ids). */
export const OPEN_RECORD_PARAM = 'open'
export const EMAIL_COLUMN = 'email'

/** Whether two queries differ only in which PO rows are open (the page's data stays the same). */
export function onlyDetailsDiffer(a: string, b: string): boolean {
  const rest = (search: string) => {
    const params = new URLSearchParams(search)
    params.delete(OPEN_RECORD_PARAM)
    params.sort()
    return params.toString()
  }
  return rest(a) === rest(b)
}

const amount = (value: number) => formatNumber(value, 2)

function money<Row>(id: string, header: string, field: string, value: (row: Row) => number) {
  return numericColumn<Row>(id, header, field, (row) => amount(value(row)))
}

const currency = <Row>() =>
  textColumn<Row>('currency', 'Currency', 'Currency', { textFilter: 'equals', setFilter: true, kind: 'short' })

export const statementGrid: GridSpec<StatementRecord> = {
  tableName: STATEMENT_TABLE,
  columns: [
    textColumn<StatementRecord>('po', 'PO', PO_FIELD, { value: (row) => row[PO_FIELD] }),
    textColumn<StatementRecord>('entitlement', 'Entitlement', 'ActivationId', { width: 200 }),
    textColumn<StatementRecord>('startDate', 'Start Date', 'StartDate', { kind: 'date' }),
    textColumn<StatementRecord>('endDate', 'Expiration Date', 'EndDate', {
      kind: 'date',
      value: (row) => row.EndDate || 'Permanent',
    }),
    money('balanceStart', 'Balance on Period Start Date', 'BalanceBeforeStart', (row) => row.BalanceBeforeStart),
    money('balanceEnd', 'Balance on Period End Date', 'BalanceAtEnd', (row) => row.BalanceAtEnd),
    money('used', 'Period Used', 'Used', (row) => row.Used),
    currency<StatementRecord>(),
    // The Weekly and Monthly statement e-mails of the row's entitlement (cells of the screen).
    // Room for its two buttons in a row.
    { id: EMAIL_COLUMN, header: 'Statement Email', kind: 'link', noExport: true, width: 170 },
  ],
  defaultSort: [{ col: 'po', dir: 'asc' }],
  pageSizes: [20, 50, 100],
  defaultPageSize: 20,
  exportLimit: 500,
  uniqueKey: ['ActivationId'],
  phoneLayout: 'stacked',
  viewExtras: {
    names: DATE_RANGE_NAMES,
    parse: (own) => statementRange.parse(own),
    toSaved: (extras) => statementRange.toSaved(extras),
    fromSaved: (saved) => statementRange.fromSaved(saved),
    transient: [...DATE_PICKER_PARAMS, OPEN_RECORD_PARAM],
  },
}

export const statementProductsGrid: GridSpec<StatementProductTotal> = {
  tableName: STATEMENT_PRODUCTS_TABLE,
  paramPrefix: 'p',
  columns: [
    textColumn<StatementProductTotal>('product', 'Product', 'product', { setFilter: true, width: 260 }),
    money('used', 'Period Used', 'total', (row) => row.total),
    { ...currency<StatementProductTotal>(), field: 'currency' },
  ],
  defaultSort: [{ col: 'used', dir: 'desc' }],
  pageSizes: [20, 25, 50, 100, 500],
  defaultPageSize: 20,
  exportLimit: 500,
  uniqueKey: ['product', 'currency'],
  phoneLayout: 'stacked',
}
