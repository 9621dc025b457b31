import { customerRouteDecision } from './customer-guard'
import { noticePageOf, noticeRedirect } from './notice-pages'
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
  return customerRouteDecision(input)
}
