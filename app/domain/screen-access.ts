import { customerRouteDecision } from './customer-guard'
import { routeAllowedByFlags, type FlagGate } from './feature-flags'
import { NOTICE_EXIT, NOTICE_PATHS, noticePageOf, noticeRedirect } from './notice-pages'
import { exportDenied, isViewOnly } from './permissions'
import { PORTAL_ACCESS_MESSAGES, portalAccessAuthority } from './portal-access'
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

export const FLAG_OFF_MESSAGE = 'This page is switched off by a feature flag.'
export const ELASTIC_VIEW_ONLY_MESSAGE = 'View-only users cannot change elastic server settings.'

/**
 * Who may change what a screen shows, by screen: the message of the refusal, or
 * null. Screens not listed change nothing of the customer's.
 */
const WRITE_RULES: Record<string, (user: User, info: AccountInfo | null) => string | null> = {
  '/portalaccess': (user, info) => (portalAccessAuthority(user, info).canEdit ? null : PORTAL_ACCESS_MESSAGES.viewOnly),
  '/whitelistips': (user, info) => (isViewOnly(user, info) ? ELASTIC_VIEW_ONLY_MESSAGE : null),
  '/clscredentials': (user, info) => (isViewOnly(user, info) ? ELASTIC_VIEW_ONLY_MESSAGE : null),
}

/** The form intents of a screen's action that change nothing (Elastic Credentials' export of the stored PIN). */
const READ_ONLY_INTENTS: Record<string, readonly string[]> = {
  '/clscredentials': ['export'],
}

export function readOnlyIntents(pathname: string): readonly string[] {
  return READ_ONLY_INTENTS[pathname.toLowerCase()] ?? []
}

export interface ScreenDecisionInput extends ScreenAccessInput {
  /** 'write' when the request asks to change something (a form posted to the screen). */
  access: 'read' | 'write'
  /** The user's feature flags; null when the flag service is absent. */
  flags: readonly FlagGate[] | null
}

export type ScreenDecision =
  { kind: 'show' } | { kind: 'redirect'; to: string } | { kind: 'refuse'; status: 403; message: string }

/**
 * The screen rules, in order: the notice pages' exits and the customer rules
 * (screenRedirect: a customer, export control, its type, the screen's permission),
 * the screen's feature flag, then for a write the permission to change it.
 */
export function screenDecision(input: ScreenDecisionInput): ScreenDecision {
  const target = screenRedirect(input)
  if (target && target !== input.pathname) return { kind: 'redirect', to: target }
  if (!routeAllowedByFlags(input.pathname, input.flags))
    return { kind: 'refuse', status: 403, message: FLAG_OFF_MESSAGE }
  if (input.access === 'write') {
    const refusal = WRITE_RULES[input.pathname.toLowerCase()]?.(input.user, input.info)
    if (refusal) return { kind: 'refuse', status: 403, message: refusal }
  }
  return { kind: 'show' }
}
