/**
 * Every grid by its saved-view table name. The shared resource route
 * (/resources/grid/<tableName>) finds a list here to save its view with
 * JavaScript, to list a column's distinct values for the filter dialog and to
 * export the CSV. A new list adds one line. A grid of a page with several
 * registers its spec with the same paramPrefix, so the views it saves and the
 * CSV it exports read its prefixed parameters.
 */
import type { GridSpec } from '../domain/grid-state'
import type { ApiClient } from '../upstream/client.server'
import type { GridSource } from './types'
import { emailList } from './emails.server'
import { entitlementLists } from './entitlements.server'

export interface GridList<Row> {
  spec: GridSpec<Row>
  /** File name of the CSV export, without '.csv'. */
  exportName: string
  source(api: ApiClient, customerNumber: string): GridSource<Row>
  /** The screen the list belongs to: its rules (e.g. e-mails: Channel or Direct) guard the list's data too. */
  screen: string
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const LISTS: Record<string, GridList<any>> = {
  [emailList.spec.tableName]: emailList,
  ...Object.fromEntries(entitlementLists.map((list) => [list.spec.tableName, list])),
}

export function gridList(tableName: string): GridList<Record<string, unknown>> | undefined {
  return Object.hasOwn(LISTS, tableName) ? LISTS[tableName] : undefined
}
