/**
 * Where each Home card leads: the screen and the view (filter, sort, range) that
 * explains its figure, as an address that can be bookmarked. Every link carries
 * the customer.
 */
import { endDateRangeText } from '../domain/entitlement-filters'
import { endingWindow, type DayRange } from '../domain/home-cards'
import {
  defaultState,
  gridHref,
  LINKED_VIEW_PARAM,
  paramName,
  withFilter,
  withSort,
  type GridScope,
  type GridSpec,
} from '../grid/grid-state'
import { activeLeaseGrid } from '../grid/leases'
import { activeFsaGrid } from '../grid/fsa'
import { activeServersGrid, inactiveServersGrid, OPEN_HISTORY_PARAM } from '../grid/servers'
import { usageGrid } from '../grid/usage'
import { statementGrid } from '../grid/statement'
import { withCustomer } from '../ui/customer-href'
import { navHref } from '../screens/navigation'
import { screenPath } from '../screens/registry'

/** A grid's first page with one column filtered (or none) and sorted, for the customer. */
function gridLink<Row>(
  pathname: string,
  customerNumber: string,
  spec: GridSpec<Row>,
  view: { filter?: [string, string, 'contains' | 'equals']; sort?: [string, 'asc' | 'desc'] },
): string {
  let state = defaultState(spec)
  if (view.filter) {
    const [col, text, op] = view.filter
    state = withFilter(state, col, { type: 'text', op, text })
  }
  if (view.sort) state = withSort(state, [{ col: view.sort[0], dir: view.sort[1] }])
  return linked(gridHref(pathname, spec, state, new URLSearchParams({ customer: customerNumber })), spec)
}

/** The view is shown, not saved as the user's own (LINKED_VIEW_PARAM). */
export const linked = (href: string, spec: GridScope) =>
  `${href}${href.includes('?') ? '&' : '?'}${paramName(spec, LINKED_VIEW_PARAM)}=1`

export interface HomeLinks {
  /** Elastic Licensing as the side menu opens it. */
  elasticList(): string
  /** Leases/Perpetuals. */
  leases(): string
  /** Elastic Licensing at the entitlement's credit forecast: its remaining, burn-down, forecast and threshold. */
  elasticCredit(activationId: string): string
  /** Leases/Perpetuals: leases ending within the window, soonest first. */
  leasesEnding(): string
  /** Leases/Perpetuals: perpetuals whose maintenance ends within the window. */
  perpetualsEnding(): string
  /** The FSA contracts, soonest end first. */
  fsaContracts(): string
  /** Manage Activations: the Active Servers. */
  activeHosts(): string
  /** Manage Activations: the host, found by name, with its history open. */
  hostHistory(host: { id: number; name: string; active: boolean }): string
  /** Elastic Statements of the days: the same charges, per product. */
  usageStatement(range: DayRange): string
  /** Usage Transactions of the days: the sessions. */
  usageTransactions(range: DayRange): string
  alerts(): string
  alert(id: number): string
  emails(): string
  email(id: number): string
}

export function homeLinks(customerNumber: string, today: string): HomeLinks {
  const term = endingWindow('term', today)
  const maintenance = endingWindow('maintenance', today)
  const soonestFirst: [string, 'asc'] = ['endDate', 'asc']
  return {
    elasticList: () => withCustomer(navHref('/elastic'), customerNumber),
    leases: () => withCustomer('/ssl', customerNumber),
    elasticCredit: (activationId) => withCustomer(`/elastic#credit-${activationId}`, customerNumber),
    leasesEnding: () =>
      gridLink('/ssl', customerNumber, activeLeaseGrid, {
        filter: ['endDate', endDateRangeText(term.from, term.to), 'equals'],
        sort: soonestFirst,
      }),
    perpetualsEnding: () =>
      gridLink('/ssl', customerNumber, activeLeaseGrid, {
        filter: ['endDate', endDateRangeText(maintenance.from, maintenance.to, true), 'equals'],
      }),
    fsaContracts: () => gridLink(screenPath('fsa'), customerNumber, activeFsaGrid, { sort: soonestFirst }),
    activeHosts: () => withCustomer('/activations-history', customerNumber),
    hostHistory: (host) => {
      const spec = host.active ? activeServersGrid : inactiveServersGrid
      const open = spec.paramPrefix ? `${spec.paramPrefix}.${OPEN_HISTORY_PARAM}` : OPEN_HISTORY_PARAM
      const grid = gridLink('/activations-history', customerNumber, spec, { filter: ['name', host.name, 'equals'] })
      // The open row is a step of the page, which a grid's own address leaves out: added after it.
      return `${grid}&${new URLSearchParams({ [open]: String(host.id) })}`
    },
    usageStatement: (range) =>
      linked(withCustomer(`/statementv2?${dayRangeParams(range)}`, customerNumber), statementGrid),
    usageTransactions: (range) =>
      linked(withCustomer(`/transactions?${dayRangeParams(range)}`, customerNumber), usageGrid),
    alerts: () => withCustomer('/notifications', customerNumber),
    alert: (id) => withCustomer(`/notification-details/${id}`, customerNumber),
    emails: () => withCustomer('/emails', customerNumber),
    email: (id) => withCustomer(`/emails/${id}`, customerNumber),
  }
}

const dayRangeParams = (range: DayRange) => new URLSearchParams({ from: range.from, to: range.to })
