/**
 * Every grid by its saved-view table name. The shared resource route
 * (/resources/grid/<tableName>) finds a list here to save its view with
 * JavaScript, to list a column's distinct values for the filter dialog and to
 * export the CSV. A new list adds one line. A grid of a page with several
 * registers its spec with the same paramPrefix, so the views it saves and the
 * CSV it exports read its prefixed parameters.
 */
import type { GridSpec, TRANSIENT_PARAMS } from './grid-state'
import type { ApiClient } from '../api-client/client.server'
import type { GridSource } from './types'
import { emailList } from './emails.server'
import { entitlementLists } from './entitlements.server'
import { usageList } from './usage.server'
import { statementList, statementProductList } from './statement.server'
import { serverLists } from './servers.server'
import { fsaEntitlementLists, fsaHistoryList } from './fsa.server'
import { webLists } from './web-lists.server'
import { webTransactionsList } from './web-transactions.server'
import { type ScreenId } from '../screens/registry'

export interface GridList<Row> {
  spec: GridSpec<Row>
  /** File name of the CSV export, without '.csv'; a function when it names the view (e.g. its dates). */
  exportName: string | ((customerNumber: string, params: URLSearchParams) => string)
  /**
   * The list's calls. `params` is the request's query: a grid with view extras
   * (e.g. a date range) narrows its calls by them, so the CSV, the filter dialog's
   * values and the chunks see the same rows as the page.
   */
  source(api: ApiClient, customerNumber: string, params: URLSearchParams): GridSource<Row>
  /** The calls of the CSV export, when it has its own (e.g. one that refuses too many rows); else `source`. */
  exportSource?(api: ApiClient, customerNumber: string, params: URLSearchParams): GridSource<Row>
  /**
   * The screen's code for an export the service refused (a 4xx answer with this message), or null. A
   * page load of the export then returns to the screen with `csvRefused=<code>`, where the message shows.
   */
  exportRefusal?(message: string): string | null
  /**
   * A CSV of the list's own instead of the view's columns (e.g. each host's history): the rows of
   * the view in, the document out, or the reason it could not be made.
   */
  exportDocument?(
    api: ApiClient,
    customerNumber: string,
    rows: Row[],
  ): Promise<{ ok: true; csv: string } | { ok: false; message: string; httpStatus: number }>
  /** The columns for one customer, when they depend on its data (e.g. a column shown only when it has values). */
  specFor?(api: ApiClient, customerNumber: string): Promise<GridSpec<Row>>
  /** The screen the list belongs to: its rules (e.g. e-mails: Channel or Direct) guard the list's data too. */
  screen: ScreenId
}

/** The URL parameter that brings a refused export back to its screen (GridList.exportRefusal). */
export const CSV_REFUSED_PARAM = 'csvRefused' satisfies (typeof TRANSIENT_PARAMS)[number]

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const LISTS: Record<string, GridList<any>> = {
  [emailList.spec.tableName]: emailList,
  ...Object.fromEntries(entitlementLists.map((list) => [list.spec.tableName, list])),
  [usageList.spec.tableName]: usageList,
  [statementList.spec.tableName]: statementList,
  [statementProductList.spec.tableName]: statementProductList,
  ...Object.fromEntries(serverLists.map((list) => [list.spec.tableName, list])),
  ...Object.fromEntries(fsaEntitlementLists.map((list) => [list.spec.tableName, list])),
  [fsaHistoryList.spec.tableName]: fsaHistoryList,
  ...Object.fromEntries(webLists.map((list) => [list.spec.tableName, list])),
  [webTransactionsList.spec.tableName]: webTransactionsList,
}

export function gridList(tableName: string): GridList<Record<string, unknown>> | undefined {
  return Object.hasOwn(LISTS, tableName) ? LISTS[tableName] : undefined
}
