/**
 * Links to Web Transactions (/webtransactions) narrowed to a user, a group's current members, an
 * entitlement, an outcome, a denial reason and a range of whole UTC days: the report's and the
 * home card's deep links.
 * The parameters are the grid's own (app/grid/web-transactions.ts), so the page opens with
 * those filters set; the view is marked as linked, so it is shown without replacing the
 * user's saved view.
 */
import { encodeFilter, encodeSetValues, GRID_PARAM, LINKED_VIEW_PARAM } from '../grid/grid-state'
import type { WebOutcome } from '../domain/web-transactions'

/** The view extra that narrows the list to a group's current members (app/grid/web-transactions.ts). */
export const WEB_TRANSACTIONS_GROUP = 'group'

export const WEB_TRANSACTIONS_PATH = '/webtransactions'

/** The grid's column ids these links filter. */
export const WEB_TRANSACTION_LINK_COLUMNS = {
  user: 'user',
  activationId: 'activationId',
  outcome: 'outcome',
  reason: 'reason',
} as const

export interface WebTransactionsLink {
  customer: string
  /** The user's e-mail (exact). */
  user?: string
  /** A group's name: the transactions of its current members. */
  group?: string
  /** The entitlement's activation id (exact). */
  activationId?: string
  outcome?: WebOutcome
  /** A denial reason code (app/domain/web-seats DENIAL_REASONS). */
  reason?: string
  /** First day, 'YYYY-MM-DD' (UTC). With only one of from and to, the range is that one day. */
  from?: string
  /** Last day, 'YYYY-MM-DD' (UTC), included. */
  to?: string
}

const filterParam = (column: string) => `${GRID_PARAM.filterPrefix}${column}`

export function webTransactionsHref(link: WebTransactionsLink): string {
  const params = new URLSearchParams({ customer: link.customer })
  const columns = WEB_TRANSACTION_LINK_COLUMNS
  if (link.user) params.set(filterParam(columns.user), encodeFilter({ type: 'text', op: 'equals', text: link.user }))
  if (link.group) params.set(WEB_TRANSACTIONS_GROUP, link.group)
  if (link.activationId) {
    params.set(filterParam(columns.activationId), encodeFilter({ type: 'text', op: 'equals', text: link.activationId }))
  }
  if (link.outcome) params.set(filterParam(columns.outcome), `in:${encodeSetValues([link.outcome])}`)
  if (link.reason) params.set(filterParam(columns.reason), `in:${encodeSetValues([link.reason])}`)
  const from = link.from ?? link.to
  const to = link.to ?? link.from
  if (from && to) {
    params.set('from', from)
    params.set('to', to)
  }
  params.set(LINKED_VIEW_PARAM, '1')
  return `${WEB_TRANSACTIONS_PATH}?${params}`
}
