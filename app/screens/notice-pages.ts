import { exportDenied, customerTypeAllowed } from '../domain/permissions'
import type { AccountInfo } from '../domain/types'

/** The notice pages and their routes. */
export const NOTICE_PATHS = {
  nocustomer: '/nocustomer',
  noselectedcustomer: '/noselectedcustomer',
  notypecustomer: '/notypecustomer',
  nopermissions: '/nopermissions',
  noaccess: '/noaccess',
  noascaccess: '/noascaccess',
} as const
export type NoticePage = keyof typeof NOTICE_PATHS
export type NoticePath = (typeof NOTICE_PATHS)[NoticePage]

/** The notice pages' headings, in the spec's capitalisation (spec 1 section 2.1). */
export const NOTICE_TITLES: Readonly<Record<NoticePage, string>> = {
  nocustomer: 'No customer',
  noselectedcustomer: 'No customer selected',
  notypecustomer: 'Customer type not allowed',
  nopermissions: 'Not enough permissions',
  noaccess: 'Access denied',
  noascaccess: 'Support Coordinator required',
}

export const NOTICE_TEXTS: Readonly<Record<NoticePage, string>> = {
  nocustomer:
    'Your account is not linked to any customer yet. Please contact your administrator or support to get access.',
  noselectedcustomer: 'Please select a customer from the drop down menu at the top right.',
  notypecustomer:
    'The selected customer needs to be either a direct or channel customer. Please contact support to correct the customer type.',
  nopermissions: 'You do not have enough permissions to view this page.',
  noaccess: 'Access to this customer is denied per Export Compliance restrictions.',
  noascaccess:
    'You must be an ASC (Support Coordinator) to access the account for this customer number, please contact your sales representative.',
}

/** Where the notice pages send the user once the reason has gone. */
export const NOTICE_EXIT = '/elastic'
export const NOCUSTOMER_EXIT = '/home'

/** The notice page of a pathname (trailing slash and case ignored), or null. */
export function noticePageOf(pathname: string): NoticePage | null {
  const path = pathname.trim().replace(/\/+$/, '').toLowerCase()
  const entry = (Object.entries(NOTICE_PATHS) as [NoticePage, NoticePath][]).find(([, p]) => p === path)
  return entry ? entry[0] : null
}

export type NoticeContext = {
  /** The selected customer, if any. */
  customerNumber?: string | null
  /** Info of the selected customer, if loaded. */
  info?: AccountInfo | null
  /** The customer that was selected when the user was sent to the notice. */
  deniedCustomerNumber?: string | null
  /** How many customers the user can reach. */
  customerCount?: number | null
}

function present(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== ''
}

/**
 * Where a notice page redirects given the current state, or null to stay.
 * - noselectedcustomer: to /elastic once a customer is selected;
 * - notypecustomer: to /elastic if the customer is channel, direct or indirect;
 * - noaccess: to /elastic when the export-control status is empty or 'approved'
 *   (no info means an empty status: /elastic then asks for a customer);
 * - nopermissions and noascaccess: to /elastic when the selected customer differs from
 *   the one that was refused (the ASC page's exit is not specified; it behaves like
 *   nopermissions, since it is also a refusal tied to one customer);
 * - nocustomer: to /home when the user has at least one customer.
 */
export function noticeRedirect(page: NoticePage, ctx: NoticeContext): '/elastic' | '/home' | null {
  switch (page) {
    case 'noselectedcustomer':
      return present(ctx.customerNumber) ? NOTICE_EXIT : null
    case 'notypecustomer':
      return customerTypeAllowed(ctx.info) ? NOTICE_EXIT : null
    case 'noaccess':
      return exportDenied(ctx.info) ? null : NOTICE_EXIT
    case 'nopermissions':
    case 'noascaccess':
      return present(ctx.customerNumber) &&
        present(ctx.deniedCustomerNumber) &&
        ctx.customerNumber.trim() !== ctx.deniedCustomerNumber.trim()
        ? NOTICE_EXIT
        : null
    case 'nocustomer':
      return (ctx.customerCount ?? 0) >= 1 ? NOCUSTOMER_EXIT : null
    default:
      return null
  }
}
