/**
 * Where a screen sends the user instead of showing itself, and whom it refuses:
 * the notice pages' exits, the customer rules each screen declares in the
 * registry, its feature flag, and for a write the permission to change it.
 */
import { routeAllowedByFlags, type FlagGate } from '../domain/feature-flags'
import { NOTICE_EXIT, NOTICE_PATHS, noticePageOf, noticeRedirect } from './notice-pages'
import {
  activationsAllowed,
  customerTypeAllowed,
  emailListAllowed,
  exportDenied,
  isViewOnly,
} from '../domain/permissions'
import { PORTAL_ACCESS_MESSAGES, portalAccessAuthority } from '../domain/portal-access'
import type { AccountInfo, User } from '../domain/types'
import { WEB_MESSAGES } from '../domain/web-licenses'
import { SCREEN_IDS, screenDef, type CustomerRule, type ScreenId, type WriteRule } from './registry'

/** Where a guarded screen sends the user instead: a notice page, or the root for activations. */
export type GuardRedirect =
  typeof NOTICE_PATHS.noselectedcustomer | typeof NOTICE_PATHS.noaccess | typeof NOTICE_PATHS.notypecustomer | '/'

type MaybeInfo = AccountInfo | null | undefined

/**
 * The screens that work on the selected customer, with their rules; their
 * sub-pages and records (paths below them) follow the same rules. Every other
 * path (home, alerts, notice pages, customer search, settings dialogs) works
 * without one.
 */
export const CUSTOMER_SCREENS = SCREEN_IDS.map(screenDef).flatMap((def) =>
  def.customer && !def.param ? [{ path: def.path, rule: def.customer }] : [],
)

function cleanPath(pathname: string): string {
  const p = pathname.split(/[?#;]/)[0].trim().replace(/\/+$/, '')
  return p === '' ? '/' : p.toLowerCase()
}

function under(path: string, base: string): boolean {
  const b = base.toLowerCase()
  return path === b || path.startsWith(`${b}/`)
}

function customerScreenAt(pathname: string) {
  const path = cleanPath(pathname)
  return CUSTOMER_SCREENS.find((screen) => under(path, screen.path))
}

/** Whether a screen works on the selected customer. */
export function customerScoped(pathname: string): boolean {
  return customerScreenAt(pathname) !== undefined
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

const CUSTOMER_RULES: Readonly<
  Record<CustomerRule, (user: User | null | undefined, info: MaybeInfo) => GuardRedirect | null>
> = {
  any: () => null,
  customerType: (_, info) => requireCustomerType(info),
  emailList: (_, info) => requireEmailListType(info),
  activations: requireActivations,
}

export type CustomerRouteInput = {
  pathname: string
  info: MaybeInfo
  user: User | null | undefined
  customerNumber: string | null | undefined
}

/**
 * The redirect a screen must make, or null to render it. Paths outside the
 * customer screens are never redirected. Customer screens:
 * no customer -> /noselectedcustomer; export denied -> /noaccess; then the
 * screen's own rule (registry: customer).
 */
export function customerRouteDecision(input: CustomerRouteInput): GuardRedirect | null {
  const screen = customerScreenAt(input.pathname)
  if (!screen) return null
  const common = requireCustomer(input.customerNumber) ?? requireExportApproved(input.info)
  if (common) return common
  return CUSTOMER_RULES[screen.rule](input.user, input.info)
}

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

/** Who may change what a screen shows: the message of the refusal, or null. */
const WRITE_RULES: Readonly<Record<WriteRule, (user: User, info: AccountInfo | null) => string | null>> = {
  portalAccessEditor: (user, info) =>
    portalAccessAuthority(user, info).canEdit ? null : PORTAL_ACCESS_MESSAGES.viewOnly,
  notViewOnly: (user, info) => (isViewOnly(user, info) ? ELASTIC_VIEW_ONLY_MESSAGE : null),
  webLicensing: (user, info) => (isViewOnly(user, info) ? WEB_MESSAGES.viewOnly : null),
}

/** The form intents of a screen's action that change nothing (Elastic Credentials' export of the stored PIN). */
export function readOnlyIntents(screen: ScreenId): readonly string[] {
  return screenDef(screen).readOnlyIntents ?? []
}

export interface ScreenDecisionInput extends ScreenAccessInput {
  /** The screen asked for: its write rule applies (a record page has its own, though it shares its list's path). */
  screen: ScreenId
  /** 'write' when the request asks to change something (a form posted to the screen). */
  access: 'read' | 'write'
  /** The user's feature flags; null when the flag service is absent. */
  flags: readonly FlagGate[] | null
}

export type ScreenDecision =
  { kind: 'show' } | { kind: 'redirect'; to: string } | { kind: 'refuse'; status: 403; message: string }

/**
 * The flagged variant that replaces the screen at this path, or the section it is part of
 * ('/webassignments/users' is part of '/webassignments'), when the user's flags let it show.
 */
function enabledFlagVariant(pathname: string, flags: readonly FlagGate[] | null): string | null {
  const path = pathname.toLowerCase()
  for (const def of SCREEN_IDS.map(screenDef)) {
    if (!def.flagVariantOf) continue
    const replaced = screenDef(def.flagVariantOf).path.toLowerCase()
    const within = path === replaced || path.startsWith(`${replaced}/`)
    if (within && flags?.some((f) => f.enabled && f.path?.toLowerCase() === def.path.toLowerCase())) return def.path
  }
  return null
}

/**
 * The screen rules, in order: the notice pages' exits and the customer rules
 * (screenRedirect: a customer, export control, its type, the screen's permission),
 * the screen's feature flag (a screen switched off for its flagged variant sends the
 * user to the variant, which the menu shows in its place), then for a write the
 * permission to change it.
 */
export function screenDecision(input: ScreenDecisionInput): ScreenDecision {
  const target = screenRedirect(input)
  if (target && target !== input.pathname) return { kind: 'redirect', to: target }
  if (!routeAllowedByFlags(input.pathname, input.flags)) {
    const variant = enabledFlagVariant(input.pathname, input.flags)
    if (variant) return { kind: 'redirect', to: variant }
    return { kind: 'refuse', status: 403, message: FLAG_OFF_MESSAGE }
  }
  if (input.access === 'write') {
    const rule = screenDef(input.screen).write
    const refusal = rule && WRITE_RULES[rule](input.user, input.info)
    if (refusal) return { kind: 'refuse', status: 403, message: refusal }
  }
  return { kind: 'show' }
}
