/** The Usage Transactions list's data source and its entry in the grid registry. */
import { parseGridState } from './grid-state'
import { PRODUCT_PREFIX } from '../domain/product'
import { rangeDays, type DateRange } from '../domain/date-presets'
import { usageExportTooMany } from '../domain/usage-export'
import type { UsageGridRow } from './usage'
import type { ApiClient } from '../api-client/client.server'
import { usageCalls, type UsageScope } from '../api-client/usage.server'
import { withFixedCriteria } from './fixed-criteria'
import type { GridList } from './registry.server'
import type { GridSource } from './types'
import { isActiveOnly, USAGE_ATTRIBUTES, usageCriteria, usageGrid, usageGridFor, usageRange } from './usage'

/** What the view's extras choose: the range's instants at `now` and Active Sessions. */
export interface UsageSelection {
  range: DateRange
  activeOnly: boolean
}

export function usageSelection(params: URLSearchParams, now: number): UsageSelection {
  const { extras } = parseGridState(usageGrid, params)
  return { range: usageRange.range(usageRange.choice(extras), now), activeOnly: isActiveOnly(extras) }
}

function callsOf(api: ApiClient, scope: UsageScope, exporting: boolean): GridSource<UsageGridRow> {
  const calls = usageCalls(api)
  return {
    page: (request) =>
      (exporting ? calls.exportPage : calls.page)(scope, { ...request, attributes: [...USAGE_ATTRIBUTES] }),
    count: (filter) => calls.count(scope, filter),
    distinct: (filter, key, limit) => calls.distinct(scope, filter, key, limit),
  }
}

/**
 * The list's calls, narrowed to the selection (spec 2 section 7). The export's pages come from the
 * export variant, which refuses more rows than an export may hold.
 */
export function usageSource(
  api: ApiClient,
  scope: UsageScope,
  selection: UsageSelection,
  { exporting = false } = {},
): GridSource<UsageGridRow> {
  return withFixedCriteria(callsOf(api, scope, exporting), usageCriteria(selection.range, selection.activeOnly))
}

/** Spec 2 section 9: a fixed prefix, the customer number and the range's first and last day. */
export function usageExportName(customerNumber: string, range: DateRange): string {
  const days = rangeDays(range)
  return `${PRODUCT_PREFIX.toUpperCase()}UsageTransactions_${customerNumber}_${days.from}_${days.to}`
}

export const USAGE_EXPORT_TOO_MANY = 'tooMany'

export const usageList: GridList<UsageGridRow> = {
  spec: usageGrid,
  screen: 'usage',
  source: (api, customerNumber, params) => usageSource(api, { customerNumber }, usageSelection(params, Date.now())),
  exportSource: (api, customerNumber, params) =>
    usageSource(api, { customerNumber }, usageSelection(params, Date.now()), { exporting: true }),
  specFor: async (api, customerNumber) => usageGridFor(await usageCalls(api).hasCloudJobs({ customerNumber })),
  exportName: (customerNumber, params) => usageExportName(customerNumber, usageSelection(params, Date.now()).range),
  exportRefusal: (message) => (message === usageExportTooMany() ? USAGE_EXPORT_TOO_MANY : null),
}
