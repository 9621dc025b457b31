/** The Web Transactions list's data source and its entry in the grid registry. */
import { parseGridState } from './grid-state'
import { PRODUCT_PREFIX } from '../domain/product'
import { rangeDays, type DateRange } from '../domain/date-presets'
import { usageExportTooMany } from '../domain/usage-export'
import { webTransactionCalls as declared } from '../../api/contract/web-transactions'
import type { ApiClient } from '../api-client/client.server'
import { withFixedCriteria } from './fixed-criteria'
import type { GridList } from './registry.server'
import type { GridSource } from './types'
import {
  webTransactionCriteria,
  webTransactionsGrid,
  webTransactionsGroup,
  webTransactionsRange,
  type WebTransactionGridRow,
} from './web-transactions'

/** What the view's extras narrow the list to: the range they choose at `now`, and the group's members if any. */
export interface WebTransactionsSelection {
  range: DateRange
  group: string | null
}

export function webTransactionsSelection(params: URLSearchParams, now: number): WebTransactionsSelection {
  const { extras } = parseGridState(webTransactionsGrid, params)
  return {
    range: webTransactionsRange.range(webTransactionsRange.choice(extras), now),
    group: webTransactionsGroup(extras),
  }
}

/** The list's calls narrowed to the range; the export's pages come from the call that refuses too many rows. */
export function webTransactionsSource(
  api: ApiClient,
  customerNumber: string,
  { range, group }: WebTransactionsSelection,
  { exporting = false } = {},
): GridSource<WebTransactionGridRow> {
  const { list } = declared
  const calls: GridSource<WebTransactionGridRow> = {
    page: (request) => api.send(exporting ? declared.export : list.page, { customerNumber, ...request }),
    count: (filter) => api.send(list.count, { customerNumber, filter }),
    distinct: (filter, key, limit) => api.send(list.distinct, { customerNumber, filter, key, limit }),
  }
  return withFixedCriteria(calls, webTransactionCriteria(range, group))
}

/** A fixed prefix, the customer number and the range's first and last day, as Usage Transactions' file. */
function exportName(customerNumber: string, range: DateRange): string {
  const days = rangeDays(range)
  return `${PRODUCT_PREFIX.toUpperCase()}WebTransactions_${customerNumber}_${days.from}_${days.to}`
}

export const WEB_TRANSACTIONS_EXPORT_TOO_MANY = 'tooMany'

export const webTransactionsList: GridList<WebTransactionGridRow> = {
  spec: webTransactionsGrid,
  screen: 'webTransactions',
  source: (api, customerNumber, params) =>
    webTransactionsSource(api, customerNumber, webTransactionsSelection(params, Date.now())),
  exportSource: (api, customerNumber, params) =>
    webTransactionsSource(api, customerNumber, webTransactionsSelection(params, Date.now()), { exporting: true }),
  exportName: (customerNumber, params) =>
    exportName(customerNumber, webTransactionsSelection(params, Date.now()).range),
  exportRefusal: (message) => (message === usageExportTooMany() ? WEB_TRANSACTIONS_EXPORT_TOO_MANY : null),
}
