/** The data sources of the entitlement grids and their entries in the grid registry. */
import type { EntitlementType } from '../domain/entitlements'
import type { GridSpec } from './grid-state'
import { DEPLOYED } from '../domain/entitlements'
import { MANUAL_DRAWDOWN_PRODUCT } from '../domain/product'
import type { ApiClient } from '../api-client/client.server'
import { entitlementCalls } from '../api-client/entitlements.server'
import type { EntitlementRow } from '../domain/entitlement-row'
import { activeElasticGrid, inactiveElasticGrid } from './elastic-entitlements'
import { withFixedCriteria } from './fixed-criteria'
import { loadGrid, preferenceStore } from './load-grid.server'
import { activeLeaseGrid, inactiveLeaseGrid } from './leases'
import type { GridList } from './registry.server'
import type { GridSource } from './types'
import { type ScreenId } from '../screens/registry'

interface Split {
  type: EntitlementType
  state?: string
  active: boolean
}

/** One half of the active/inactive split of a type, as a grid's source. */
export function entitlementSource(api: ApiClient, customerNumber: string, split: Split): GridSource<EntitlementRow> {
  const calls = entitlementCalls(api)
  const base = { type: split.type, ...(split.state ? { state: split.state } : {}) }
  return {
    page: (request) => (split.active ? calls.activePage : calls.inactivePage)(customerNumber, { ...base, ...request }),
    count: (filter) => (split.active ? calls.activeCount : calls.inactiveCount)(customerNumber, { ...base, filter }),
    distinct: (filter, key, limit) =>
      (split.active ? calls.activeDistinct : calls.inactiveDistinct)(customerNumber, { ...base, filter, key, limit }),
  }
}

/** Leases/Perpetuals never lists the manual drawdown bookkeeping lines (spec 2, Leases/Perpetuals screen). */
export const HIDDEN_LEASES = [{ name: 'ProductName', method: 'EQUALS', value: MANUAL_DRAWDOWN_PRODUCT, not: true }]

export function elasticSource(api: ApiClient, customerNumber: string, active: boolean) {
  return entitlementSource(api, customerNumber, { type: 'ELASTIC', active })
}

/** The self-serve screen lists SSL entitlements in the Deployed state (spec 2 section 3). */
export function leaseSource(api: ApiClient, customerNumber: string, active: boolean) {
  return withFixedCriteria(
    entitlementSource(api, customerNumber, { type: 'SSL', state: DEPLOYED, active }),
    HIDDEN_LEASES,
  )
}

function list(
  spec: GridSpec<EntitlementRow>,
  exportName: string,
  screen: ScreenId,
  source: GridList<EntitlementRow>['source'],
): GridList<EntitlementRow> {
  return { spec, exportName, screen, source }
}

export const entitlementLists = [
  list(activeElasticGrid, 'active-elastic-entitlements', 'elastic', (api, c) => elasticSource(api, c, true)),
  list(inactiveElasticGrid, 'inactive-elastic-entitlements', 'elastic', (api, c) => elasticSource(api, c, false)),
  list(activeLeaseGrid, 'active-leases-perpetuals', 'ssl', (api, c) => leaseSource(api, c, true)),
  list(inactiveLeaseGrid, 'inactive-leases-perpetuals', 'ssl', (api, c) => leaseSource(api, c, false)),
]

type SourceFor = (api: ApiClient, customerNumber: string, active: boolean) => GridSource<EntitlementRow>

/**
 * The Active and Inactive grids of an entitlement screen, loaded side by side; a
 * section the address names as closed loads nothing (null).
 */
export function loadEntitlementGrids({
  request,
  api,
  customerNumber,
  specs,
  source,
  open,
}: {
  request: Request
  api: ApiClient
  customerNumber: string
  specs: { active: GridSpec<EntitlementRow>; inactive: GridSpec<EntitlementRow> }
  source: SourceFor
  open: { active: boolean; inactive: boolean }
}) {
  const load = (spec: GridSpec<EntitlementRow>, active: boolean, show: boolean) =>
    show
      ? loadGrid({
          request,
          spec,
          source: source(api, customerNumber, active),
          preferences: preferenceStore(api, customerNumber, spec),
        })
      : Promise.resolve(null)
  return Promise.all([load(specs.active, true, open.active), load(specs.inactive, false, open.inactive)])
}
