import { activationsAllowed, customerTypeAllowed, emailListAllowed, exportDenied } from './permissions'
import { NOTICE_PATHS } from './notice-pages'
import type { AccountInfo, User } from './types'

/** Where a guarded screen sends the user instead: a notice page, or the root for activations. */
export type GuardRedirect =
  typeof NOTICE_PATHS.noselectedcustomer | typeof NOTICE_PATHS.noaccess | typeof NOTICE_PATHS.notypecustomer | '/'

type MaybeInfo = AccountInfo | null | undefined

/**
 * The screens (and their child paths) that work on the selected customer. Every
 * other path (home, alerts, notice pages, customer search, settings dialogs)
 * works without one.
 */
export const CUSTOMER_SCREENS = [
  '/elastic',
  '/ssl',
  '/entitlementsFSA',
  '/activations',
  '/activations-history',
  '/webassignments',
  '/webassignments-v2',
  '/webtransactions',
  '/webreporting',
  '/transactions',
  '/statementv2',
  '/portalaccess',
  '/clscredentials',
  '/whitelistips',
  '/emails',
] as const

function cleanPath(pathname: string): string {
  const p = pathname.split(/[?#;]/)[0].trim().replace(/\/+$/, '')
  return p === '' ? '/' : p.toLowerCase()
}

function under(path: string, base: string): boolean {
  const b = base.toLowerCase()
  return path === b || path.startsWith(`${b}/`)
}

/** Whether a screen works on the selected customer. */
export function customerScoped(pathname: string): boolean {
  const path = cleanPath(pathname)
  return CUSTOMER_SCREENS.some((base) => under(path, base))
}

export function requireCustomer(customerNumber: string | null | undefined): GuardRedirect | null {
  return customerNumber && customerNumber.trim() !== '' ? null : NOTICE_PATHS.noselectedcustomer
}

export function requireExportApproved(info: MaybeInfo): GuardRedirect | null {
  return exportDenied(info) ? NOTICE_PATHS.noaccess : null
}

/** Customer type Direct, Channel or Indirect (the entitlements screens). */
export function requireCustomerType(info: MaybeInfo): GuardRedirect | null {
  return customerTypeAllowed(info) ? null : NOTICE_PATHS.notypecustomer
}

/** Channel or Direct (the email list and email detail). */
export function requireEmailListType(info: MaybeInfo): GuardRedirect | null {
  return emailListAllowed(info) ? null : NOTICE_PATHS.notypecustomer
}

/** The activations screens send users without the permission to the root. */
export function requireActivations(user: User | null | undefined, info: MaybeInfo): GuardRedirect | null {
  return activationsAllowed(user, info) ? null : '/'
}

export type CustomerRouteInput = {
  pathname: string
  info: MaybeInfo
  user: User | null | undefined
  customerNumber: string | null | undefined
}

/**
 * The redirect a screen must make, or null to render it. Paths outside
 * CUSTOMER_SCREENS are never redirected. Customer screens:
 * no customer -> /noselectedcustomer; export denied -> /noaccess; then the
 * screen's own rule: /elastic and /ssl need an allowed customer type, the emails
 * need Channel or Direct, the activations screens need the activations permission.
 */
export function customerRouteDecision(input: CustomerRouteInput): GuardRedirect | null {
  const path = cleanPath(input.pathname)
  if (!customerScoped(path)) return null
  const common = requireCustomer(input.customerNumber) ?? requireExportApproved(input.info)
  if (common) return common
  if (under(path, '/elastic') || under(path, '/ssl')) return requireCustomerType(input.info)
  if (under(path, '/emails')) return requireEmailListType(input.info)
  if (under(path, '/activations') || under(path, '/activations-history')) {
    return requireActivations(input.user, input.info)
  }
  return null
}
