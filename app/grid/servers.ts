/**
 * The grids of Manage Activations (spec 3, "Manage Activations (history)"):
 * 'Active Servers' (saved view manageActivationsActive) and 'Inactive Servers'
 * (manageActivationsInActive, URL parameters prefixed 'i'). Their default order
 * is the spec's: active, inactive, the rest, then name (any case), ids and type.
 * A row opens into its history (the repeated parameter `open`, never saved).
 */
import { compareServers } from '../domain/add-host'
import type { ServerSummary } from '../domain/activation-types'
import type { GridSpec } from './grid-state'
import { hostIdTypeLabel, isHostIdType } from '../domain/host-id'
import { numericColumn, textColumn } from './usage'

export const ACTIVE_SERVERS_TABLE = 'manageActivationsActive'
export const INACTIVE_SERVERS_TABLE = 'manageActivationsInActive'
/** The server rows whose history is open (a repeated parameter of host record ids). */
export const OPEN_HISTORY_PARAM = 'open'
export const ACTIONS_COLUMN = 'actions'
/** The page's one-off steps (a host's activations, its rehost form, the file after a rehost): grid links drop them. */
export const HISTORY_STEPS = ['view', 'rehost', 'triad', 'rehosted'] as const

/** A host as the grids list it. */
export interface ServerRow {
  id: number
  /** Position in the spec's order, which the default view keeps. */
  order: number
  name: string
  state: string
  serverId: string
  serverIdType: string
  /** The types as people read them (ETHERNET as MAC_ADDRESS). */
  typeLabel: string
  port: number
  /** The other customers of its shared-server group the user may see. */
  sharedWith: string
}

const typeLabel = (types: string) =>
  [...new Set(types.split(','))].map((t) => (isHostIdType(t) ? hostIdTypeLabel(t) : t)).join(',')

/** The customer's hosts as rows, in the spec's order, split into the active grid's and the inactive grid's. */
export function serverRows(servers: readonly ServerSummary[], customerNumber: string) {
  const rows: ServerRow[] = [...servers].sort(compareServers).map((s, order) => ({
    id: s.id,
    order,
    name: s.name,
    state: s.state,
    serverId: s.serverId,
    serverIdType: s.serverIdType,
    typeLabel: typeLabel(s.serverIdType),
    port: s.portNumber,
    sharedWith: s.customers.filter((c) => c !== customerNumber).join(', '),
  }))
  return { active: rows.filter((r) => r.state === 'ACTIVE'), inactive: rows.filter((r) => r.state !== 'ACTIVE') }
}

const column = (id: string, header: string, field: string, more: Parameters<typeof textColumn<ServerRow>>[3] = {}) =>
  textColumn<ServerRow>(id, header, field, more)

function serversGrid(tableName: string, paramPrefix?: string): GridSpec<ServerRow> {
  return {
    tableName,
    ...(paramPrefix ? { paramPrefix } : {}),
    columns: [
      column('name', 'Host Name', 'name', { hideable: false, width: 180 }),
      column('hostId', 'Host ID', 'serverId', { width: 170 }),
      column('type', 'Host ID Type', 'typeLabel', { setFilter: true, kind: 'short', width: 150 }),
      { ...numericColumn<ServerRow>('port', 'Port', 'port', (row) => String(row.port), 120), hidden: true },
      column('sharedWith', 'Shared With', 'sharedWith', { width: 140 }),
      // Room for the four buttons in a row.
      { id: ACTIONS_COLUMN, header: 'Actions', kind: 'actions', noExport: true, hideable: false, width: 300 },
    ],
    defaultSort: [],
    pageSizes: [20, 50, 100],
    defaultPageSize: 20,
    exportLimit: 1000,
    uniqueKey: ['order'],
    phoneLayout: 'stacked',
    viewExtras: {
      names: [],
      parse: () => ({}),
      toSaved: () => ({}),
      fromSaved: () => ({}),
      transient: [OPEN_HISTORY_PARAM],
    },
    pageSteps: HISTORY_STEPS,
  }
}

export const activeServersGrid = serversGrid(ACTIVE_SERVERS_TABLE)
export const inactiveServersGrid = serversGrid(INACTIVE_SERVERS_TABLE, 'i')
