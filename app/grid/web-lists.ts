/** The web assignments lists (/webassignments/...): entitlements, groups and users. Shared by the screens and their CSV. */
import type { GridColumnSpec, GridSpec } from './grid-state'
import type { WebEntitlementRow, WebGroupRow, WebUserRow } from '../api-client/web.server'
import { formatDayMonYear } from './format'
import { WEB_LICENSE_MODEL, webRoleLabel, webTermLabel } from '../domain/web-licenses'

const names = (list: string[]) => list.join(', ')

const common = {
  pageSizes: [10, 20, 50, 100],
  defaultPageSize: 20,
  multiSort: true,
  exportLimit: 10_000,
  distinctLimit: 500,
} as const

const entitlementColumns: GridColumnSpec<WebEntitlementRow>[] = [
  { id: 'productName', header: 'Product', field: 'productName', textFilter: 'contains-equals', sortable: true },
  {
    id: 'type',
    header: 'Type',
    field: 'type',
    sortable: true,
    kind: 'short',
    value: (row) => WEB_LICENSE_MODEL[row.type],
  },
  { id: 'seats', header: 'Seats', field: 'seats', sortable: true, kind: 'number' },
  {
    id: 'inUse',
    header: 'In Use Now',
    field: 'inUse',
    sortable: true,
    kind: 'number',
    value: (row) => (row.type === 'SHARED_WEB' ? String(row.inUse) : ''),
  },
  {
    id: 'holders',
    header: 'Held',
    field: 'holders',
    sortable: true,
    kind: 'number',
    value: (row) => (row.type === 'NAMED_USER' ? String(row.holders) : ''),
  },
  { id: 'free', header: 'Free / Allowed Left', field: 'free', sortable: true, kind: 'number' },
  {
    id: 'groups',
    header: 'Groups',
    field: 'groups',
    textFilter: 'contains-equals',
    value: (row) => names(row.groups),
  },
  { id: 'users', header: 'Users With a Seat', field: 'users', sortable: true, kind: 'number' },
  {
    id: 'startDate',
    header: 'Start',
    field: 'startDate',
    sortable: true,
    kind: 'date',
    value: (row) => formatDayMonYear(row.startDate),
  },
  {
    id: 'endDate',
    header: 'End',
    field: 'endDate',
    sortable: true,
    kind: 'date',
    value: (row) => formatDayMonYear(row.endDate),
  },
  {
    id: 'termState',
    header: 'Term',
    field: 'termState',
    sortable: true,
    kind: 'short',
    value: (row) => webTermLabel(row.termState),
  },
]

export const webEntitlementGrid: GridSpec<WebEntitlementRow> = {
  ...common,
  tableName: 'webEntitlementList',
  columns: entitlementColumns,
  defaultSort: [{ col: 'productName', dir: 'asc' }],
  uniqueKey: ['activationId'],
}

const groupColumns: GridColumnSpec<WebGroupRow>[] = [
  { id: 'name', header: 'Group', field: 'name', textFilter: 'contains-equals', sortable: true },
  { id: 'description', header: 'Description', field: 'description', textFilter: 'contains-equals', sortable: true },
  { id: 'members', header: 'Members', field: 'members', sortable: true, kind: 'number' },
  {
    id: 'entitlements',
    header: 'Licences',
    field: 'entitlements',
    textFilter: 'contains-equals',
    value: (row) => names(row.entitlements),
  },
]

export const webGroupGrid: GridSpec<WebGroupRow> = {
  ...common,
  tableName: 'webGroupList',
  columns: groupColumns,
  defaultSort: [{ col: 'name', dir: 'asc' }],
  uniqueKey: ['id'],
}

const userColumns: GridColumnSpec<WebUserRow>[] = [
  { id: 'name', header: 'Name', field: 'name', textFilter: 'contains-equals', sortable: true },
  { id: 'email', header: 'E-mail', field: 'email', textFilter: 'contains-equals', sortable: true },
  {
    id: 'role',
    header: 'Role',
    field: 'role',
    sortable: true,
    kind: 'short',
    value: (row) => webRoleLabel(row.role),
  },
  { id: 'groups', header: 'Groups', field: 'groups', textFilter: 'contains-equals', value: (row) => names(row.groups) },
  { id: 'checkouts', header: 'Sessions Now', field: 'checkouts', sortable: true, kind: 'number' },
]

export const webUserGrid: GridSpec<WebUserRow> = {
  ...common,
  tableName: 'webUserList',
  columns: userColumns,
  defaultSort: [{ col: 'name', dir: 'asc' }],
  uniqueKey: ['id'],
}
