import { customerRouteDecision } from './customer-guard'
import { NOTICE_PATHS, noticePageOf, noticeRedirect } from './notice-pages'
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
    return noticeRedirect(notice, {
      customerNumber: input.customerNumber,
      info: input.info,
      deniedCustomerNumber: input.searchParams.get('denied'),
      customerCount: input.customerCount ?? (input.customerNumber ? 1 : null),
    })
  }
  // Selecting a customer under export control leads to /noaccess, whatever the page (spec 1 section 4).
  if (input.customerNumber && exportDenied(input.info)) return NOTICE_PATHS.noaccess
  return customerRouteDecision(input)
}
