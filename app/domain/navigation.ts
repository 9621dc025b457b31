import { activationsAllowed, elasticAllowed, flagSet, sslAccessPermissible } from './permissions'
import type { AccountInfo, User } from './types'

export type NavItem = { label: string; path: string }
export type NavGroupId = 'entitlements' | 'activations' | 'web' | 'elasticReporting' | 'settings' | 'messages'
export type NavGroup = { id: NavGroupId; label: string; items: NavItem[] }

export const WEB_ASSIGNMENTS_PATH = '/webassignments'
/** The flagged variant of web assignments, used when its feature flag is enabled. */
export const WEB_ASSIGNMENTS_V2_PATH = '/webassignments-v2'

const GROUP_LABELS: Record<NavGroupId, string> = {
  entitlements: 'Entitlements',
  activations: 'Activations',
  web: 'Web',
  elasticReporting: 'Elastic Reporting',
  settings: 'Settings',
  messages: 'Messages',
}

const ITEM_LABELS: Record<string, string> = {
  '/ssl': 'Leases/Perpetuals',
  '/elastic': 'Elastic Licensing',
  '/entitlementsFSA': 'Flexible Spending Account',
  '/activations': 'Activate Entitlements',
  '/activations-history': 'Manage Activations',
  [WEB_ASSIGNMENTS_PATH]: 'Assignments',
  [WEB_ASSIGNMENTS_V2_PATH]: 'Assignments',
  '/webtransactions': 'Transactions',
  '/webreporting': 'Reporting',
  '/transactions': 'Usage Transactions',
  '/statementv2': 'Elastic Statements',
  '/portalaccess': 'Licensing Portal Access',
  '/clscredentials': 'Elastic Credentials',
  '/whitelistips': 'Elastic IP Settings',
  '/emails': 'Emails',
  '/notifications': 'Alerts',
}

const item = (path: string): NavItem => ({ label: ITEM_LABELS[path] ?? path, path })

/**
 * The address a side-menu item links to. Elastic Licensing is told it was chosen
 * from the menu (spec 2 section 2): it then shows itself even to a customer
 * without elastic records instead of sending the user on to Leases/Perpetuals.
 */
export function navHref(path: string): string {
  return path === '/elastic' ? '/elastic?fromLeftMenu=true' : path
}

/**
 * The navigation as the shell's loader sends it to the page: each visible
 * group's id with the paths of its items. Labels are fixed per group and path,
 * so they are not sent; expandNav() restores them.
 */
export type CompactNav = [NavGroupId, string[]][]

export function compactNav(groups: readonly NavGroup[]): CompactNav {
  return groups.map((group) => [group.id, group.items.map((i) => i.path)])
}

// The side menu and the home page's cards both expand the same loader data.
const expanded = new WeakMap<CompactNav, NavGroup[]>()

export function expandNav(nav: CompactNav): NavGroup[] {
  let groups = expanded.get(nav)
  if (!groups) {
    groups = nav.map(([id, paths]) => ({ id, label: GROUP_LABELS[id], items: paths.map(item) }))
    expanded.set(nav, groups)
  }
  return groups
}

/** Layout figures of the side menu (pixels). */
export const NAV_LAYOUT = { contentMarginOpen: 240, contentMarginClosed: 40, sidebarWidth: 300 } as const

/**
 * The left navigation for the signed-in user and the selected customer.
 *
 * `enabledFlagPaths` lists the paths of enabled feature flags; it only picks the
 * web-assignments variant here.
 *
 * With no customer selected (info null) every rule that reads an account flag is
 * false: Entitlements shows its two fixed items, Activations, Web and Elastic
 * Reporting are hidden. Settings and Messages depend only on elastic being allowed
 * (always), so they stay, with their account-independent items.
 */
export function navigationGroups(
  user: User | null | undefined,
  info: AccountInfo | null | undefined,
  enabledFlagPaths: readonly string[] = [],
): NavGroup[] {
  const groups: NavGroup[] = []
  const hasElastic = flagSet(info?.hasElastic)

  const entitlements: NavItem[] = [item('/ssl'), item('/elastic')]
  if (flagSet(info?.hasFSA)) entitlements.push(item('/entitlementsFSA'))
  groups.push({ id: 'entitlements', label: GROUP_LABELS.entitlements, items: entitlements })

  if (activationsAllowed(user, info)) {
    groups.push({
      id: 'activations',
      label: GROUP_LABELS.activations,
      items: [item('/activations'), item('/activations-history')],
    })
  }

  if (flagSet(info?.hasSharedLicense) || flagSet(info?.hasNamedLicense)) {
    const v2 = enabledFlagPaths.some((p) => p.trim().toLowerCase() === WEB_ASSIGNMENTS_V2_PATH.toLowerCase())
    groups.push({
      id: 'web',
      label: GROUP_LABELS.web,
      items: [
        item(v2 ? WEB_ASSIGNMENTS_V2_PATH : WEB_ASSIGNMENTS_PATH),
        item('/webtransactions'),
        item('/webreporting'),
      ],
    })
  }

  if (elasticAllowed() && hasElastic) {
    groups.push({
      id: 'elasticReporting',
      label: GROUP_LABELS.elasticReporting,
      items: [item('/transactions'), item('/statementv2')],
    })
  }

  if (elasticAllowed() || sslAccessPermissible(info)) {
    const settings: NavItem[] = [item('/portalaccess')]
    if (hasElastic) {
      settings.push(item('/clscredentials'), item('/whitelistips'))
    }
    groups.push({ id: 'settings', label: GROUP_LABELS.settings, items: settings })
  }

  if (elasticAllowed()) {
    groups.push({
      id: 'messages',
      label: GROUP_LABELS.messages,
      items: [item('/emails'), item('/notifications')],
    })
  }

  return groups
}
