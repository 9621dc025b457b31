/** The web assignments lists' data sources and their entries in the grid registry. */
import type { ApiClient } from '../api-client/client.server'
import { webCalls, type WebEntitlementRow, type WebGroupRow, type WebUserRow } from '../api-client/web.server'
import { webEntitlementGrid, webGroupGrid, webUserGrid } from './web-lists'
import type { GridList } from './registry.server'
import type { GridSource } from './types'

/** A list's three calls for one customer (the web calls of each list have the same shape). */
function sourceOf<Row>(
  calls: {
    page: (c: string, request: Parameters<GridSource<Row>['page']>[0]) => ReturnType<GridSource<Row>['page']>
    count: (c: string, filter: Parameters<GridSource<Row>['count']>[0]) => ReturnType<GridSource<Row>['count']>
    distinct: (c: string, ...rest: Parameters<GridSource<Row>['distinct']>) => ReturnType<GridSource<Row>['distinct']>
  },
  customerNumber: string,
): GridSource<Row> {
  return {
    page: (request) => calls.page(customerNumber, request),
    count: (filter) => calls.count(customerNumber, filter),
    distinct: (filter, key, limit) => calls.distinct(customerNumber, filter, key, limit),
  }
}

export const webEntitlementSource = (api: ApiClient, customerNumber: string) =>
  sourceOf<WebEntitlementRow>(webCalls(api).entitlements, customerNumber)
export const webGroupSource = (api: ApiClient, customerNumber: string) =>
  sourceOf<WebGroupRow>(webCalls(api).groups, customerNumber)
export const webUserSource = (api: ApiClient, customerNumber: string) =>
  sourceOf<WebUserRow>(webCalls(api).users, customerNumber)

const webEntitlementList: GridList<WebEntitlementRow> = {
  spec: webEntitlementGrid,
  exportName: 'web-entitlements',
  source: webEntitlementSource,
  screen: 'webAssignments',
}
const webGroupList: GridList<WebGroupRow> = {
  spec: webGroupGrid,
  exportName: 'web-groups',
  source: webGroupSource,
  screen: 'webAssignments',
}
const webUserList: GridList<WebUserRow> = {
  spec: webUserGrid,
  exportName: 'web-users',
  source: webUserSource,
  screen: 'webAssignments',
}

export const webLists = [webEntitlementList, webGroupList, webUserList]
