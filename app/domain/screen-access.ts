import { customerRouteDecision } from './customer-guard'
import { NOTICE_EXIT, NOTICE_PATHS, noticePageOf, noticeRedirect } from './notice-pages'
import { exportDenied } from './permissions'
import type { AccountInfo, User } from './types'

export interface ScreenAccessInput {
  pathname: string
  searchParams: URLSearchParams
  user: User
  info: AccountInfo | null
  customerNumber: string | null
  /** How many customers the user can reach, when known. */
  customerCount: number | null
}

/**
 * The one place that decides where a screen sends the user instead of showing
 * itself: a notice page's own exit rule, or a screen's customer requirements.
 * Null means show the screen.
 */
export function screenRedirect(input: ScreenAccessInput): string | null {
  const notice = noticePageOf(input.pathname)
  if (notice) {
    // A screen stricter than the notice's own rule (the email list wants Channel or Direct)
    // passes its path along, so the notice stays until that screen would accept the customer.
    const from = input.searchParams.get('from')
    if (notice === 'notypecustomer' && from && from.startsWith('/')) {
      const again = customerRouteDecision({ ...input, pathname: from })
      return again === NOTICE_PATHS.notypecustomer ? null : NOTICE_EXIT
    }
    return noticeRedirect(notice, {
      customerNumber: input.customerNumber,
      info: input.info,
      deniedCustomerNumber: input.searchParams.get('denied'),
      customerCount: input.customerCount ?? (input.customerNumber ? 1 : null),
    })
  }
  // Selecting a customer under export control leads to /noaccess, whatever the page (spec 1 section 4).
  if (input.customerNumber && exportDenied(input.info)) return NOTICE_PATHS.noaccess
  const decision = customerRouteDecision(input)
  if (decision === NOTICE_PATHS.notypecustomer) {
    return `${decision}?from=${encodeURIComponent(input.pathname)}`
  }
  return decision
}
