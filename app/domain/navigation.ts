import { activationsAllowed, elasticAllowed, flagSet, sslAccessPermissible } from './permissions'
import type { AccountInfo, User } from './types'

export type NavItem = { label: string; path: string }
export type NavGroupId = 'entitlements' | 'activations' | 'web' | 'elasticReporting' | 'settings' | 'messages'
export type NavGroup = { id: NavGroupId; label: string; items: NavItem[] }

export const WEB_ASSIGNMENTS_PATH = '/webassignments'
/** The flagged variant of web assignments, used when its feature flag is enabled. */
export const WEB_ASSIGNMENTS_V2_PATH = '/webassignments-v2'

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

  const entitlements: NavItem[] = [
    { label: 'Leases/Perpetuals', path: '/ssl' },
    { label: 'Elastic Licensing', path: '/elastic' },
  ]
  if (flagSet(info?.hasFSA)) entitlements.push({ label: 'Flexible Spending Account', path: '/entitlementsFSA' })
  groups.push({ id: 'entitlements', label: 'Entitlements', items: entitlements })

  if (activationsAllowed(user, info)) {
    groups.push({
      id: 'activations',
      label: 'Activations',
      items: [
        { label: 'Activate Entitlements', path: '/activations' },
        { label: 'Manage Activations', path: '/activations-history' },
      ],
    })
  }

  if (flagSet(info?.hasSharedLicense) || flagSet(info?.hasNamedLicense)) {
    const v2 = enabledFlagPaths.some((p) => p.trim().toLowerCase() === WEB_ASSIGNMENTS_V2_PATH.toLowerCase())
    groups.push({
      id: 'web',
      label: 'Web',
      items: [
        { label: 'Assignments', path: v2 ? WEB_ASSIGNMENTS_V2_PATH : WEB_ASSIGNMENTS_PATH },
        { label: 'Transactions', path: '/webtransactions' },
        { label: 'Reporting', path: '/webreporting' },
      ],
    })
  }

  if (elasticAllowed() && hasElastic) {
    groups.push({
      id: 'elasticReporting',
      label: 'Elastic Reporting',
      items: [
        { label: 'Usage Transactions', path: '/transactions' },
        { label: 'Elastic Statements', path: '/statementv2' },
      ],
    })
  }

  if (elasticAllowed() || sslAccessPermissible(info)) {
    const settings: NavItem[] = [{ label: 'Licensing Portal Access', path: '/portalaccess' }]
    if (hasElastic) {
      settings.push(
        { label: 'Elastic Credentials', path: '/clscredentials' },
        { label: 'Elastic IP Settings', path: '/whitelistips' },
      )
    }
    groups.push({ id: 'settings', label: 'Settings', items: settings })
  }

  if (elasticAllowed()) {
    groups.push({
      id: 'messages',
      label: 'Messages',
      items: [
        { label: 'Emails', path: '/emails' },
        { label: 'Alerts', path: '/notifications' },
      ],
    })
  }

  return groups
}
